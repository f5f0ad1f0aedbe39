package engine

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestTurnWatchWhitespacePathReadsAsMarkers checks note's whitespace
// path against reading marker by marker: after every piece of any text
// cut anywhere, both watches stand alike.
func TestTurnWatchWhitespacePathReadsAsMarkers(t *testing.T) {
	words := []string{"\n", "\n\n", " ", "\t", "\r\n", "\r", "User:", "User: ", "### Instruction", ":", "a", "<|im_start|>", "assistant", "<"}
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces")
		var fast, slow turnWatch
		for i, p := range pieces {
			var text string
			for _, w := range p {
				text += w
			}
			fast.note(text)
			if text != "" {
				slow.read(text)
			}
			if fast.held == 0 { // which marker is begun matters only when one is
				fast.of, slow.of = 0, 0
			}
			if fast != slow {
				t.Fatalf("after piece %d %q: whitespace path %+v, markers %+v", i, text, fast, slow)
			}
		}
	})
}

// TestTurnWatchSplitInvariance: the watch stands alike after a text read
// whole and after it read in any pieces (the held start of a marker, and
// the bytes read ahead to rule one out, decide as a whole read does).
func TestTurnWatchSplitInvariance(t *testing.T) {
	words := []string{"\n", "\n\n", " ", "\r\n", "User:", "User: ", "### Instruction", ":", "a", "<|im_start|>", "assistant", "<", "<|", "<|start_header_id|>", "<|end_header_id|>", "|"}
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces")
		var whole, split turnWatch
		var all string
		for _, p := range pieces {
			var text string
			for _, w := range p {
				text += w
			}
			all += text
			split.note(text)
		}
		whole.note(all)
		if whole.held == 0 {
			whole.of, split.of = 0, 0
		}
		if whole != split {
			t.Fatalf("%q: whole %+v, in pieces %+v", all, whole, split)
		}
	})
}

// TestFencesSplitInvariance: the fence tracker stands alike after content
// read whole and read in any pieces, each noted with the line state the
// pieces before it left (as Content notes them), carriage returns
// included.
func TestFencesSplitInvariance(t *testing.T) {
	words := []string{"\n", "\r", "\r\n", " ", "\t", "`", "```", "a", "go"}
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces")
		var whole, split fences
		var all string
		mid := false
		for _, p := range pieces {
			text := strings.Join(p, "")
			all += text
			split.note(text, mid)
			mid = midLine(mid, text)
		}
		whole.note(all, false)
		if whole != split {
			t.Fatalf("%q: whole %+v, in pieces %+v", all, whole, split)
		}
	})
}
