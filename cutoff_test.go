package toolparse_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// writeRequest offers write, both of whose arguments are required.
var writeRequest = toolcall.Request{Tools: []toolcall.Tool{{Name: "write", Parameters: json.RawMessage(
	`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)}}}

// Regressions of the cut-off calls the issue reported.
func TestCutOffValueIsNoCall(t *testing.T) {
	for _, tt := range []struct {
		name string
		f    toolcall.Format
		text string
	}{
		{"glm45", glm45.Format, "<tool_call>write\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>\n<arg_key>content</arg_key>\n<arg_value>partial"},
		{"qwen3_coder", qwen3coder.Format, "<tool_call>\n<function=write>\n<parameter=path>\nout.txt\n</parameter>\n<parameter=content>\npartial"},
	} {
		res := stream.Parse(tt.f, tt.text, writeRequest)
		if len(res.Calls) != 0 || res.Content != tt.text || len(res.Diagnostics) == 0 {
			t.Errorf("%s: %q gives calls %+v, content %q, diagnostics %v; want no call, the text as content, a diagnostic", tt.name, tt.text, res.Calls, res.Content, res.Diagnostics)
		}
	}
}
