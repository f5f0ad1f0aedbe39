package pylit

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A streamed run read call by call (each call's end closes it; Resume goes
// on) reads what a whole parse of the run reads, in any deltas: the same
// error, and when there is none, the same elements.
func TestResumedRunIsParseRun(t *testing.T) {
	call := rapid.SampledFrom([]string{
		`f(a=1)`, `g(b="x, y")`, `h()`, `f(a=[1, 2], b={'k': None})`, `g(b='it\'s')`, `f(a=)`, `g(1 2)`,
		`f(a="(")`, `h(x=f(y=1))`, `f(a=1, a=2)`, `g(b="""tri"ple""")`, `f (a=1)`, "f(\n a=1\n)", `g(é=1)`,
		`f(a=1.5e3, b=-2, c=True)`, `x.y(z=1)`, `f(a=1))`,
	})
	sep := rapid.SampledFrom([]string{", ", "; ", "\n", " ", ",", ";\n", "", "\\\n", " # c\n"})
	rapid.Check(t, func(t *rapid.T) {
		// Calls with what comes before each: the run may start with
		// separators too (the reader then fails as the parse does).
		text := strings.Join(rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string {
			return sep.Draw(t, "before") + call.Draw(t, "call")
		}), 1, 6).Draw(t, "calls"), "") + sep.Draw(t, "after")
		var p Parser
		want, werr := p.ParseRun(text)

		var r Reader
		r.Reset(p, GoalRun)
		r.Stream()
		for rest := text; rest != ""; {
			n := min(len(rest), rapid.IntRange(1, 6).Draw(t, "delta"))
			took := r.Feed(rest[:n])
			if r.Status() == Closed && !r.Resume() {
				t.Skip("something other than a call's end closed the run")
			}
			if r.Status() != Open {
				t.Skip("the run failed as a Recognizer would fail it")
			}
			rest = rest[took:]
		}
		gerr, got := r.Close(), r.Elements()
		if gerr != nil { // a run that failed has no elements (as ParseRun gives none)
			got = nil
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("%q: resumed %v (%v), ParseRun %v (%v)", text, r.Elements(), gerr, want, werr)
		}
	})
}

// InShortString counts a string's bytes from its opening quote, across
// Feeds; outside a string it is false.
func TestInShortString(t *testing.T) {
	r := NewValue(Parser{})
	r.Stream()
	if r.Feed(`{"a": `); r.InShortString(64) {
		t.Errorf("outside a string: InShortString(64) is true")
	}
	r.Feed(`"xy`)
	r.Feed(`z`)
	if !r.InShortString(5) || r.InShortString(4) {
		t.Errorf(`after "xyz: InShortString(5) %v, (4) %v; want true, false`, r.InShortString(5), r.InShortString(4))
	}
	if r.Feed(`"`); r.InShortString(64) {
		t.Errorf("after the closing quote: InShortString(64) is true")
	}
}

// While a reader holds an object back, only closing brackets may change
// its verdict, for as many bytes as cannot nest past the depth limit; else
// every bracket may.
func TestQuietBracketsWhileHolding(t *testing.T) {
	r := NewValue(Parser{MaxDepth: 64})
	r.HoldObjects()
	if stop, _, ok := r.QuietBrackets(); !ok || !stop['{'] {
		t.Errorf("holding nothing: QuietBrackets ok %v, '{' a stop %v", ok, ok && stop['{'])
	}
	r.Feed(`{"a": {"b": `)
	stop, room, ok := r.QuietBrackets()
	if !ok || room != 64-maxFlatDepth-1 || !stop['}'] || !stop[']'] || stop['{'] || stop['"'] {
		t.Errorf("holding an object: QuietBrackets = room %d, ok %v", room, ok)
	}
	if r.Feed(`1}}`); r.Status() != Closed {
		t.Errorf("the object held back did not close: %v", r.Status())
	}
	shallow := NewValue(Parser{MaxDepth: maxFlatDepth})
	shallow.HoldObjects()
	shallow.Feed(`{"a": `)
	if stop, _, ok := shallow.QuietBrackets(); !ok || !stop['{'] {
		t.Errorf("a depth limit within reach: an opening bracket is no stop")
	}
}
