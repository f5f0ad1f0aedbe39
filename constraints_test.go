package toolparse_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

// constrained returns the compiled Grammar of the renderer's format for req.
func constrained(t *testing.T, format toolcall.Format, req toolcall.Request) *grammartest.Grammar {
	t.Helper()
	c, ok := format.(toolcall.Constrainer)
	if !ok {
		t.Fatalf("%s is not a toolcall.Constrainer", format.Name())
	}
	return grammartest.Of(t, c.Grammar, req)
}

// unconstrained are the renderers of a format's other syntaxes, which its
// Grammar does not write (it writes the format's main one).
var unconstrained = map[string]bool{"mistral v3": true, "llama4 JSON": true, "deepseek R1": true}

// TestGrammarsWriteOnlyObjectArguments: a tool with no parameters schema
// takes an object, under every format's grammar; "arguments": "x" is not
// one.
func TestGrammarsWriteOnlyObjectArguments(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "ping"}}, ToolChoice: "required"}
	for _, r := range renderers {
		if unconstrained[r.name] {
			continue
		}
		g := constrained(t, r.format, req)
		text, err := r.render([]toolcall.Call{{Name: "ping", Arguments: `{"k": 1}`}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, `{"k": 1}`) {
			continue // the format does not write arguments as a JSON object
		}
		if !g.Match(text) {
			t.Errorf("%s: the grammar refuses %q", r.name, text)
		}
		for _, bad := range []string{`"x"`, `1`, `[]`, `null`} {
			if wrong := strings.Replace(text, `{"k": 1}`, bad, 1); g.Match(wrong) {
				t.Errorf("%s: the grammar lets a tool without a schema take %s: %q", r.name, bad, wrong)
			}
		}
	}
}

// TestGrammarNumbersStayNumbers: every number a grammar allows is one that
// coercion and validation keep a number; 2e430 is not.
func TestGrammarNumbersStayNumbers(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "scale", Parameters: json.RawMessage(
		`{"type":"object","properties":{"x":{"type":"number"},"n":{"type":"integer"}},"required":["x","n"]}`)}}, ToolChoice: "required"}
	for _, r := range renderers {
		if unconstrained[r.name] {
			continue
		}
		g := constrained(t, r.format, req)
		text, err := r.render([]toolcall.Call{{Name: "scale", Arguments: `{"x": 12345.5, "n": 67890}`}})
		if err != nil {
			t.Fatal(err)
		}
		if !g.Match(text) {
			t.Fatalf("%s: the grammar refuses %q", r.name, text)
		}
		for _, ok := range []string{"2.5e10", "1e-300", "-0.125", "123456789012345678901"} {
			if good := strings.Replace(text, "12345.5", ok, 1); !g.Match(good) {
				t.Errorf("%s: the grammar refuses the number %s: %q", r.name, ok, good)
			}
		}
		for _, huge := range []string{"2e430", "1e999", "1" + strings.Repeat("0", 400)} {
			if bad := strings.Replace(text, "12345.5", huge, 1); g.Match(bad) {
				t.Errorf("%s: the grammar allows the number %.20s…, which no float64 holds", r.name, huge)
			}
		}
		if bad := strings.Replace(text, "67890", strings.Repeat("9", 40), 1); g.Match(bad) {
			t.Errorf("%s: the grammar allows a 40-digit integer", r.name)
		}
	}
}

// TestGrammarTextValuesHoldTags: where values are text (Qwen3-Coder, GLM),
// a value may hold any tag but its own close: <p>x</p> is a value,
// x</arg_value> in a GLM value or x</parameter> in a Qwen3-Coder one is
// not.
func TestGrammarTextValuesHoldTags(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "put", Parameters: json.RawMessage(
		`{"type":"object","properties":{"html":{"type":"string"},"note":{"type":["string","null"]}},"required":["html"]}`)}}, ToolChoice: "required"}
	for _, r := range renderers {
		if !r.typed || r.name == "harmony" {
			continue
		}
		g := constrained(t, r.format, req)
		for _, html := range []string{"<p>x</p>", "a </b> < / <</", "</tool_call></function>", "</arg_value", "</parameter"} {
			for _, note := range []string{`"hello"`, `null`, `plain words`} {
				text, err := r.render([]toolcall.Call{{Name: "put", Arguments: `{"html":` + jsonText(html) + `,"note":` + note + `}`}})
				if note == "plain words" {
					text, err = r.render([]toolcall.Call{{Name: "put", Arguments: `{"html":` + jsonText(html) + `,"note":"plain words"}`}})
				}
				if err != nil {
					t.Fatal(err)
				}
				if !g.Match(text) {
					t.Errorf("%s: the grammar refuses %q", r.name, text)
				}
			}
		}
		closeTag := map[string]string{"qwen3_coder": "</parameter>", "glm45": "</arg_value>"}[r.name]
		text, _ := r.render([]toolcall.Call{{Name: "put", Arguments: `{"html":` + jsonText("x"+closeTag+"y") + `}`}})
		if g.Match(text) {
			t.Errorf("%s: the grammar lets a value hold its own close tag: %q", r.name, text)
		}
	}
}

func jsonText(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestStructuralTagsRefuseWhatGrammarsRefuse: a schema with a $ref cycle,
// one nested 3,000 levels deep and one of 300 KB are refused by every
// format's StructuralTag as by its Grammar, not forwarded to the model
// server as they are.
func TestStructuralTagsRefuseWhatGrammarsRefuse(t *testing.T) {
	wide := `{"type":"object","properties":{` + strings.Repeat(`"p":{"type":"string","description":"padding padding padding"},`, 5000) + `"q":{"type":"string"}}}`
	schemas := map[string]string{
		"a $ref cycle":         `{"type":"object","properties":{"a":{"$ref":"#/properties/a"}}}`,
		"3,000 levels":         strings.Repeat(`{"type":"object","properties":{"a":`, 3000) + `{}` + strings.Repeat(`}}`, 3000),
		"300 KB":               wide,
		"anyOf of a $ref to #": `{"type":"object","anyOf":[{"$ref":"#"}]}`,
	}
	if len(wide) < 300<<10 {
		t.Fatalf("the wide schema is %d bytes", len(wide))
	}
	for _, name := range toolcall.Names() {
		f, _ := toolcall.Lookup(name)
		c, ok := f.(toolcall.Constrainer)
		if !ok || name != f.Name() {
			continue
		}
		for what, schema := range schemas {
			req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(schema)}}, ToolChoice: "required"}
			_, gerr := c.Grammar(req)
			tag, serr := c.StructuralTag(req)
			if gerr == nil {
				t.Errorf("%s, %s: the grammar accepts the schema", name, what)
			}
			if serr == nil {
				t.Errorf("%s, %s: the structural tag forwards it (%d bytes)", name, what, len(tag))
			}
		}
	}
}
