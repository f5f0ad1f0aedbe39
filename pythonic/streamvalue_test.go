package pythonic_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/pythonic"
	"pgregory.net/rapid"
)

// A streamed value ends where a Recognizer says the same text's brackets
// close, with the verdict it gives, and reads as ParseValue reads it.
func TestStreamedValueEndsAsARecognizerSays(t *testing.T) {
	p := pythonic.Parser{MaxDepth: 8, JSONEscapes: true}
	piece := rapid.SampledFrom([]string{`{`, `}`, `[`, `]`, `(`, `)`, `"`, `'`, `\`, `:`, `,`, `a`, `1`, ` `, `"k"`, `"v"`, `true`, `{"name": "f", "arguments": {"a": 1}}`, `x`, `"a\"b"`, `'it's'`})
	rapid.Check(t, func(t *rapid.T) {
		doc := "{" + strings.Join(rapid.SliceOfN(piece, 0, 24).Draw(t, "pieces"), "")
		var rec pythonic.Recognizer
		rec.Reset(8)
		n1, st1 := rec.Feed(doc)
		var r pythonic.Reader
		r.Reset(p, pythonic.GoalValue)
		r.Stream()
		cut := rapid.IntRange(0, len(doc)).Draw(t, "cut")
		n2 := r.Feed(doc[:cut])
		if r.Status() == pythonic.Open {
			n2 = cut + r.Feed(doc[cut:])
		}
		st2 := r.Status()
		if st1 != st2 || (st1 != pythonic.Open && n1 != n2) {
			t.Fatalf("%q: recognizer %v at %d, reader %v at %d", doc, st1, n1, st2, n2)
		}
		if st1 == pythonic.Closed {
			err := r.Close()
			want, werr := p.ParseValue(doc[:n1])
			if (err == nil) != (werr == nil) || err == nil && string(r.Stable()) != want {
				t.Fatalf("%q: reader %q %v, ParseValue %q %v", doc[:n1], r.Stable(), err, want, werr)
			}
		}
	})
}
