package schema_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// prefixOf feeds args to a Prefix for tool in the given pieces and returns
// what it let through.
func prefixOf(tool toolcall.Tool, pieces []string) string {
	p := schema.For(tool).NewPrefix()
	var out []byte
	for _, s := range pieces {
		out = p.Append(out, s)
	}
	return string(out)
}

func split(t *rapid.T, s string) []string {
	var out []string
	for len(s) > 0 {
		n := rapid.IntRange(1, max(1, len(s))).Draw(t, "n")
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

// TestPrefixIsCoercionsStart: for every BFCL call, with its values as
// written and with every scalar turned into a string, and for any way of
// cutting the arguments, what a Prefix lets through begins Coerce's result.
func TestPrefixIsCoercionsStart(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	type sample struct {
		tool toolcall.Tool
		args string
	}
	var samples []sample
	for _, c := range cases {
		for _, call := range c.Calls {
			i := (&toolcall.Request{Tools: c.Tools}).Match(call.Name)
			if i < 0 {
				continue
			}
			v, err := jsonvalue.Decode(string(call.Arguments))
			if err != nil {
				continue
			}
			samples = append(samples, sample{c.Tools[i], string(v.AppendJSON(nil))})
			if any, err := corpus.Decode(call.Arguments); err == nil {
				if w, err := jsonvalue.Decode(strings.ReplaceAll(stringly(any), `\'`, `'`)); err == nil {
					samples = append(samples, sample{c.Tools[i], string(w.AppendJSON(nil))})
				}
			}
		}
	}
	complete := 0
	for _, s := range samples {
		want, _ := schema.For(s.tool).Coerce(s.args)
		got := prefixOf(s.tool, []string{s.args})
		if !strings.HasPrefix(want, got) {
			t.Fatalf("%s %s: Prefix let %s through, Coerce gives %s", s.tool.Name, s.args, got, want)
		}
		if got == want {
			complete++
		}
	}
	t.Logf("%d of %d arguments were certain whole before the call ended", complete, len(samples))
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.SampledFrom(samples).Draw(t, "sample")
		want, _ := schema.For(s.tool).Coerce(s.args)
		if got := prefixOf(s.tool, split(t, s.args)); !strings.HasPrefix(want, got) {
			t.Fatalf("%s %s: Prefix let %s through, Coerce gives %s", s.tool.Name, s.args, got, want)
		}
	})
}

// A zero or nil Prefix passes everything, as for a tool without a schema.
func TestZeroPrefix(t *testing.T) {
	var p schema.Prefix
	var nilp *schema.Prefix
	if got := string(p.Append(nil, `{"a":1}`)); got != `{"a":1}` {
		t.Errorf("zero Prefix: %s", got)
	}
	if got := string(nilp.Append(nil, `{"a":1}`)); got != `{"a":1}` {
		t.Errorf("nil Prefix: %s", got)
	}
}

// Escapes come out as Coerce writes them, however the text is cut.
func TestPrefixEscapes(t *testing.T) {
	tool := toolcall.Tool{Name: "f", Parameters: []byte(`{"type":"object","properties":{"s":{"type":"string"}}}`)}
	args := `{"s":"\ud83d\ude00 \ud83d\ud83d\ude00 \ude00 \ud83dx \u00e9 \/ \u2028 \ufffd \u0041 \u0022 \u000a","t":["\ud83d\ude00",{"u":"\u00e9"}]}`
	want, _ := schema.For(tool).Coerce(args)
	for n := 1; n <= len(args); n++ {
		var pieces []string
		for i := 0; i < len(args); i += n {
			pieces = append(pieces, args[i:min(i+n, len(args))])
		}
		if got := prefixOf(tool, pieces); got != want {
			t.Fatalf("in %d-byte pieces: %s, Coerce gives %s", n, got, want)
		}
	}
}
