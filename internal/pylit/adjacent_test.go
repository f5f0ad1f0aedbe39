package pylit

import (
	"testing"

	"pgregory.net/rapid"
)

// Adjacent string literals ('a' 'b') and quotes inside strings, in soup
// fed in random pieces: the Reader reads what the whole-text parser reads,
// values and call lists alike.
func TestAdjacentStringsReaderMatchesParser(t *testing.T) {
	soup := rapid.StringOf(rapid.SampledFrom([]rune("''\"\" ,)x\\r")))
	p := Parser{}
	rapid.Check(t, func(rt *rapid.T) {
		src := "[f(a='" + soup.Draw(rt, "src") + ")]"
		seed := rapid.Uint64Range(0, 5).Draw(rt, "seed")
		old := oldParser(p)
		want, werr := old.ParseList(src)
		r, gerr := readWhole(p, GoalList, src, seed)
		if errText(werr) != errText(gerr) || werr == nil && describeElems(want) != describeElems(r.Elements()) {
			rt.Fatalf("ParseList(%q) seed %d:\nparser %s %v\nreader %s %v", src, seed, describeElems(want), werr, describeElems(r.Elements()), gerr)
		}
		v1, e1 := old.ParseValue(src[5 : len(src)-2])
		v2, e2 := p.ParseValue(src[5 : len(src)-2])
		if errText(e1) != errText(e2) || e1 == nil && v1 != v2 {
			rt.Fatalf("ParseValue(%q): %s %v / %s %v", src[5:len(src)-2], v1, e1, v2, e2)
		}
	})
}

// A streamed Reader ends a call list of such soup where the Recognizer
// does.
func TestAdjacentStringsReaderEndsWhereRecognizerDoes(t *testing.T) {
	soup := rapid.StringOf(rapid.SampledFrom([]rune("''\"\" ,)]x\\(")))
	rapid.Check(t, func(rt *rapid.T) {
		src := "[f(a='" + soup.Draw(rt, "src")
		var rec Recognizer
		rec.Reset(0)
		n1, st1 := rec.Feed(src)
		var r Reader
		r.Reset(Parser{}, GoalList)
		r.Stream()
		n2 := 0
		k := rapid.IntRange(1, 4).Draw(rt, "k")
		for rest := src; rest != "" && r.Status() == Open; {
			m := min(k, len(rest))
			n2 += r.Feed(rest[:m])
			rest = rest[m:]
		}
		st2 := r.Status()
		if st1 != st2 || st1 != Open && n1 != n2 {
			rt.Fatalf("%q: recognizer %d %v, reader %d %v", src, n1, st1, n2, st2)
		}
	})
}
