package pylit

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readWhole feeds src to a Reader in pieces cut at random places.
func readWhole(p Parser, goal Goal, src string, seed uint64) (*Reader, error) {
	var r Reader
	r.Reset(p, goal)
	rng := rand.New(rand.NewPCG(seed, 7))
	for rest := src; rest != ""; {
		n := len(rest)
		if seed != 0 {
			n = min(len(rest), 1+rng.IntN(6))
		}
		r.Feed(rest[:n])
		rest = rest[n:]
	}
	return &r, r.Close()
}

func describeElems(elems []Element) string {
	var b strings.Builder
	for _, e := range elems {
		fmt.Fprintf(&b, "[%d:%d %s %s", e.Start, e.End, e.Call.Name, e.Call.Arguments)
		if e.Err != nil {
			fmt.Fprintf(&b, " err@%d %s", e.Err.Offset, e.Err.Msg)
		}
		for _, rr := range e.Repaired {
			fmt.Fprintf(&b, " rep@%d", rr.Offset)
		}
		b.WriteString("]")
	}
	return b.String()
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return "error" // where and why may differ when the whole input fails
}

func diffOne(t *testing.T, p Parser, src string, seed uint64) {
	t.Helper()
	old := oldParser(p)
	{
		want, werr := old.ParseList(src)
		r, gerr := readWhole(p, GoalList, src, seed)
		if errText(werr) != errText(gerr) || werr == nil && describeElems(want) != describeElems(r.Elements()) {
			t.Errorf("ParseList(%q) seed %d:\nparser %s %v\nreader %s %v", src, seed, describeElems(want), werr, describeElems(r.Elements()), gerr)
		}
	}
	{
		want, werr := old.ParseRun(src)
		r, gerr := readWhole(p, GoalRun, src, seed)
		if errText(werr) != errText(gerr) || werr == nil && describeElems(want) != describeElems(r.Elements()) {
			t.Errorf("ParseRun(%q) seed %d:\nparser %s %v\nreader %s %v", src, seed, describeElems(want), werr, describeElems(r.Elements()), gerr)
		}
	}
	{
		want, werr := old.ParseValue(src)
		r, gerr := readWhole(p, GoalValue, src, seed)
		if errText(werr) != errText(gerr) || werr == nil && want != r.value() {
			t.Errorf("ParseValue(%q) seed %d:\nparser %s %v\nreader %s %v", src, seed, want, werr, r.value(), gerr)
		}
	}
	{
		want, werr := old.ParseCallReread(src)
		got, gerr := p.ParseCallReread(src)
		if errText(werr) != errText(gerr) || werr == nil && (want.Name != got.Name || want.Arguments != got.Arguments) {
			t.Errorf("ParseCallReread(%q):\nparser %+v %v\nreader %+v %v", src, want, werr, got, gerr)
		}
	}
	{
		want, werr := old.ParseCall(src)
		r, gerr := readWhole(p, GoalCall, src, seed)
		if errText(werr) != errText(gerr) || werr == nil && (want.Name != r.call.Name || want.Arguments != r.call.Arguments) {
			t.Errorf("ParseCall(%q) seed %d:\nparser %+v %v\nreader %+v %v", src, seed, want, werr, r.call, gerr)
		}
	}
}

func corpusInputs(t *testing.T) []string {
	var out []string
	for _, dir := range []string{"FuzzParseList", "FuzzParseValue"} {
		files, _ := filepath.Glob(filepath.Join("testdata/fuzz", dir, "*"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(b), "\n")
			for _, l := range lines[1:] {
				l = strings.TrimSpace(l)
				if strings.HasPrefix(l, "string(") {
					var s string
					fmt.Sscanf(l[len("string("):len(l)-1], "%q", &s)
					out = append(out, s)
				}
			}
		}
	}
	return out
}

func TestReaderMatchesParser(t *testing.T) {
	t.Logf("%d corpus inputs", len(corpusInputs(t)))
	p := Parser{Params: func(name string) []string {
		if name == "one" {
			return []string{"a", "b"}
		}
		return nil
	}}
	inputs := corpusInputs(t)
	inputs = append(inputs, `[f(a=1, b=2, a=3)]`, `f(a='x') g(b=2)`, "f(a=1)\ng(b=2)", `one(1, b=[1,2,(3,)], c={'k': {1, 2}, 2: None})`,
		`[f(a=datetime.now(), b=x.y(1, k='v'))]`, `[f(a='it's', b="say "hi"")]`, `[f(a='''x''', b="""y"z""")]`, `[f(a=r'\d\'', b=b"x\x41\u00e9\101")]`,
		"[f(a='line\\\nnext', b='tab\\t')]", `[f(a=-1, b=+2.5, c=-inf, d=0x1F, e=07, f=1_000, g=1e999, h=.5, i=5.)]`, `[f(), g(a=1,),]`, `[]`, `[f(a=1]`, `[f(a=[1)]`,
		`[lawsuit\_search(company\_name='x')]`, `bash(command='python3 -c "print(f('\,'))"')`, `[f(a='x'y')]`, `[f(a='id = ''E123''', b='x' "y')", c='say 'hi'', d='a' ''', e='''')]`, `[f(a='x' 'y`, `[f(a='x' "`, `f(a='''x'''y''')`, `[f(a=é)]`, `{'a': 1, 'b': [True, False, None]}`, `(1, 2)`, `(1)`, `()`, `{1, 2}`, `{}`, `[f(a=b+1), g(c=2)]`, `[f(1)]`)
	for _, src := range inputs {
		for _, seed := range []uint64{0, 1, 2, 3} {
			diffOne(t, p, src, seed)
		}
	}
}

func FuzzReaderMatchesParser(f *testing.F) {
	for _, s := range corpusInputs(&testing.T{}) {
		f.Add(s, uint64(1))
	}
	p := Parser{Params: func(name string) []string {
		if name == "one" {
			return []string{"a", "b"}
		}
		return nil
	}}
	f.Fuzz(func(t *testing.T, src string, seed uint64) {
		diffOne(t, p, src, seed)
	})
}

func BenchmarkReaderWriteFile100KB(b *testing.B) {
	src := `[write_file(path="src/handler.py", content=` + fmt.Sprintf("%q", strings.Repeat("def handler(event, ctx):\n    \"\"\"Handle one event; see 'docs/events.md'.\"\"\"\n    return {\"status\": 200, \"body\": json.dumps({'items': items, \"path\": \"C:\\\\tmp\\\\x\"})}\n\n", 700)[:100000]) + `)]`
	var p Parser
	b.Run("parser", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		old := oldParser{}
		for b.Loop() {
			old.ParseList(src)
		}
	})
	b.Run("reader-whole", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		var r Reader
		for b.Loop() {
			r.Reset(p, GoalList)
			r.Feed(src)
			r.Close()
		}
	})
	b.Run("reader-4B", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		var r Reader
		for b.Loop() {
			r.Reset(p, GoalList)
			for i := 0; i < len(src); i += 4 {
				r.Feed(src[i:min(i+4, len(src))])
			}
			r.Close()
		}
	})
	b.Run("recognizer-4B", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		var r Recognizer
		for b.Loop() {
			r.Reset(0)
			for i := 0; i < len(src); i += 4 {
				r.Feed(src[i:min(i+4, len(src))])
			}
		}
	})
}
