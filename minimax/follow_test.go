package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
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
	tests := []struct {
		name            string
		tools           []toolcall.Tool
		doc             string
		calls, streamed int
	}{
		{"the golden's two calls", goldenTools, goldenCalls, 2, 1},
		{"a value holding close tags and tags for keys already set", nil,
			"<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"a\">x</parameter> y</parameter>\n<parameter name=\"a\">z</parameter>\n<parameter name=\"b\">[1, 2]</parameter>\n</invoke>\n</minimax:tool_call>", 1, 1},
		{"a value the schema may make null goes whole", []toolcall.Tool{tool("f", `{"type":"object","properties":{"n":{"type":["string","null"]}}}`)},
			"<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"n\">null</parameter>\n<parameter name=\"s\">long text\n\nwith newlines\n</parameter>\n</invoke>\n</minimax:tool_call>", 1, 0},
		{"an end tag inside a value makes the call come whole", nil,
			"<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"s\">a </invoke> b and more text to stream</parameter>\n</invoke>\n</minimax:tool_call>", 1, 0},
	}
	for _, tc := range tests {
		for _, n := range []int{1, 3, 7} {
			st := streamtest.CompareStreaming(t, minimax.Format, toolcall.Request{Tools: tc.tools}, benchdata.Deltas(tc.doc, n), stream.StartOutsideReasoning())
			if st.Calls != tc.calls || st.Streamed != tc.streamed || st.Retracted != 0 || st.Resent != 0 {
				t.Errorf("%s in %d-byte deltas: %+v, want %d calls, %d streamed", tc.name, n, st, tc.calls, tc.streamed)
			}
		}
	}
}
