package kimik3_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/kimik3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var weather = toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}

// BenchmarkEightCalls parses eight small calls, whole and in 4-byte
// deltas, in Kimi K3's syntax and, to compare with, in Hermes'.
func BenchmarkEightCalls(b *testing.B) {
	formatstest.BenchCalls(b, weather, benchdata.SmallCalls(), []formatstest.Writer{
		{Format: kimik3.Format},
		{Format: hermes.Format},
	})
}

// BenchmarkProse reads 100 KB of prose in the response channel, in 4-byte
// deltas: the prose path, which allocates nothing per Feed.
func BenchmarkProse(b *testing.B) {
	text := "<|open|>response<|sep|>" + benchdata.Prose(100_000) + "<|close|>response<|sep|>"
	formatstest.BenchDeltas(b, kimik3.Format, weather, text, stream.StartOutsideReasoning())
}

// TestProseFeedsAllocateNothing: a Feed of prose in the response channel,
// or of reasoning in the think channel, allocates nothing.
func TestProseFeedsAllocateNothing(t *testing.T) {
	for _, start := range []struct {
		name  string
		opt   stream.Option
		first string
	}{
		{"response", stream.StartOutsideReasoning(), "<|open|>response<|sep|>Hello"},
		{"think", stream.ForPrompt(toolcall.Prompt{InReasoning: true}), "Hmm"},
	} {
		if n := streamtest.ProseFeedAllocsAfter(kimik3.Format, weather, start.first, start.opt); n != 0 {
			t.Errorf("%s: a prose Feed allocates %v times", start.name, n)
		}
	}
}
