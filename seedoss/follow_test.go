package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/stream/streamtest"
)

// TestArgumentStreaming: each call streams while it arrives, in small
// deltas, and what streamed is what the call ends up holding: none is
// withdrawn or sent again whole. The golden writes one block a call:
// both stream (the second's object argument, a Python literal, is typed
// by the schema once whole).
func TestArgumentStreaming(t *testing.T) {
	streamtest.CheckStreamingCases(t, seedoss.Format, formatstest.TaggedStreamingCases(tagged, "None", goldenCalls, 2))
}
