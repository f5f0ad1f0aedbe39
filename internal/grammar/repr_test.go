package grammar_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

// A frame whose values are written as Python's str writes them (Repr)
// takes repr's strings in either quote, True, False and None, and no JSON
// literal; its strings stay raw text.
func TestReprValues(t *testing.T) {
	frame := grammar.Frame{
		Begin:   func(name string) string { return "<function=" + name + ">\n" },
		End:     "</function>",
		Tagged:  grammar.QwenParameters,
		Trigger: "<function=",
		Repr:    true,
	}
	tool := toolcall.Tool{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{
		"s":{"type":"string"},"b":{"type":"boolean"},"n":{"type":["integer","null"]},"k":{"enum":[true,1.5]},
		"o":{"type":"object","properties":{"e":{"enum":["x","y"]},"l":{"type":"array","items":{"type":"string"}}}}}}`)}
	g := grammartest.Of(t, frame.Grammar, toolcall.Request{Tools: []toolcall.Tool{tool}, ToolChoice: "required"})
	call := func(key, val string) string {
		return "<function=f>\n<parameter=" + key + ">\n" + val + "\n</parameter>\n</function>"
	}
	for _, tt := range []struct {
		key, val string
		want     bool
	}{
		{"s", "it's <b>raw</b>", true},
		{"b", "True", true},
		{"b", "true", false},
		{"n", "None", true},
		{"n", "null", false},
		{"k", "True", true},
		{"k", "1.5", true},
		{"k", "true", false},
		{"o", `{'e': 'x', 'l': ['a', "b'c"]}`, true},
		{"o", `{"e": "y"}`, true},
		{"o", `{'e': 'z'}`, false},
		{"o", `{'l': [true]}`, false},
	} {
		if got := g.Match(call(tt.key, tt.val)); got != tt.want {
			t.Errorf("%s = %s: Match = %v, want %v", tt.key, tt.val, got, tt.want)
		}
	}
}
