package utf8carry_test

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/toolparse/toolparse/internal/utf8carry"
	"pgregory.net/rapid"
)

func TestIncomplete(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"", 0}, {"abc", 0}, {"é", 0}, {"a\xc3", 1}, {"a\xe2\x82", 2}, {"\xf0\x9f\x98", 3},
		{"\xf0\x9f\x98\x80", 0}, {"\x82", 0}, {"a\xff", 0}, {"\xc0", 0}, {"x\x80\x80\x80", 0},
	} {
		if got := utf8carry.Incomplete(c.text); got != c.want {
			t.Errorf("Incomplete(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}

// chunks passes text's pieces through a Carry as the module's text paths
// do and returns what came out, piece by piece.
func chunks(pieces []string) [][]byte {
	var c utf8carry.Carry
	var out [][]byte
	for _, p := range pieces {
		if c.Len() > 0 {
			char, rest, done := c.Complete(p)
			if !done {
				continue
			}
			out = append(out, bytes.Clone(char))
			p = rest
		}
		if p != "" {
			out = append(out, []byte(c.Hold(p)))
		}
	}
	return append(out, bytes.Clone(c.Flush()))
}

// Whatever the cuts, the bytes come out as they went in, and no piece that
// comes out ends in the middle of a character the next bytes complete.
func TestCarryLosesNothingAndSplitsNoCharacter(t *testing.T) {
	piece := rapid.SampledFrom([]string{"a", " ", "é", "€", "😀", "\xc3", "\xa9", "\xe2\x82", "\xac", "\xf0\x9f", "\x98\x80", "\xff", "\x80"})
	rapid.Check(t, func(t *rapid.T) {
		text := ""
		for _, p := range rapid.SliceOfN(piece, 0, 20).Draw(t, "text") {
			text += p
		}
		var pieces []string
		for rest := text; rest != ""; {
			n := rapid.IntRange(1, min(5, len(rest))).Draw(t, "cut")
			pieces, rest = append(pieces, rest[:n]), rest[n:]
		}
		out := chunks(pieces)
		if got := string(bytes.Join(out, nil)); got != text {
			t.Fatalf("%q cut as %q came out as %q", text, pieces, got)
		}
		if !utf8.ValidString(text) {
			return
		}
		for i, o := range out {
			if !utf8.Valid(o) {
				t.Fatalf("%q cut as %q: piece %d, %q, splits a character", text, pieces, i, o)
			}
		}
	})
}
