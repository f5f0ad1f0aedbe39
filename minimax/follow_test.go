package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
)

// TestArgumentStreaming: a block's first call streams while it arrives,
// in small deltas, and what streamed is what the call ends up holding:
// none is withdrawn or sent again whole. The block's later calls come
// whole.
func TestArgumentStreaming(t *testing.T) {
	streamtest.CheckStreamingCases(t, minimax.Format, append([]streamtest.StreamingCase{
		{Name: "the golden's two calls", Tools: goldenTools, Calls: 2, Streamed: 1, Doc: goldenCalls},
	}, formatstest.TaggedStreamingCases(tagged, "null")...), stream.StartOutsideReasoning())
}
