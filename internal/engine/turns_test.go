package engine

import (
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
