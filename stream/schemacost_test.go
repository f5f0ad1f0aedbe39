package stream_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// wideSchema is an object schema of n string properties, the first one
// "a" (a nullable string, so that text formats look its types up).
func wideSchema(n int) []byte {
	props := []string{`"a":{"type":["string","null"]}`}
	for i := 1; i < n; i++ {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string","description":"property number %d of a wide schema"}`, i, i))
	}
	return []byte(`{"type":"object","properties":{` + strings.Join(props, ",") + `}}`)
}

// A call costs what its arguments use of the schema, not the schema's
// size: 500 more small calls to a tool with a 250 KB schema allocate about
// what they allocate with a one-property schema (before, every call copied
// the schema's text to look it up, and every "null" value again). The
// calls compared come after the response's validation pool is spent (the
// validator visits every listed property: the pool bounds that).
func TestSchemaSizeIsNotPaidPerCall(t *testing.T) {
	big, small := wideSchema(3000), wideSchema(1)
	if len(big) < 200<<10 {
		t.Fatalf("the wide schema is only %d bytes", len(big))
	}
	calls := map[toolcall.Format]string{
		hermes.Format:     `<tool_call>{"name": "f", "arguments": {"a": "x"}}</tool_call>`,
		qwen3coder.Format: "<tool_call>\n<function=f>\n<parameter=a>\nnull\n</parameter>\n</function>\n</tool_call>",
		glm45.Format:      "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>null</arg_value>\n</tool_call>",
	}
	for f, call := range calls {
		cost := func(schema []byte, n int) int64 {
			text := strings.Repeat(call+"\n", n)
			req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: schema}}}
			stream.Parse(f, text, req) // compiles the schema, once per process
			return int64(allocated(func() {
				if r := stream.Parse(f, text, req); len(r.Calls) != n {
					t.Fatalf("%s: %d calls, want %d", f.Name(), len(r.Calls), n)
				}
			}))
		}
		withBig := cost(big, 1000) - cost(big, 500)
		withSmall := cost(small, 1000) - cost(small, 500)
		if extra := withBig - withSmall; extra > 500*1024 {
			t.Errorf("%s: 500 more calls with a %d-byte schema allocate %d bytes more than with a one-property one (%d bytes per call)",
				f.Name(), len(big), extra, extra/500)
		}
	}
}

// BenchmarkManyTools parses 256 KiB of calls to a name none of 10,000
// tools has: each call costs a lookup, not a comparison with each tool
// (12 s before the request's tools were indexed).
func BenchmarkManyTools(b *testing.B) {
	var req toolcall.Request
	for i := range 10000 {
		req.Tools = append(req.Tools, toolcall.Tool{Name: fmt.Sprintf("tool_%d", i)})
	}
	text := strings.Repeat(`<tool_call>{"name": "nope", "arguments": {}}</tool_call>`+"\n", (256<<10)/56)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		stream.Parse(hermes.Format, text, req)
	}
}
