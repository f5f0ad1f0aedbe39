package pylit

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// readerState is what a Reader tells of a value after reading src in
// pieces of n bytes (0: whole), with flatObject on or off.
func readerState(src string, stream bool, n, maxDepth int, flat bool) string {
	defer func(on bool) { flatObjects = on }(flatObjects)
	flatObjects = flat
	var r Reader
	r.Reset(Parser{MaxDepth: maxDepth}, GoalValue)
	if stream {
		r.Stream()
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
	fmt.Fprintf(&b, "st%v off%d code%v complete%v stable%q ", r.Status(), r.Offset(), r.InCode(), r.Complete(), r.Stable())
	err := r.Close()
	fmt.Fprintf(&b, "err%v value%q", err, r.value())
	return b.String()
}

// agree reports how src reads with flatObject on and off, fed whole and in
// pieces of 7 bytes, with the default depth limit and limits of 1 and 2,
// where they differ.
func agree(src string) string {
	for _, stream := range []bool{true, false} {
		for _, n := range []int{0, 7} {
			for _, depth := range []int{0, 1, 2} {
				if on, off := readerState(src, stream, n, depth, true), readerState(src, stream, n, depth, false); on != off {
					return fmt.Sprintf("%q (stream %v, pieces %d, depth %d):\n on %s\noff %s", src, stream, n, depth, on, off)
				}
			}
		}
	}
	return ""
}

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

// flatSoup draws texts that are flat objects, or nearly.
var flatSoup = rapid.Custom(func(t *rapid.T) string {
	tokens := rapid.SliceOfN(rapid.SampledFrom([]string{
		`{`, `}`, `"a"`, `"b c"`, `""`, `:`, `,`, ` `, "\n", "\t", `1`, `-`, `0`, `07`, `12`, `.5`, `e3`,
		`true`, `false`, `null`, `True`, `None`, `x`, `"`, `\`, `'q'`, `é`, `[`, `]`, `(`, `)`, "\x01", `<`,
	}), 0, 24).Draw(t, "tokens")
	return "{" + strings.Join(tokens, "")
})

func TestFlatObjectAgreesOnSoup(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		if d := agree(flatSoup.Draw(t, "src")); d != "" {
			t.Fatal(d)
		}
	})
}

func FuzzFlatObject(f *testing.F) {
	for _, s := range []string{`{"city":"Paris","unit":"celsius"}`, `{"a": 1, "b": [true]}`, `{"a":"x" , "b" : null }`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if d := agree(src); d != "" {
			t.Fatal(d)
		}
	})
}

// listState is what a Reader tells of a call list after reading src in
// pieces of n bytes (0: whole), with the fast paths on or off.
func listState(src string, stream bool, n, maxDepth int, flat bool) string {
	defer func(on bool) { flatObjects = on }(flatObjects)
	flatObjects = flat
	var r Reader
	r.Reset(Parser{MaxDepth: maxDepth}, GoalList)
	if stream {
		r.Stream()
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
	name, start, stable, open := r.OpenCall()
	fmt.Fprintf(&b, "st%v off%d code%v open%q/%d/%q/%v ", r.Status(), r.Offset(), r.InCode(), name, start, stable, open)
	err := r.Close()
	fmt.Fprintf(&b, "err%v elems%s", err, describeElems(r.Elements()))
	return b.String()
}

// agreeList is agree for call lists, at the default depth limit and at
// limits of 1 and 8.
func agreeList(src string) string {
	for _, stream := range []bool{true, false} {
		for _, n := range []int{0, 7} {
			for _, depth := range []int{0, 1, 8} {
				if on, off := listState(src, stream, n, depth, true), listState(src, stream, n, depth, false); on != off {
					return fmt.Sprintf("%q (stream %v, pieces %d, depth %d):\n on %s\noff %s", src, stream, n, depth, on, off)
				}
			}
		}
	}
	return ""
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

// callSoup draws texts that are call lists, or nearly.
var callSoup = rapid.Custom(func(t *rapid.T) string {
	tokens := rapid.SliceOfN(rapid.SampledFrom([]string{
		`f(`, `get_weather(`, `a=`, `b =`, `a`, `=`, `"x"`, `'y'`, `""`, `1`, `-2`, `07`, `1.5`, `True`, `None`, `null`,
		`,`, `)`, `(`, ` `, "\n", `]`, `[`, `{"k": 1}`, `{`, `}`, `:`, `"`, `'`, `.`, `-`, `x`, `é`, `\_`, `r"`, `#`,
	}), 0, 30).Draw(t, "tokens")
	return "[" + strings.Join(tokens, "")
})

func TestFlatCallAgreesOnSoup(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		if d := agreeList(callSoup.Draw(t, "src")); d != "" {
			t.Fatal(d)
		}
	})
}

func FuzzFlatCall(f *testing.F) {
	for _, s := range []string{`[get_weather(city="Paris", unit="celsius")]`, `[f(a=1, b=[true]), g()]`, `[f(a='x' , b = None )]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if d := agreeList(src); d != "" {
			t.Fatal(d)
		}
	})
}
