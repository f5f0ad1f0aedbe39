package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/stream"
)

// BenchmarkSmallCalls parses eight small calls, whole and in 4-byte
// deltas, in MiniMax-M2's syntax and, to compare with, in Hermes'.
func BenchmarkSmallCalls(b *testing.B) {
	formatstest.BenchSmallCalls(b, minimax.Format, hermes.Format, outside)
}

// BenchmarkProse reads 100 KB of prose in 4-byte deltas: the prose path,
// which allocates nothing per Feed.
func BenchmarkProse(b *testing.B) { formatstest.BenchProse(b, minimax.Format, "", "", outside) }

// TestProseFeedsAllocateNothing: a Feed of prose, or of reasoning, in
// steady state allocates nothing.
func TestProseFeedsAllocateNothing(t *testing.T) {
	formatstest.CheckProseFeeds(t, minimax.Format, formatstest.ProseStart{Name: "prose"},
		formatstest.ProseStart{Name: "reasoning", First: "Hmm", Opts: []stream.Option{stream.StartInReasoning()}})
}
