package pythonic_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// The seed corpora in testdata/fuzz replay in every plain go test.

func FuzzParseValue(f *testing.F) {
	for _, s := range []string{`'a'`, `{"a": [1, 2.5, None]}`, `0x1f`, `'''x'''`, `r'\d'`, `datetime.now()`, `-1e999`} {
		f.Add(s)
	}
	var p pythonic.Parser
	f.Fuzz(func(t *testing.T, src string) {
		v, err := p.ParseValue(src)
		if err != nil {
			if _, ok := err.(*pythonic.SyntaxError); !ok {
				t.Fatalf("error %T is not a *SyntaxError", err)
			}
			return
		}
		if !json.Valid([]byte(v)) {
			t.Fatalf("ParseValue(%q) = %s, not valid JSON", src, v)
		}
	})
}

func FuzzParseList(f *testing.F) {
	for _, s := range section3 {
		f.Add(s)
	}
	var p pythonic.Parser
	f.Fuzz(func(t *testing.T, src string) {
		elems, err := p.ParseList(src)
		if err != nil {
			return
		}
		last := 0
		for _, e := range elems {
			if e.Start < last || e.End < e.Start || e.End > len(src) {
				t.Fatalf("element span %d:%d out of order in %q", e.Start, e.End, src)
			}
			last = e.End
			if e.Err == nil && !json.Valid([]byte(e.Call.Arguments)) {
				t.Fatalf("arguments %s are not valid JSON", e.Call.Arguments)
			}
		}
	})
}

// FuzzStream feeds a document in deltas cut at places drawn from seed and
// checks the stream's promises (streamtest.Compare).
func FuzzStream(f *testing.F) {
	for i, s := range section3 {
		f.Add(s, uint64(i))
	}
	req := toolcall.Request{Tools: tools("get_weather", "f", "g")}
	f.Fuzz(func(t *testing.T, doc string, seed uint64) {
		deltas := streamtest.SeededSplit(doc, seed)
		streamtest.Compare(t, pythonic.Format, toolcall.Request{}, deltas)
		streamtest.Compare(t, pythonic.Format, req, deltas)
	})
}

// FuzzProperty drives streamtest's rapid property from go test -fuzz: the
// fuzzer's bytes choose the document and its split.
func FuzzProperty(f *testing.F) {
	for seed := range uint64(4) { // rapid needs a few hundred bytes of choices
		r := rand.New(rand.NewPCG(seed, 1))
		b := make([]byte, 1024)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		f.Add(b)
	}
	f.Fuzz(rapid.MakeFuzz(streamtest.Property(pythonic.Format, toolcall.Request{}, streamtest.Documents(section3...))))
}
