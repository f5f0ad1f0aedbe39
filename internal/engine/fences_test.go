package engine

import (
	"testing"

	"pgregory.net/rapid"
)

// byteByByte is fences.note's rule one byte at a time, with no skipping:
// what note must agree with.
func (f *fences) byteByByte(text string, midLine bool) {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			if f.ticks >= 3 {
				f.open = !f.open
				f.afterProse = f.open && f.prose
			}
			f.ticks = 0
		case c == '`' && (f.ticks > 0 || !midLine):
			f.ticks = min(f.ticks+1, 255)
		case f.ticks >= 3:
		case c == ' ' || c == '\t' || c == '\r':
			if f.ticks > 0 && f.ticks < 3 {
				f.ticks = 0
			}
		default:
			f.ticks = 0
			if !f.open {
				f.prose = true
			}
		}
		midLine = midLine && text[i] != '\n' || text[i] != '\n' && text[i] != ' ' && text[i] != '\t'
	}
}

// TestFencesSkipReadsAsBytes: note, which skips the rest of a line that
// opens no fence, stands after any text in any pieces as reading it byte
// by byte does.
func TestFencesSkipReadsAsBytes(t *testing.T) {
	words := []string{"\n", "`", "```", " ", "\t", "\r", "a", "{", "```json\n", "x`y"}
	rapid.Check(t, func(t *rapid.T) {
		pieces := rapid.SliceOf(rapid.SliceOf(rapid.SampledFrom(words))).Draw(t, "pieces")
		var fast, slow fences
		mid := false
		for i, p := range pieces {
			var text string
			for _, w := range p {
				text += w
			}
			fast.note(text, mid)
			slow.byteByByte(text, mid)
			if fast != slow {
				t.Fatalf("after piece %d %q: note %+v, byte by byte %+v", i, text, fast, slow)
			}
			mid = midLine(mid, text)
		}
	})
}
