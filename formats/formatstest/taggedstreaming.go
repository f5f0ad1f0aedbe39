package formatstest

import (
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TaggedStreamingCases are the argument-streaming rows every format that
// s spells keeps (streamtest.CheckStreamingCases), null the way its
// template writes a null value: golden, the goldens' two calls to
// GoldenTools as the template writes them, of which streamed stream; a
// value holding close tags and tags for keys already set streams; a
// value the schema may make null, and a call whose value holds its own
// end tag, come whole.
func TaggedStreamingCases(s Tagged, null, golden string, streamed int) []streamtest.StreamingCase {
	nullable := streamtest.Tool("f", `{"type":"object","properties":{"n":{"type":["string","null"]}}}`)
	return []streamtest.StreamingCase{
		{Name: "the golden's two calls", Tools: GoldenTools(), Calls: 2, Streamed: streamed, Doc: golden},
		{Name: "a value holding close tags and tags for keys already set", Tools: []toolcall.Tool{{Name: "f"}}, Calls: 1, Streamed: 1,
			Doc: s.block(s.call("f", "b", "[1, 2]", "a", "x"+s.ParamEnd+" y", "b", "z"))},
		{Name: "a value the schema may make null goes whole", Tools: []toolcall.Tool{nullable}, Calls: 1, Streamed: 0,
			Doc: s.block(s.call("f", "n", null, "s", "long text\n\nwith newlines\n"))},
		{Name: "an end tag inside a value makes the call come whole", Calls: 1, Streamed: 0,
			Doc: s.block(s.call("f", "s", "a "+s.CallEnd+" b and more text to stream"))},
	}
}
