package formatstest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

// The grammar checks of CheckRenderer that draw random schemas (moved
// from internal/grammar's tests).

// property is one generated parameter: its schema and valid and invalid
// values for it.
type property struct {
	name     string
	schema   string
	required bool
	valid    func(*rapid.T) any
	invalid  any // a value of the wrong type or outside the enum
}

func propertyGen() *rapid.Generator[property] {
	text := rapid.StringOf(rapid.SampledFrom([]rune("ab \"'\\\n✓é,)]<>&/")))
	kinds := []func(*rapid.T) property{
		func(t *rapid.T) property {
			return property{schema: `{"type": "string"}`, valid: func(t *rapid.T) any { return text.Draw(t, "s") }, invalid: 5}
		},
		func(t *rapid.T) property {
			return property{schema: `{"type": "string", "enum": ["celsius", "fahrenheit", "k\"elvin"]}`,
				valid: func(t *rapid.T) any {
					return rapid.SampledFrom([]string{"celsius", "fahrenheit", "k\"elvin"}).Draw(t, "e")
				}, invalid: "rankine"}
		},
		func(t *rapid.T) property {
			return property{schema: `{"type": "integer"}`, valid: func(t *rapid.T) any { return rapid.Int64().Draw(t, "i") }, invalid: "7"}
		},
		func(t *rapid.T) property {
			return property{schema: `{"type": "number"}`, valid: func(t *rapid.T) any { return rapid.Float64Range(-1e6, 1e6).Draw(t, "f") }, invalid: true}
		},
		func(t *rapid.T) property {
			return property{schema: `{"type": "boolean"}`, valid: func(t *rapid.T) any { return rapid.Bool().Draw(t, "b") }, invalid: "yes"}
		},
		func(t *rapid.T) property {
			return property{schema: `{"type": ["string", "null"]}`, valid: func(t *rapid.T) any {
				if rapid.Bool().Draw(t, "null") {
					return nil
				}
				return text.Draw(t, "s")
			}, invalid: 5}
		},
		func(t *rapid.T) property {
			return property{schema: `{"type": ["integer", "null"]}`, valid: func(t *rapid.T) any {
				if rapid.Bool().Draw(t, "null") {
					return nil
				}
				return rapid.IntRange(-50, 50).Draw(t, "n")
			}, invalid: "x"}
		},
		func(t *rapid.T) property {
			return property{schema: `{"type": "array", "items": {"type": "integer"}}`, valid: func(t *rapid.T) any {
				return rapid.SliceOfN(rapid.IntRange(-9, 9), 0, 3).Draw(t, "a")
			}, invalid: []string{"a"}}
		},
		func(t *rapid.T) property {
			return property{schema: `{"type": "object", "properties": {"z": {"type": "string"}, "a": {"type": "boolean"}}, "required": ["z", "a"]}`,
				valid: func(t *rapid.T) any {
					return orderedObject{{"z", text.Draw(t, "z")}, {"a", rapid.Bool().Draw(t, "a")}}
				}, invalid: orderedObject{{"a", true}}}
		},
	}
	return rapid.Custom(func(t *rapid.T) property {
		p := rapid.SampledFrom(kinds).Draw(t, "kind")(t)
		p.required = rapid.Bool().Draw(t, "required")
		return p
	})
}

// orderedObject marshals its members in order.
type orderedObject [][2]any

func (o orderedObject) MarshalJSON() ([]byte, error) {
	var parts []string
	for _, m := range o {
		k, _ := json.Marshal(m[0])
		v, err := json.Marshal(m[1])
		if err != nil {
			return nil, err
		}
		parts = append(parts, string(k)+":"+string(v))
	}
	return []byte("{" + strings.Join(parts, ",") + "}"), nil
}

type toolCase struct {
	tool  toolcall.Tool
	props []property
}

func toolGen(name string) *rapid.Generator[toolCase] {
	return rapid.Custom(func(t *rapid.T) toolCase {
		props := rapid.SliceOfN(propertyGen(), 0, 5).Draw(t, "props")
		var schemas, required []string
		for i := range props {
			props[i].name = []string{"city", "from", "max-results", "_id", "data.path"}[i]
			schemas = append(schemas, fmt.Sprintf("%q: %s", props[i].name, props[i].schema))
			if props[i].required {
				required = append(required, fmt.Sprintf("%q", props[i].name))
			}
		}
		params := `{"type": "object", "properties": {` + strings.Join(schemas, ", ") + `}, "required": [` + strings.Join(required, ", ") + `]}`
		return toolCase{tool: toolcall.Tool{Name: name, Parameters: json.RawMessage(params)}, props: props}
	})
}

// arguments draws valid arguments in declared order: every required
// property and some optional ones.
func arguments(t *rapid.T, tc toolCase) orderedObject {
	var args orderedObject
	for _, p := range tc.props {
		if p.required || rapid.Bool().Draw(t, "include "+p.name) {
			args = append(args, [2]any{p.name, p.valid(t)})
		}
	}
	return args
}

func renderArgs(t *rapid.T, f Renderer, name string, args orderedObject) string {
	raw, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	text, err := f.Render([]toolcall.Call{{Name: name, Arguments: string(raw)}})
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// checkRenderedCallsInGrammar: for random schemas and random valid
// arguments, what the renderer writes is in the grammar's language; near
// misses are not.
func checkRenderedCallsInGrammar(t *testing.T, f Renderer) {
	grammar := f.Format.(toolcall.Constrainer).Grammar
	rapid.Check(t, func(t *rapid.T) {
		a := toolGen("get-weather").Draw(t, "tool a")
		b := toolGen("import").Draw(t, "tool b")
		req := toolcall.Request{Tools: []toolcall.Tool{a.tool, b.tool}}
		g := grammartest.Of(t, grammar, req)
		args := arguments(t, a)
		good := renderArgs(t, f, a.tool.Name, args)
		if !g.Match(good) {
			t.Fatalf("grammar rejects %q\n%s", good, g)
		}
		if bad := renderArgs(t, f, "no_such_tool", args); g.Match(bad) {
			t.Fatalf("grammar accepts an unknown tool: %q", bad)
		}
		for i, p := range a.props {
			if p.required { // leave out a required key
				var without orderedObject
				for _, m := range args {
					if m[0] != p.name {
						without = append(without, m)
					}
				}
				if bad := renderArgs(t, f, a.tool.Name, without); g.Match(bad) {
					t.Fatalf("grammar accepts %q without required %s\n%s", bad, p.name, g)
				}
			}
			wrong := append(orderedObject{}, args...)
			found := false
			for j := range wrong {
				if wrong[j][0] == p.name {
					wrong[j] = [2]any{p.name, p.invalid}
					found = true
				}
			}
			// Where values are text, any text is a string (and "7" an integer's).
			if !found || f.Textual && (p.schema == `{"type": "string"}` || p.schema == `{"type": "integer"}` || p.schema == `{"type": ["string", "null"]}`) {
				continue
			}
			if bad := renderArgs(t, f, a.tool.Name, wrong); g.Match(bad) {
				t.Fatalf("grammar accepts %q with a wrong value for property %d (%s)\n%s", bad, i, p.schema, g)
			}
		}
	})
}

// checkGrammarNarrowsToToolChoice: two calls are in the grammar under
// auto, not with parallel_tool_calls false; a named tool_choice allows
// exactly one call to it; tool_choice none has no grammar.
func checkGrammarNarrowsToToolChoice(t *testing.T, f Renderer) {
	grammar := f.Format.(toolcall.Constrainer).Grammar
	no := false
	tools := []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{"x":{"type":"integer"}}}`)}, {Name: "g"}}
	two := []toolcall.Call{{Name: "f", Arguments: `{"x":1}`}, {Name: "g", Arguments: `{}`}}
	compile := func(req toolcall.Request) *grammartest.Grammar { return grammartest.Of(t, grammar, req) }
	text, _ := f.Render(two)
	gOnlyG, _ := f.Render(two[1:])
	if !compile(toolcall.Request{Tools: tools}).Match(text) {
		t.Errorf("two calls rejected under auto: %q", text)
	}
	if compile(toolcall.Request{Tools: tools, ParallelToolCalls: &no}).Match(text) {
		t.Errorf("two calls accepted with parallel_tool_calls false")
	}
	named := compile(toolcall.Request{Tools: tools, ToolChoice: "g"})
	if named.Match(text) || !named.Match(gOnlyG) {
		t.Errorf("a named tool_choice does not allow exactly one call to it")
	}
	if _, err := grammar(toolcall.Request{Tools: tools, ToolChoice: "none"}); err == nil {
		t.Errorf("tool_choice none: no error")
	}
}
