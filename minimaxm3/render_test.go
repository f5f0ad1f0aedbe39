package minimaxm3_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/minimaxm3"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// TestRenderCalls: calls as the template writes them (to_xml), and where
// that would not read back, as RenderCalls writes them instead.
func TestRenderCalls(t *testing.T) {
	tests := []struct {
		name, args, want string
	}{
		{"scalars", `{"s":"Paris","n":7,"x":2.5,"b":true}`, el("s", "Paris") + el("n", "7") + el("x", "2.5") + el("b", "true")},
		{"nested", `{"o":{"k":"v","l":[1,"a"]}}`, el("o", el("k", "v"), el("l", el("item", "1"), el("item", "a")))},
		{"null, which the template leaves out", `{"z":null,"o":{"z":null}}`, el("z", "null") + el("o", el("z", "null"))},
		{"empty containers as arguments", `{"a":[],"o":{}}`, el("a") + el("o")},
		{"an empty container inside one: JSON", `{"o":{"a":[]}}`, el("o", `{"a": []}`)},
		{"a string that reads as a number inside one: JSON", `{"l":["7"]}`, el("l", `["7"]`)},
		{"an object of items alone inside one: JSON", `{"l":[{"item":1}]}`, el("l", `[{"item": 1}]`)},
		{"a key that is no tag name inside one: JSON", `{"o":{"a>b":1}}`, el("o", `{"a>b": 1}`)},
		{"a token in a string in JSON is escaped", `{"o":{"s":"x]<]minimax[>[y","t":[]}}`, el("o", `{"s": "x\u005d<\u005dminimax\u005b>\u005by", "t": []}`)},
	}
	for _, tc := range tests {
		got, err := minimaxm3.RenderCalls([]toolcall.Call{{Name: "f", Arguments: tc.args}})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if want := NS + "<tool_call>\n" + NS + `<invoke name="f">` + tc.want + NS + "</invoke>\n" + NS + "</tool_call>"; got != want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, want)
		}
		// What is written reads back, typed by a schema that names the
		// arguments' own types.
		r := stream.Parse(minimaxm3.Format, got, toolcall.Request{Tools: []toolcall.Tool{tool("f", `{"type":"object","properties":{
			"s":{"type":"string"},"a":{"type":"array"},"o":{"type":"object"},"l":{"type":"array"},"z":{"type":"null"}}}`)}},
			stream.WithPolicy(policy.Policy{Mode: policy.All}))
		if len(r.Calls) != 1 || !sameJSON(r.Calls[0].Arguments, tc.args) {
			t.Errorf("%s: read back as %v, want %s", tc.name, r.Calls, tc.args)
		}
	}
	for _, bad := range []toolcall.Call{
		{Name: "a b", Arguments: `{}`},
		{Name: "f", Arguments: `[1]`},
		{Name: "f", Arguments: `{"a>b":1}`},
		{Name: "f", Arguments: `{"/a":1}`},
		{Name: "f", Arguments: `{"s":"x]<]minimax[>[y"}`},
		{Name: "f", Arguments: `{"s":"done[e~["}`},
	} {
		if text, err := minimaxm3.RenderCalls([]toolcall.Call{bad}); err == nil {
			t.Errorf("%s %s: written as %q, want an error", bad.Name, bad.Arguments, text)
		}
	}
	if text, err := minimaxm3.RenderCalls(nil); text != "" || err != nil {
		t.Errorf("no calls: %q, %v", text, err)
	}
}

func sameJSON(a, b string) bool { return a == b || jsonEqual(a, b) }

// TestGrammarTextValues: a raw value may hold any tag, its own close tag
// without the namespace token too, and never the namespace token.
func TestGrammarTextValues(t *testing.T) {
	req := toolcall.Request{ToolChoice: "required", Tools: []toolcall.Tool{tool("put", `{"type":"object","properties":{"html":{"type":"string"},"o":{"type":"object","properties":{"k":{"type":"string"}}},"l":{"type":"array","items":{"type":"integer"}}},"required":["html"]}`)}}
	g := grammartest.Of(t, minimaxm3.Grammar, req)
	for _, html := range []string{"<p>x</p>", "</html> ]< ]<] ]]<]minima [>[", "</invoke></tool_call>", "]<]minimax[>", "<mm:think>", ""} {
		for _, rest := range []string{"", el("o", el("k", "v")), el("o", `{"k": "v"}`), el("l", el("item", "1"), el("item", "-2")), el("l", "[1, 2]")} {
			text := block("put", el("html", html), rest)
			if !g.Match(text) {
				t.Errorf("the grammar refuses %q", text)
			}
		}
	}
	for _, bad := range []string{
		block("put", el("html", "a"+NS+"b")),
		block("put", el("html", "a]<]minimax[>[")),
		block("put", el("html", "a"), el("l", el("item", "x"))),
		block("put", el("html", "a"), el("o", el("z", "v"))),
		block("put", el("o", el("k", "v"))),
	} {
		if g.Match(bad) {
			t.Errorf("the grammar accepts %q", bad)
		}
	}
	if tag, err := minimaxm3.StructuralTag(req); err != nil || !strings.Contains(string(tag), `"triggers":["]<]minimax[>[<tool_call>"]`) {
		t.Errorf("structural tag %s, %v", tag, err)
	}
}

func jsonEqual(a, b string) bool {
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}
