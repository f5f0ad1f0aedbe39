package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var weather = toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}

// BenchmarkSmallCalls parses eight small calls, whole and in 4-byte
// deltas, in Seed-OSS's syntax and, to compare with, in Hermes'.
func BenchmarkSmallCalls(b *testing.B) {
	formatstest.BenchCalls(b, weather, benchdata.SmallCalls(), []formatstest.Writer{
		{Format: seedoss.Format},
		{Format: hermes.Format},
	})
}

// BenchmarkProse reads 100 KB of prose in 4-byte deltas: the prose path,
// which allocates nothing per Feed.
func BenchmarkProse(b *testing.B) {
	formatstest.BenchDeltas(b, seedoss.Format, weather, benchdata.Prose(100_000))
}

// TestProseFeedsAllocateNothing: a Feed of prose, or of reasoning, in
// steady state allocates nothing.
func TestProseFeedsAllocateNothing(t *testing.T) {
	if n := streamtest.ProseFeedAllocs(seedoss.Format, weather); n != 0 {
		t.Errorf("a prose Feed allocates %v times", n)
	}
	if n := streamtest.ProseFeedAllocsAfter(seedoss.Format, weather, "<seed:think>Hmm"); n != 0 {
		t.Errorf("a reasoning Feed allocates %v times", n)
	}
}
