package pythonic_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// writeFileCall is a call list of one write_file call whose content is
// about n bytes of Python source.
func writeFileCall(n int) string {
	return `[write_file(path="src/handler.py", content=` + strconv.Quote(benchdata.PythonSource(n)) + `)]`
}

func writeFileJSON(n int) []byte {
	b, _ := json.Marshal(map[string]any{"name": "write_file", "arguments": map[string]string{"path": "src/handler.py", "content": benchdata.PythonSource(n)}})
	return b
}

var sink toolcall.Result

// (a) Parse of one 100 KB write_file call.
func BenchmarkParseWriteFile100KB(b *testing.B) {
	text := writeFileCall(100_000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		sink = stream.Parse(pythonic.Format, text, toolcall.Request{})
	}
	if len(sink.Calls) != 1 {
		b.Fatalf("calls = %d", len(sink.Calls))
	}
}

// (b) The same call fed in 4-byte deltas.
func BenchmarkStreamWriteFile100KB4ByteDeltas(b *testing.B) {
	benchStream(b, benchdata.Deltas(writeFileCall(100_000), 4), 1)
}

// (c) Eight parallel small calls in 4-byte deltas.
func BenchmarkStreamEightCalls4ByteDeltas(b *testing.B) {
	var calls []string
	for i := range 8 {
		calls = append(calls, fmt.Sprintf(`get_weather(city="City %d", unit='celsius', days=%d)`, i, i+1))
	}
	benchStream(b, benchdata.Deltas("["+strings.Join(calls, ", ")+"]", 4), 8)
}

// (d) 100 KB of prose, no calls, in 4-byte deltas: no allocation per Feed.
func BenchmarkStreamProse100KB4ByteDeltas(b *testing.B) {
	benchStream(b, benchdata.Deltas(benchdata.Prose(100_000), 4), 0)
}

func benchStream(b *testing.B, ds []string, wantCalls int) {
	n := 0
	for _, d := range ds {
		n += len(d)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}, {Name: "write_file"}}}
	for b.Loop() {
		if calls := benchdata.Calls(stream.New(pythonic.Format, req), ds); calls != wantCalls {
			b.Fatalf("calls = %d, want %d", calls, wantCalls)
		}
	}
}

// TestProseFeedDoesNotAllocate holds (d)'s goal: in steady state a Feed of
// prose allocates nothing.
func TestProseFeedDoesNotAllocate(t *testing.T) {
	streamtest.CheckProseFeed(t, pythonic.Format, toolcall.Request{})
}

// (e) The stdlib yardstick: encoding/json.Valid on the same call as JSON.
func BenchmarkJSONValidWriteFile100KB(b *testing.B) {
	data := writeFileJSON(100_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if !json.Valid(data) {
			b.Fatal("invalid")
		}
	}
}

// Time per byte from 1 KB to 1 MB (just under the default pending limit):
// the figures must stay flat.
func BenchmarkParseWriteFileSizes(b *testing.B) {
	for _, n := range []int{900, 9_000, 90_000, 900_000} {
		text := writeFileCall(n) // 1 KB, 10 KB, 100 KB and 1 MB of call text
		kb := (len(text) + 500) / 1000
		b.Run(fmt.Sprintf("%dKB/whole", kb), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				sink = stream.Parse(pythonic.Format, text, toolcall.Request{})
			}
			if len(sink.Calls) != 1 {
				b.Fatalf("calls = %d", len(sink.Calls))
			}
		})
		b.Run(fmt.Sprintf("%dKB/4ByteDeltas", kb), func(b *testing.B) {
			benchStream(b, benchdata.Deltas(text, 4), 1)
		})
	}
}
