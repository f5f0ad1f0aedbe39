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
// whole: of the golden's two calls, one streams.
func TestArgumentStreaming(t *testing.T) {
	streamtest.CheckStreamingCases(t, minimax.Format, formatstest.TaggedStreamingCases(tagged, "null", goldenCalls, 1), stream.StartOutsideReasoning())
}
