package pythonic_test

import (
	"fmt"
	"reflect"
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

// A streamed call ends where a Recognizer says the same text's brackets
// close, with the verdict it gives, and reads as ParseRun reads the call
// alone: the same call and repairs, or the same error.
func TestStreamedCallEndsAsARecognizerSays(t *testing.T) {
	p := pythonic.Parser{MaxDepth: 6}
	name := rapid.SampledFrom([]string{"f", "get_weather", "get-weather", "a.b", "é😀f", "x\u00e9", "ü", "9f"})
	piece := rapid.SampledFrom([]string{`(`, `)`, `[`, `]`, `{`, `}`, `"`, `'`, `\`, `:`, `,`, `=`, `a`, `a=`, `1`, ` `, "\n", `"v"`, `'v'`, `x=1`, `y="a\"b"`, `'it's'`, `"say "hi""`, `g(1)`, `True`, `None`, `'''t'''`, `#`, `é`})
	rapid.Check(t, func(t *rapid.T) {
		doc := name.Draw(t, "name") + "(" + strings.Join(rapid.SliceOfN(piece, 0, 20).Draw(t, "pieces"), "")
		var rec pythonic.Recognizer
		rec.Reset(p.MaxDepth)
		n1, st1 := rec.Feed(doc)
		r := pythonic.NewCall(p)
		defer pythonic.ReleaseValue(r)
		n2 := 0
		for _, cut := range rapid.SliceOfN(rapid.IntRange(1, 5), 1, 40).Draw(t, "cuts") {
			if r.Status() != pythonic.Open || n2 == len(doc) {
				break
			}
			n2 += r.Feed(doc[n2:min(len(doc), n2+cut)])
		}
		if r.Status() == pythonic.Open && n2 < len(doc) {
			n2 += r.Feed(doc[n2:])
		}
		st2 := r.Status()
		if st1 != st2 || (st1 != pythonic.Open && n1 != n2) {
			t.Fatalf("%q: recognizer %v at %d, reader %v at %d", doc, st1, n1, st2, n2)
		}
		if st1 != pythonic.Closed {
			return
		}
		err := r.Close()
		elems, werr := p.ParseRun(doc[:n1])
		if fmt.Sprint(err) != fmt.Sprint(werr) || !reflect.DeepEqual(r.Elements(), elems) && len(elems)+len(r.Elements()) > 0 {
			t.Fatalf("%q: reader %+v %v, ParseRun %+v %v", doc[:n1], r.Elements(), err, elems, werr)
		}
	})
}
