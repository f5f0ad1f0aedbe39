package pylit

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

// A streamed run read call by call (each call's end closes it; Resume goes
// on) reads what a whole parse of the run reads: the same elements and the
// same error, in any deltas; and each close comes where a call's brackets
// close.
func TestResumedRunIsParseRun(t *testing.T) {
	call := rapid.SampledFrom([]string{
		`f(a=1)`, `g(b="x, y")`, `h()`, `f(a=[1, 2], b={'k': None})`, `g(b='it\'s')`, `f(a=)`, `g(1 2)`,
		`f(a="(")`, `h(x=f(y=1))`, `f(a=1, a=2)`, `g(b="""tri"ple""")`, `f (a=1)`, "f(\n a=1\n)", `g(é=1)`,
		`f(a=1.5e3, b=-2, c=True)`, `x.y(z=1)`, `f(a=1))`,
	})
	sep := rapid.SampledFrom([]string{", ", "; ", "\n", " ", ",", ";\n", "", "\\\n", " # c\n"})
	rapid.Check(t, func(t *rapid.T) {
		calls := rapid.SliceOfN(call, 1, 6).Draw(t, "calls")
		text := calls[0]
		for _, c := range calls[1:] {
			text += sep.Draw(t, "separator") + c
		}
		text += rapid.SampledFrom([]string{"", "\n", ", "}).Draw(t, "trailing")
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
		gerr := r.Close()
		if fmt.Sprint(r.Elements()) != fmt.Sprint(want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("%q: resumed %v (%v), ParseRun %v (%v)", text, r.Elements(), gerr, want, werr)
		}
	})
}
