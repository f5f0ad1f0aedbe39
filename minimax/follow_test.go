package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestArgumentStreaming: a block's first call streams while it arrives,
// in small deltas, and what streamed is what the call ends up holding:
// none is withdrawn or sent again whole. The block's later calls come
// whole.
func TestArgumentStreaming(t *testing.T) {
	streamtest.CheckStreamingCases(t, minimax.Format, []streamtest.StreamingCase{
		{Name: "the golden's two calls", Tools: goldenTools, Calls: 2, Streamed: 1, Doc: goldenCalls},
		{Name: "a value holding close tags and tags for keys already set", Tools: []toolcall.Tool{{Name: "f"}}, Calls: 1, Streamed: 1,
			Doc: "<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"b\">[1, 2]</parameter>\n<parameter name=\"a\">x</parameter> y</parameter>\n<parameter name=\"b\">z</parameter>\n</invoke>\n</minimax:tool_call>"},
		{Name: "a value the schema may make null goes whole", Tools: []toolcall.Tool{tool("f", `{"type":"object","properties":{"n":{"type":["string","null"]}}}`)}, Calls: 1, Streamed: 0,
			Doc: "<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"n\">null</parameter>\n<parameter name=\"s\">long text\n\nwith newlines\n</parameter>\n</invoke>\n</minimax:tool_call>"},
		{Name: "an end tag inside a value makes the call come whole", Calls: 1, Streamed: 0,
			Doc: "<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"s\">a </invoke> b and more text to stream</parameter>\n</invoke>\n</minimax:tool_call>"},
	}, stream.StartOutsideReasoning())
}
