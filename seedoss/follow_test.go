package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestArgumentStreaming: each call streams while it arrives, in small
// deltas, and what streamed is what the call ends up holding: none is
// withdrawn or sent again whole.
func TestArgumentStreaming(t *testing.T) {
	tests := []struct {
		name            string
		tools           []toolcall.Tool
		doc             string
		calls, streamed int
	}{
		// One block a call: both stream (the second's object argument,
		// a Python literal, is typed by the schema once whole).
		{"the golden's two calls", goldenTools, goldenCalls, 2, 2},
		{"a value holding close tags and tags for keys already set", nil,
			"<seed:tool_call>\n<function=f>\n<parameter=a>x</parameter> y</parameter>\n<parameter=a>z</parameter>\n<parameter=b>[1, 2]</parameter>\n</function>\n</seed:tool_call>", 1, 1},
		{"a value the schema may make null goes whole", []toolcall.Tool{tool("f", `{"type":"object","properties":{"n":{"type":["string","null"]}}}`)},
			"<seed:tool_call>\n<function=f>\n<parameter=n>None</parameter>\n<parameter=s>long text\n\nwith newlines\n</parameter>\n</function>\n</seed:tool_call>", 1, 0},
		{"an end tag inside a value makes the call come whole", nil,
			"<seed:tool_call>\n<function=f>\n<parameter=s>a </function> b and more text to stream</parameter>\n</function>\n</seed:tool_call>", 1, 0},
	}
	for _, tc := range tests {
		for _, n := range []int{1, 3, 7} {
			st := streamtest.CompareStreaming(t, seedoss.Format, toolcall.Request{Tools: tc.tools}, benchdata.Deltas(tc.doc, n))
			if st.Calls != tc.calls || st.Streamed != tc.streamed || st.Retracted != 0 || st.Resent != 0 {
				t.Errorf("%s in %d-byte deltas: %+v, want %d calls, %d streamed", tc.name, n, st, tc.calls, tc.streamed)
			}
		}
	}
}
