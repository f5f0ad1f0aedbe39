package block_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// formats are the formats built on the block machine, with what writes
// their calls.
var formats = []struct {
	f      toolcall.Format
	render func([]toolcall.Call) (string, error)
}{
	{lfm2.Format, lfm2.RenderCalls},
	{olmo3.Format, olmo3.RenderCalls},
	{hermes.Format, hermes.RenderCalls},
	{qwen3coder.Format, qwen3coder.RenderCalls},
	{glm45.Format, glm45.RenderCalls},
	{deepseek.Format, deepseek.RenderCalls},
	{kimik2.Format, kimik2.RenderCalls},
	{mistral.Format, mistral.RenderCalls},
	{llama3json.Format, llama3json.RenderCalls},
}

func mustRender(render func([]toolcall.Call) (string, error), calls []toolcall.Call) string {
	text, err := render(calls)
	if err != nil {
		panic(err)
	}
	return text
}

// bigCall is one write_file call whose content is n bytes of Python.
func bigCall(n int) []toolcall.Call {
	args := `{"path":"src/handler.py","content":` + strconv.Quote(benchdata.PythonSource(n)) + "}"
	return []toolcall.Call{{Name: "write_file", Arguments: args}}
}

// fiftyCalls are 50 small calls.
func fiftyCalls() []toolcall.Call {
	calls := make([]toolcall.Call, 50)
	for i := range calls {
		calls[i] = toolcall.Call{Name: "get_weather", Arguments: fmt.Sprintf(`{"city":"City %d","unit":"celsius","days":%d}`, i, i%7+1)}
	}
	return calls
}

// benchWhole parses text in f whole, which must give calls calls.
func benchWhole(b *testing.B, f toolcall.Format, req toolcall.Request, text string, calls int) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if res := stream.Parse(f, text, req); len(res.Calls) != calls {
			b.Fatalf("calls = %d", len(res.Calls))
		}
	}
}

// benchDeltas streams text in f in deltas of size bytes, which must give
// calls calls.
func benchDeltas(b *testing.B, f toolcall.Format, req toolcall.Request, text string, size, calls int) {
	ds := benchdata.Deltas(text, size)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if n := benchdata.Calls(stream.New(f, req), ds); n != calls {
			b.Fatalf("calls = %d", n)
		}
	}
}

func BenchmarkBlocks(b *testing.B) {
	for _, f := range formats {
		for _, doc := range []struct {
			name  string
			text  string
			calls int
		}{
			{"10KBCall", mustRender(f.render, bigCall(10_000)), 1},
			{"100KBCall", mustRender(f.render, bigCall(100_000)), 1},
			{"50Calls", mustRender(f.render, fiftyCalls()), 50},
		} {
			b.Run(f.f.Name()+"/"+doc.name+"/whole", func(b *testing.B) {
				benchWhole(b, f.f, toolcall.Request{}, doc.text, doc.calls)
			})
			b.Run(f.f.Name()+"/"+doc.name+"/4ByteDeltas", func(b *testing.B) {
				benchDeltas(b, f.f, toolcall.Request{}, doc.text, 4, doc.calls)
			})
		}
		b.Run(f.f.Name()+"/Prose100KB/4ByteDeltas", func(b *testing.B) {
			benchDeltas(b, f.f, toolcall.Request{}, benchdata.Prose(100_000), 4, 0)
		})
	}
}

func TestProseFeedDoesNotAllocate(t *testing.T) {
	for _, f := range formats {
		if allocs := streamtest.ProseFeedAllocs(f.f, toolcall.Request{}); allocs != 0 {
			t.Errorf("%s: a Feed of prose allocates %.2f times", f.f.Name(), allocs)
		}
	}
}

// BenchmarkBlockFullOfMarkerStarts is a block whose body is 100 KB of
// marker look-alikes, fed in 7-byte deltas: each possible end marker must
// cost its own length, not the length of the body before it.
func BenchmarkBlockFullOfMarkerStarts(b *testing.B) {
	text := "<|tool_call_start|>" + strings.Repeat("<|tool_call_en", 100_000/14)
	benchDeltas(b, lfm2.Format, toolcall.Request{}, text, 7, 0)
}

// BenchmarkUntaggedRun reads OLMo 3 responses that are nothing but calls,
// without the <function_calls> tags (a CallRun reads them).
func BenchmarkUntaggedRun(b *testing.B) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "write_file"}, {Name: "get_weather"}}}
	untag := func(text string) string {
		text = strings.TrimPrefix(strings.TrimSpace(text), "<function_calls>")
		return strings.TrimSpace(strings.TrimSuffix(text, "</function_calls>"))
	}
	for _, doc := range []struct {
		name  string
		text  string
		calls int
	}{
		{"100KBCall", untag(mustRender(olmo3.RenderCalls, bigCall(100_000))), 1},
		{"50Calls", untag(mustRender(olmo3.RenderCalls, fiftyCalls())), 50},
	} {
		b.Run(doc.name+"/whole", func(b *testing.B) { benchWhole(b, olmo3.Format, req, doc.text, doc.calls) })
		b.Run(doc.name+"/4ByteDeltas", func(b *testing.B) { benchDeltas(b, olmo3.Format, req, doc.text, 4, doc.calls) })
	}
}
