package grammar_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

// typedFrame frames arguments as DeepSeek's DSML does: the tag says
// whether the value is raw text (string="true") or JSON (string="false"),
// and its close tag is not ASCII.
func typedFrame(key string, text bool) (string, string) {
	typ := "false"
	if text {
		typ = "true"
	}
	return `<｜P｜ name="` + key + `" string="` + typ + `">`, "</｜P｜>\n"
}

// A typed frame: a string is raw text in the text frame, another value
// JSON in the JSON frame, a value that may be either takes either; raw
// text never holds the close tag, though it may hold any other tag and
// any part of it, which is a character, not a byte, longer.
func TestTypedTaggedArguments(t *testing.T) {
	tool := toolcall.Tool{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{` +
		`"s":{"type":"string"},"n":{"type":"integer"},"u":{"type":["string","object"]},"e":{"enum":["a",1]}},"required":["s"]}`)}
	frame := grammar.Frame{Begin: func(name string) string { return "<" + name + ">\n" }, End: "</f>", Typed: typedFrame}
	g := grammartest.Of(t, frame.Grammar, toolcall.Request{Tools: []toolcall.Tool{tool}, ToolChoice: "required"})
	s := func(v string) string { return `<｜P｜ name="s" string="true">` + v + "</｜P｜>\n" }
	for text, want := range map[string]bool{
		"<f>\n" + s("x") + "</f>": true,
		"<f>\n" + s("a <b> </｜P <｜P｜ </｜ </｜Q｜> <") + "</f>":                        true,
		"<f>\n" + s("a </｜P｜> b") + "</f>":                                          false,
		"<f>\n" + s("x") + `<｜P｜ name="n" string="false">42</｜P｜>` + "\n</f>":       true,
		"<f>\n" + s("x") + `<｜P｜ name="n" string="true">42</｜P｜>` + "\n</f>":        false,
		"<f>\n" + s("x") + `<｜P｜ name="u" string="true">{x</｜P｜>` + "\n</f>":        true,
		"<f>\n" + s("x") + `<｜P｜ name="u" string="false">{"k": 1}</｜P｜>` + "\n</f>": true,
		"<f>\n" + s("x") + `<｜P｜ name="e" string="true">a</｜P｜>` + "\n</f>":         true,
		"<f>\n" + s("x") + `<｜P｜ name="e" string="false">1</｜P｜>` + "\n</f>":        true,
		"<f>\n" + s("x") + `<｜P｜ name="e" string="true">1</｜P｜>` + "\n</f>":         false,
		"<f>\n</f>": false,
	} {
		if g.Match(text) != want {
			t.Errorf("Match(%q) = %v, want %v\n%s", text, !want, want, g)
		}
	}
	if _, err := frame.StructuralTag(toolcall.Request{Tools: []toolcall.Tool{tool}}); err != nil {
		t.Error(err)
	}
}
