package formatstest

import (
	"testing"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// FuzzArray is the fuzz target of a format that writes its calls as one
// JSON array and reasons before it: the stream's promises hold for any
// document (docs seed it) in random deltas, with tool f offered, told
// nothing of the prompt, that it opened the reasoning, or that it closed
// it.
func FuzzArray(f *testing.F, format toolcall.Format, docs []string) {
	streamtest.Fuzz(f, format, toolcall.Request{Tools: streamtest.Tools("f")}, docs, stream.StartInReasoning(), stream.StartOutsideReasoning())
}
