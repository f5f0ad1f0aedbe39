package grammar_test

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

// nested frames elements as <KEY>...</KEY> after the token ]x]y, the
// token no text holds.
var nested = grammar.Frame{
	Begin:  func(name string) string { return "{" + name + "}" },
	End:    "{/}",
	Nested: &grammar.Nested{Tag: func(k string) (string, string) { return "]x]y<" + k + ">", "]x]y</" + k + ">" }, Item: "item", Without: "]x]y"},
}

// TestNestedTextWithoutToken: a text value is any text that does not hold
// the token, however its bytes overlap the token's start.
func TestNestedTextWithoutToken(t *testing.T) {
	req := toolcall.Request{ToolChoice: "required", Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}`)}}}
	g := grammartest.Of(t, nested.Grammar, req)
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOf(rapid.SampledFrom([]rune("]xy<a"))).Draw(t, "s")
		text := "{f}]x]y<s>" + s + "]x]y</s>{/}"
		if got, want := g.Match(text), !strings.Contains(s, "]x]y"); got != want {
			t.Fatalf("%q: the grammar accepts it: %v, want %v", s, got, want)
		}
	})
}

// TestNestedElements: objects whose schema lists properties, and arrays,
// as elements or as JSON; required members present, in declared order.
func TestNestedElements(t *testing.T) {
	req := toolcall.Request{ToolChoice: "required", Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{
		"o":{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"string"}},"required":["a"]},
		"l":{"type":"array","items":{"type":"boolean"}},
		"t":{"type":"array","prefixItems":[{"type":"integer"}],"items":{"type":"string"}},
		"r":{"$ref":"#/$defs/node"}},
		"$defs":{"node":{"type":"object","properties":{"kid":{"$ref":"#/$defs/node"}}}}}`)}}}
	g := grammartest.Of(t, nested.Grammar, req)
	el := func(k string, v ...string) string {
		return "]x]y<" + k + ">" + strings.Join(v, "") + "]x]y</" + k + ">"
	}
	call := func(args ...string) string { return "{f}" + strings.Join(args, "") + "{/}" }
	for _, good := range []string{
		call(),
		call(el("o", el("a", "1"), el("b", "x"))),
		call(el("o", el("a", "-2"))),
		call(el("o", `{"a": 1}`)),
		call(el("l", el("item", "true"), el("item", "false"))),
		call(el("l")),
		call(el("l", "[true]")),
		call(el("t", el("item", "1"), el("item", "x"), el("item", "y"))),
		call(el("t")),
		call(el("r", el("kid", el("kid")))),
		call(el("o", el("a", "1")), el("l"), el("t"), el("r")),
	} {
		if !g.Match(good) {
			t.Errorf("the grammar refuses %q", good)
		}
	}
	for _, bad := range []string{
		call(el("o", el("b", "x"))),
		call(el("o", el("b", "x"), el("a", "1"))),
		call(el("l", el("item", "yes"))),
		call(el("t", el("item", "x"))),
		call(el("l"), el("o", el("a", "1"))),
	} {
		if g.Match(bad) {
			t.Errorf("the grammar accepts %q", bad)
		}
	}
}
