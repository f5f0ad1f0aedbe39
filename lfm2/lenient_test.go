package lfm2_test

import (
	"testing"

	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// What real models write, inside LFM2's blocks: each row whole and split.
func TestRealOutputRules(t *testing.T) {
	streamtest.Run(t, lfm2.Format, []tc{
		{"a repeated keyword", `<|tool_call_start|>[f(a=1, b=2, a=3)]<|tool_call_end|>`, nil, "", []toolcall.Call{call("f", `{"a":3,"b":2}`)}},
		{"markdown-escaped names", `<|tool_call_start|>[lawsuit\_search(company\_name='x')]<|tool_call_end|>`, nil, "", []toolcall.Call{call("lawsuit_search", `{"company_name":"x"}`)}},
		{"JSON with the arguments first", `<|tool_call_start|>[{"arguments": {"q": "x"}, "name": "search"}]<|tool_call_end|>`, nil, "", []toolcall.Call{call("search", `{"q":"x"}`)}},
		{"an object that only names a requested tool", `<|tool_call_start|>{"name": "search", "q": "x"}<|tool_call_end|>`, []string{"search"}, "", []toolcall.Call{call("search", `{"q":"x"}`)}},
		{"an object that names no requested tool is content", `<|tool_call_start|>{"name": "Alice", "q": "x"}<|tool_call_end|>`, []string{"search"}, `<|tool_call_start|>{"name": "Alice", "q": "x"}<|tool_call_end|>`, nil},
	})
}
