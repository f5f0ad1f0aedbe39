package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestArgumentStreaming: each call streams while it arrives, in small
// deltas, and what streamed is what the call ends up holding: none is
// withdrawn or sent again whole.
func TestArgumentStreaming(t *testing.T) {
	streamtest.CheckStreamingCases(t, seedoss.Format, []streamtest.StreamingCase{
		// One block a call: both stream (the second's object argument,
		// a Python literal, is typed by the schema once whole).
		{Name: "the golden's two calls", Tools: goldenTools, Calls: 2, Streamed: 2, Doc: goldenCalls},
		{Name: "a value holding close tags and tags for keys already set", Tools: []toolcall.Tool{{Name: "f"}}, Calls: 1, Streamed: 1,
			Doc: "<seed:tool_call>\n<function=f>\n<parameter=b>[1, 2]</parameter>\n<parameter=a>x</parameter> y</parameter>\n<parameter=b>z</parameter>\n</function>\n</seed:tool_call>"},
		{Name: "a value the schema may make null goes whole", Tools: []toolcall.Tool{tool("f", `{"type":"object","properties":{"n":{"type":["string","null"]}}}`)}, Calls: 1, Streamed: 0,
			Doc: "<seed:tool_call>\n<function=f>\n<parameter=n>None</parameter>\n<parameter=s>long text\n\nwith newlines\n</parameter>\n</function>\n</seed:tool_call>"},
		{Name: "an end tag inside a value makes the call come whole", Calls: 1, Streamed: 0,
			Doc: "<seed:tool_call>\n<function=f>\n<parameter=s>a </function> b and more text to stream</parameter>\n</function>\n</seed:tool_call>"},
	})
}
