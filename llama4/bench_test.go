package llama4_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// functionTagCall is a 100 KB write_file call in Meta's function-tag form.
func functionTagCall() string {
	args, _ := json.Marshal(map[string]string{"path": "src/handler.py", "content": benchdata.PythonSource(100_000)})
	return "<function=write_file>" + string(args) + "</function><|eom|>"
}

// mixedDocument is about 100 KB of prose, call lists, JSON objects, bare
// calls, function tags and markers.
func mixedDocument() string {
	// Each part's calls differ from the other parts' (a call repeating an
	// earlier one after prose is dropped): the digit in each path.
	const part = "Let me look at the files first.\n" +
		`[read_file(path="src/a#.py"), list_dir(path='src#')]` + "\n" +
		"Now the search: " + `{"name": "grep", "parameters": {"pattern": "def (\\w+)", "path": "src#"}}` + "\n" +
		`<function=read_file>{"path": "README#.md"}</function>` +
		"Then I will read(path='docs/x#.md'), and think about [1, 2, 3] more.\n" +
		`<|python_start|>[edit_file(path="b#.py", old="x = 1", new="x = 2")]<|python_end|>` + "\n"
	var b strings.Builder
	for i := 0; b.Len() < 100_000; i++ {
		b.WriteString(strings.ReplaceAll(part, "#", strconv.Itoa(i)))
	}
	return b.String()
}

// manyCalls raises the limit of calls a response hands on above the 1,548
// calls of the mixed document (the default is 1,024), so that its test
// and benchmarks read every call, as they did before the limit.
var manyCalls = stream.WithLimits(toolcall.Limits{MaxCalls: 1 << 16})

var agentTools = toolcall.Request{Tools: []toolcall.Tool{{Name: "read_file"}, {Name: "list_dir"}, {Name: "grep"}, {Name: "read"}, {Name: "edit_file"}, {Name: "write_file"}}}

func BenchmarkParseFunctionTag100KB(b *testing.B) {
	text := functionTagCall()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if res := stream.Parse(llama4.Format, text, agentTools); len(res.Calls) != 1 {
			b.Fatalf("calls = %d", len(res.Calls))
		}
	}
}

func BenchmarkStreamFunctionTag100KB4ByteDeltas(b *testing.B) {
	benchStream(b, benchdata.Deltas(functionTagCall(), 4))
}

func BenchmarkParseMixed100KB(b *testing.B) {
	text := mixedDocument()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		stream.Parse(llama4.Format, text, agentTools, manyCalls)
	}
}

func BenchmarkStreamMixed100KB4ByteDeltas(b *testing.B) {
	benchStream(b, benchdata.Deltas(mixedDocument(), 4))
}

func BenchmarkStreamProse100KB4ByteDeltas(b *testing.B) {
	benchStream(b, benchdata.Deltas(benchdata.Prose(100_000), 4))
}

func benchStream(b *testing.B, ds []string) {
	n := 0
	for _, d := range ds {
		n += len(d)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		s := stream.New(llama4.Format, agentTools, manyCalls)
		for _, d := range ds {
			s.Feed(d)
		}
		s.Close()
	}
}

func TestMixedDocumentCalls(t *testing.T) {
	text := mixedDocument()
	res := stream.Parse(llama4.Format, text, agentTools, allPolicy, manyCalls)
	parts := strings.Count(text, "Let me look")
	if want := 6 * parts; len(res.Calls) != want {
		t.Errorf("%d calls, want %d", len(res.Calls), want)
	}
	if strings.Contains(res.Content, "<|") || strings.Contains(res.Content, "function") {
		t.Errorf("a marker leaked into content")
	}
}

func TestProseFeedDoesNotAllocate(t *testing.T) {
	streamtest.CheckProseFeed(t, llama4.Format, agentTools)
}
