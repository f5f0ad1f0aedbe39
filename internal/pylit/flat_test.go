package pylit

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// readState is what a Reader tells after reading src for goal (GoalValue
// or GoalList) in pieces of n bytes (0: whole), with the one-pass reading
// of flat objects and calls on or off.
func readState(src string, goal Goal, stream bool, n, maxDepth int, flat bool) string {
	defer func(on bool) { flatObjects = on }(flatObjects)
	flatObjects = flat
	var r Reader
	r.Reset(Parser{MaxDepth: maxDepth}, goal)
	if stream {
		r.Stream()
		if flat && goal == GoalValue {
			r.HoldObjects() // objects cut off are held back, to read whole
		}
	}
	var b strings.Builder
	for rest := src; rest != "" && r.Status() == Open; {
		k := len(rest)
		if n > 0 {
			k = min(k, n)
		}
		fmt.Fprintf(&b, "n%d ", r.Feed(rest[:k]))
		rest = rest[k:]
	}
	fmt.Fprintf(&b, "st%v off%d code%v ", r.Status(), r.Offset(), r.InCode())
	if goal == GoalList {
		name, start, stable, open := r.OpenCall()
		fmt.Fprintf(&b, "open%q/%d/%q/%v ", name, start, stable, open)
	} else {
		fmt.Fprintf(&b, "complete%v stable%q ", r.Complete(), r.Stable())
	}
	err := r.Close()
	fmt.Fprintf(&b, "err%v value%q elems%s", err, r.value(), describeElems(r.Elements()))
	return b.String()
}

// agreeFor reports how src reads for goal with the one-pass reading on and
// off (on, a streamed value's reader holds objects back: HoldObjects), fed
// whole and in pieces of 1, 3 and 7 bytes, streamed or not, at each depth
// limit, where they differ.
func agreeFor(src string, goal Goal, depths ...int) string {
	for _, stream := range []bool{true, false} {
		for _, n := range []int{0, 1, 3, 7} {
			for _, depth := range depths {
				if on, off := readState(src, goal, stream, n, depth, true), readState(src, goal, stream, n, depth, false); on != off {
					return fmt.Sprintf("%q (stream %v, pieces %d, depth %d):\n on %s\noff %s", src, stream, n, depth, on, off)
				}
			}
		}
	}
	return ""
}

// agree is agreeFor for values, at the default depth limit and at limits
// of 1 and 2.
func agree(src string) string { return agreeFor(src, GoalValue, 0, 1, 2) }

// agreeList is agreeFor for call lists, at the default depth limit and at
// limits of 1 and 8.
func agreeList(src string) string { return agreeFor(src, GoalList, 0, 1, 8) }

// A flat object read in one pass leaves the reader as the byte machine
// does, and so does every text that only starts like one.
func TestFlatObjectAgreesWithTheByteMachine(t *testing.T) {
	for _, src := range []string{
		`{"city":"Paris","unit":"celsius"}`,
		`{"city": "Paris", "unit": "celsius"}`,
		"{\n  \"a\": 1,\n  \"b\": -2,\t\"c\": true, \"d\": false, \"e\": null\r\n}",
		`{}`, `{ }`, `{"a":0}`, `{"a":-0}`, `{"a":007}`, `{"a":1.5}`, `{"a":1e3}`, `{"a":0x1F}`, `{"a":1_000}`,
		`{"a":True}`, `{"a":None}`, `{"a":nan}`, `{"a":truex}`, `{"a":"x\"y"}`, `{"a":"é"}`, `{'a':'b'}`,
		`{"a":"say "hi" now"}`, `{"a":"x", y"}`, `{"a":"x"} trailing`, `{"a":"x"}  `, `{"a":"x",}`,
		`{"a":{"b":1}}`, `{"a":[1,2]}`, `{"a" "b"}`, `{"a":}`, `{"a":1 2}`, `{"a":"x"`, `{"a`, `{`,
		`{"a":"x","a":"y"}`, `{1:2}`, `{"a":1}}`, "{\"a\":\"\x01\"}", `{"a":- 1}`, `{"a":-}`,
		"\xcb0", ` {"a":1}`, `x{"a":1}`,
		`{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}`,
		`{"a":{"b":{"c":{"d":{"e":1}}}}}`, `{"a":{"b":{"c":{"d":1}}}}`, `{"a":[1,[2,[3]]]}`, `{"a":[]}`, `{"a":{}}`,
		`{"a":[1,]}`, `{"a":["x" : 1]}`, `{"a":[1 2]}`, `{"a":["x"}`, `{"a":{"b":1]}`, `{"a":[{"b":null},{"c":[true,false]}]}`,
	} {
		if d := agree(src); d != "" {
			t.Error(d)
		}
	}
}

// A flat call read in one pass leaves the reader as the byte machine does,
// and so does every text that only starts like one.
func TestFlatCallAgreesWithTheByteMachine(t *testing.T) {
	for _, src := range []string{
		`[get_weather(city="Paris", unit="celsius"), get_weather(city="Tokyo", unit="celsius")]`,
		`[f()]`, `[f( )]`, `[f(a=1)]`, `[f(a = 1 , b='x')]`, `[f(a=True, b=False, c=None, d=true, e=null)]`,
		"[f(\n  a=1,\n  b=-2\n)]", `[f(a=1,)]`, `[f(a=1, a=2)]`, `[f(1)]`, `[f(a=1, 2)]`, `[f(a=x)]`, `[f(a=1.5)]`,
		`[f(a=007)]`, `[f(a=0x1F)]`, `[f(a="x\"y")]`, `[f(a='it"s')]`, `[f(a="é")]`, `[f(a=r"x")]`, `[f(a="""x""")]`,
		`[f(a="")]`, `[f(a='')]`, `[f(a={"k": [1, "v", null]})]`, `[f(a={'k': 1})]`, `[f(a=[True])]`, `[f(a=(1, 2))]`,
		`[get-weather(a=1)]`, `[math.factorial(n=5)]`, `[a.b.c(x=1)]`, `[f (a=1)]`, `[f(a=Truex)]`, `[f(a=g(b=1))]`,
		`[f(a="x" "y")]`, `[f(a=1`, `[f(`, `[f`, `[f(a="say "hi" now")]`, `[f(a=1)g(b=2)]`, `[f(a=1)) ]`,
		`[lawsuit\_search(q="x")]`, `[f(a=1), ]`, `[f(a=1)] tail`, `[f(\xc3(a=1)]`, `[f(a=-)]`, `[f(a=- 1)]`,
		`[f(a=1, b=2, c=3, d=4, e=5, f=6, g=7, h=8, i=9, j=10, k=11, l=12, m=13, n=14, o=15, p=16, q=17)]`,
	} {
		if d := agreeList(src); d != "" {
			t.Error(d)
		}
	}
}

// soup draws texts that start with open and go on with up to max of
// tokens: flat objects or calls, or nearly.
func soup(open string, max int, tokens ...string) *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		return open + strings.Join(rapid.SliceOfN(rapid.SampledFrom(tokens), 0, max).Draw(t, "tokens"), "")
	})
}

func TestFlatReadingAgreesOnSoup(t *testing.T) {
	for _, c := range []struct {
		name  string
		texts *rapid.Generator[string]
		agree func(string) string
	}{
		{"objects", soup("{", 24, `{`, `}`, `"a"`, `"b c"`, `""`, `:`, `,`, ` `, "\n", "\t", `1`, `-`, `0`, `07`, `12`, `.5`, `e3`,
			`true`, `false`, `null`, `True`, `None`, `x`, `"`, `\`, `'q'`, `é`, `[`, `]`, `(`, `)`, "\x01", `<`), agree},
		{"calls", soup("[", 30, `f(`, `get_weather(`, `a=`, `b =`, `a`, `=`, `"x"`, `'y'`, `""`, `1`, `-2`, `07`, `1.5`, `True`,
			`None`, `null`, `,`, `)`, `(`, ` `, "\n", `]`, `[`, `{"k": 1}`, `{`, `}`, `:`, `"`, `'`, `.`, `-`, `x`, `é`, `\_`, `r"`, `#`), agreeList},
	} {
		t.Run(c.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				if d := c.agree(c.texts.Draw(t, "src")); d != "" {
					t.Fatal(d)
				}
			})
		})
	}
}

// FuzzFlatReading reads each text as a value and as a call list.
func FuzzFlatReading(f *testing.F) {
	for _, s := range []string{`{"city":"Paris","unit":"celsius"}`, `{"a": 1, "b": [true]}`, `{"a":"x" , "b" : null }`,
		`[get_weather(city="Paris", unit="celsius")]`, `[f(a=1, b=[true]), g()]`, `[f(a='x' , b = None )]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if d := agree(src) + agreeList(src); d != "" {
			t.Fatal(d)
		}
	})
}
