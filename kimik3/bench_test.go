package kimik3_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/kimik3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkEightCalls parses eight small calls, whole and in 4-byte
// deltas, in Kimi K3's syntax and, to compare with, in Hermes'.
func BenchmarkEightCalls(b *testing.B) { formatstest.BenchSmallCalls(b, kimik3.Format, hermes.Format) }

// BenchmarkProse reads 100 KB of prose in the response channel, in 4-byte
// deltas: the prose path, which allocates nothing per Feed.
func BenchmarkProse(b *testing.B) {
	formatstest.BenchProse(b, kimik3.Format, "<|open|>response<|sep|>", "<|close|>response<|sep|>", stream.StartOutsideReasoning())
}

// TestProseFeedsAllocateNothing: a Feed of prose in the response channel,
// or of reasoning in the think channel, allocates nothing.
func TestProseFeedsAllocateNothing(t *testing.T) {
	formatstest.CheckProseFeeds(t, kimik3.Format,
		formatstest.ProseStart{Name: "response", First: "<|open|>response<|sep|>Hello", Opts: []stream.Option{stream.StartOutsideReasoning()}},
		formatstest.ProseStart{Name: "think", First: "Hmm", Opts: []stream.Option{stream.ForPrompt(toolcall.Prompt{InReasoning: true})}})
}
