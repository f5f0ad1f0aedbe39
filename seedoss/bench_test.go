package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/seedoss"
)

// BenchmarkSmallCalls parses eight small calls, whole and in 4-byte
// deltas, in Seed-OSS's syntax and, to compare with, in Hermes'.
func BenchmarkSmallCalls(b *testing.B) { formatstest.BenchSmallCalls(b, seedoss.Format, hermes.Format) }

// BenchmarkProse reads 100 KB of prose in 4-byte deltas: the prose path,
// which allocates nothing per Feed.
func BenchmarkProse(b *testing.B) { formatstest.BenchProse(b, seedoss.Format, "", "") }

// TestProseFeedsAllocateNothing: a Feed of prose, or of reasoning, in
// steady state allocates nothing.
func TestProseFeedsAllocateNothing(t *testing.T) {
	formatstest.CheckProseFeeds(t, seedoss.Format, formatstest.ProseStart{Name: "prose"}, formatstest.ProseStart{Name: "reasoning", First: "<seed:think>Hmm"})
}
