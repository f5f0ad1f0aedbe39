package minimaxm3_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/minimaxm3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkSmallCalls parses eight small calls, whole and in 4-byte
// deltas, in MiniMax-M3's syntax and, to compare with, in Hermes'.
func BenchmarkSmallCalls(b *testing.B) {
	formatstest.BenchSmallCalls(b, minimaxm3.Format, hermes.Format, stream.StartOutsideReasoning())
}

// BenchmarkLongValue reads one call whose value is 100 KB of text, in
// 4-byte deltas: the bytes of a value are read without a trace, so the
// stream hands them on in few Feeds.
func BenchmarkLongValue(b *testing.B) {
	text, err := minimaxm3.RenderCalls([]toolcall.Call{{Name: "write", Arguments: `{"content":` + quote(benchdata.Prose(100_000)) + `}`}})
	if err != nil {
		b.Fatal(err)
	}
	deltas := benchdata.Deltas(text, 4)
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if n := benchdata.Calls(stream.New(minimaxm3.Format, toolcall.Request{}, stream.StartOutsideReasoning()), deltas); n != 1 {
			b.Fatalf("%d calls, want 1", n)
		}
	}
}

// BenchmarkProse reads 100 KB of prose in 4-byte deltas: the prose path,
// which allocates nothing per Feed.
func BenchmarkProse(b *testing.B) {
	formatstest.BenchProse(b, minimaxm3.Format, "", "", stream.StartOutsideReasoning())
}

// TestProseFeedsAllocateNothing: a Feed of prose, or of reasoning, in
// steady state allocates nothing.
func TestProseFeedsAllocateNothing(t *testing.T) {
	formatstest.CheckProseFeeds(t, minimaxm3.Format, formatstest.ProseStart{Name: "prose"},
		formatstest.ProseStart{Name: "reasoning", First: "Hmm", Opts: []stream.Option{stream.StartInReasoning()}})
}
