package block_test

import (
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// A marker the end of the response cuts right after a call is dropped
// when it is an end marker's start, and content when it is a start
// marker's: the response's text is never lost without a word.
func TestCutMarkerAfterACall(t *testing.T) {
	const call = `<tool_call>{"name": "f", "arguments": {}}</tool_call>`
	for _, tt := range []struct {
		text, content string
	}{
		{call + "</tool_c", ""},
		{call + "<tool_c", "<tool_c"},
	} {
		res := stream.Parse(hermes.Format, tt.text, toolcall.Request{}, stream.StartOutsideReasoning())
		if len(res.Calls) != 1 || res.Content != tt.content {
			t.Errorf("%q: calls %+v, content %q; want one call, content %q", tt.text, res.Calls, res.Content, tt.content)
		}
	}
}
