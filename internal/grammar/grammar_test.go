package grammar_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

type constrained struct {
	name    string
	grammar func(toolcall.Request) (string, error)
	tag     func(toolcall.Request) ([]byte, error)
	render  func([]toolcall.Call) (string, error)
	// textual formats write values as bare text, so a wrong value can
	// read as a right one (5 where a string is wanted, "7" where an
	// integer is).
	textual bool
}

var formats = []constrained{
	{"pythonic", pythonic.Grammar, pythonic.StructuralTag, pythonic.RenderCalls, false},
	{"llama4", llama4.Grammar, llama4.StructuralTag, llama4.RenderCalls, false},
	{"llama4-tags", llama4.Grammar, llama4.StructuralTag, llama4.RenderFunctionTags, false},
	{"lfm2", lfm2.Grammar, lfm2.StructuralTag, lfm2.RenderCalls, false},
	{"olmo3", olmo3.Grammar, olmo3.StructuralTag, olmo3.RenderCalls, false},
	{"hermes", hermes.Grammar, hermes.StructuralTag, hermes.RenderCalls, false},
	{"qwen3_coder", qwen3coder.Grammar, qwen3coder.StructuralTag, qwen3coder.RenderCalls, true},
	{"harmony", harmony.Grammar, harmony.StructuralTag, harmony.RenderCalls, false},
	{"glm45", glm45.Grammar, glm45.StructuralTag, glm45.RenderCalls, true},
	{"deepseek", deepseek.Grammar, deepseek.StructuralTag, deepseek.RenderCalls, false},
	{"kimi_k2", kimik2.Grammar, kimik2.StructuralTag, kimik2.RenderCalls, false},
	{"mistral", mistral.Grammar, mistral.StructuralTag, mistral.RenderCalls, false},
	{"llama3_json", llama3json.Grammar, llama3json.StructuralTag, llama3json.RenderCalls, false},
}

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

func render(t *rapid.T, f constrained, name string, args orderedObject) string {
	raw, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	text, err := f.render([]toolcall.Call{{Name: name, Arguments: string(raw)}})
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// TestRenderedCallsAreInTheGrammar: for random schemas and random valid
// arguments, what RenderCalls writes is in the grammar's language; near
// misses are not.
func TestRenderedCallsAreInTheGrammar(t *testing.T) {
	for _, f := range formats {
		t.Run(f.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				a := toolGen("get-weather").Draw(t, "tool a")
				b := toolGen("import").Draw(t, "tool b")
				req := toolcall.Request{Tools: []toolcall.Tool{a.tool, b.tool}}
				g := grammartest.Of(t, f.grammar, req)
				args := arguments(t, a)
				good := render(t, f, a.tool.Name, args)
				if !g.Match(good) {
					t.Fatalf("grammar rejects %q\n%s", good, g)
				}
				if bad := render(t, f, "no_such_tool", args); g.Match(bad) {
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
						if bad := render(t, f, a.tool.Name, without); g.Match(bad) {
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
					if !found || f.textual && (p.schema == `{"type": "string"}` || p.schema == `{"type": "integer"}` || p.schema == `{"type": ["string", "null"]}`) {
						continue
					}
					if bad := render(t, f, a.tool.Name, wrong); g.Match(bad) {
						t.Fatalf("grammar accepts %q with a wrong value for property %d (%s)\n%s", bad, i, p.schema, g)
					}
				}
			})
		})
	}
}

func TestGrammarNarrowsToToolChoice(t *testing.T) {
	no := false
	tools := []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{"x":{"type":"integer"}}}`)}, {Name: "g"}}
	two := []toolcall.Call{{Name: "f", Arguments: `{"x":1}`}, {Name: "g", Arguments: `{}`}}
	for _, f := range formats {
		t.Run(f.name, func(t *testing.T) {
			compile := func(req toolcall.Request) *grammartest.Grammar { return grammartest.Of(t, f.grammar, req) }
			text, _ := f.render(two)
			gOnlyG, _ := f.render(two[1:])
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
			if _, err := f.grammar(toolcall.Request{Tools: tools, ToolChoice: "none"}); err == nil {
				t.Errorf("tool_choice none: no error")
			}
		})
	}
}

func TestGrammarEscapesNamesAndKeys(t *testing.T) {
	tool := toolcall.Tool{Name: "a-b.c", Parameters: json.RawMessage(`{"type":"object","properties":{"q\"uote":{"type":"string"},"back\\slash":{"type":"string"}},"required":["q\"uote"]}`)}
	g := grammartest.Of(t, llama4.Grammar, toolcall.Request{Tools: []toolcall.Tool{tool}})
	text, _ := llama4.RenderFunctionTags([]toolcall.Call{{Name: "a-b.c", Arguments: `{"q\"uote":"x","back\\slash":"y"}`}})
	if !g.Match(text) {
		t.Errorf("grammar rejects %q\n%s", text, g)
	}
}

var update = flag.Bool("update", false, "rewrite the golden files")

// TestStructuralTagGoldens writes the structural tags of a two-tool request
// under each tool_choice and compares them with testdata; each must have the
// shape xgrammar documents.
func TestStructuralTagGoldens(t *testing.T) {
	no := false
	tools := []toolcall.Tool{
		{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"unit":{"enum":["c","f"]}},"required":["city"]}`)},
		{Name: "read_file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
	}
	choices := map[string]toolcall.Request{
		"auto":       {Tools: tools},
		"required":   {Tools: tools, ToolChoice: "required"},
		"named":      {Tools: tools, ToolChoice: "read_file"},
		"sequential": {Tools: tools, ParallelToolCalls: &no},
	}
	for _, f := range formats {
		if f.name == "llama4-tags" {
			continue
		}
		for choice, req := range choices {
			t.Run(f.name+"/"+choice, func(t *testing.T) {
				got, err := f.tag(req)
				if f.name == "pythonic" && (choice == "auto" || choice == "sequential") {
					if err != pythonic.ErrNoStartMarker {
						t.Fatalf("pythonic under %s: %v, want ErrNoStartMarker", choice, err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				checkShape(t, got, req)
				path := filepath.Join("testdata", f.name+"_"+choice+".json")
				if *update {
					if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if strings.TrimSpace(string(want)) != string(got) {
					t.Errorf("structural tag differs from %s:\n%s", path, got)
				}
			})
		}
	}
}

// checkShape checks a structural tag against the shape xgrammar documents.
func checkShape(t *testing.T, raw []byte, req toolcall.Request) {
	t.Helper()
	var st struct {
		Type   string         `json:"type"`
		Format map[string]any `json:"format"`
	}
	if err := json.Unmarshal(raw, &st); err != nil || st.Type != "structural_tag" || st.Format == nil {
		t.Fatalf("not a structural tag: %s", raw)
	}
	switch st.Format["type"] {
	case "grammar":
		g, _ := st.Format["grammar"].(string)
		if _, err := grammartest.Compile(g); err != nil {
			t.Fatalf("the grammar format does not compile: %v", err)
		}
	case "triggered_tags":
		triggers, _ := st.Format["triggers"].([]any)
		tags, _ := st.Format["tags"].([]any)
		if len(triggers) == 0 || len(tags) == 0 {
			t.Fatalf("triggered_tags without triggers or tags: %s", raw)
		}
		for _, x := range tags {
			tag := x.(map[string]any)
			begin, _ := tag["begin"].(string)
			end, _ := tag["end"].(string)
			if end == "" && !strings.HasPrefix(begin, "[TOOL_CALLS]") || !strings.HasPrefix(begin, triggers[0].(string)) {
				t.Errorf("tag %v: its begin does not start with its trigger, or it has no end (only Mistral's calls end with their JSON)", tag)
			}
			content, _ := tag["content"].(map[string]any)
			switch content["type"] {
			case "json_schema":
				if content["json_schema"] == nil {
					t.Errorf("json_schema content without a schema")
				}
			case "grammar":
				if _, err := grammartest.Compile(content["grammar"].(string)); err != nil {
					t.Errorf("grammar content does not compile: %v", err)
				}
			default:
				t.Errorf("unexpected content %v", content)
			}
		}
		if (st.Format["at_least_one"] == true) != (req.ToolChoice == "required" || req.ToolChoice == "read_file") {
			t.Errorf("at_least_one = %v under tool_choice %q", st.Format["at_least_one"], req.ToolChoice)
		}
		if (st.Format["stop_after_first"] == true) != (!req.Parallel() || req.ToolChoice == "read_file") {
			t.Errorf("stop_after_first = %v", st.Format["stop_after_first"])
		}
	case "tags_with_separator":
		tags, _ := st.Format["tags"].([]any)
		sep, _ := st.Format["separator"].(string)
		if len(tags) == 0 || sep == "" {
			t.Fatalf("tags_with_separator without tags or separator: %s", raw)
		}
		final := false
		for _, x := range tags {
			tag := x.(map[string]any)
			content, _ := tag["content"].(map[string]any)
			begin, _ := tag["begin"].(string)
			end, _ := tag["end"].(string)
			if begin == "" || end == "" || content["type"] != "json_schema" && content["type"] != "any_text" {
				t.Errorf("tag %v: no begin or end, or unexpected content", tag)
			}
			final = final || strings.Contains(begin, "final")
		}
		if final == (req.ToolChoice == "required" || req.ToolChoice == "read_file") {
			t.Errorf("a final message is allowed = %v under tool_choice %q", final, req.ToolChoice)
		}
	case "or": // Harmony under a required call: calls alone, or an analysis message then calls
		alts, _ := st.Format["elements"].([]any)
		if len(alts) != 2 {
			t.Fatalf("or without its two alternatives: %s", raw)
		}
		for _, a := range alts {
			alt := a.(map[string]any)
			last := alt
			if alt["type"] == "sequence" {
				els := alt["elements"].([]any)
				last = els[len(els)-1].(map[string]any)
			}
			if last["type"] != "tags_with_separator" || last["at_least_one"] != true {
				t.Errorf("an alternative that does not end with at least one call: %v", alt)
			}
			for _, x := range last["tags"].([]any) {
				if begin := x.(map[string]any)["begin"].(string); !strings.Contains(begin, "to=functions.") {
					t.Errorf("a required call's list allows %q", begin)
				}
			}
			if (last["stop_after_first"] == true) != (!req.Parallel() || req.ToolChoice == "read_file") {
				t.Errorf("stop_after_first = %v", last["stop_after_first"])
			}
		}
		if req.ToolChoice != "required" && req.ToolChoice != "read_file" {
			t.Errorf("or under tool_choice %q", req.ToolChoice)
		}
	default:
		t.Fatalf("unexpected format type %v", st.Format["type"])
	}
}

func TestGrammarFollowsRecursiveRefs(t *testing.T) {
	tool := toolcall.Tool{Name: "plant", Parameters: json.RawMessage(`{"$defs":{"node":{"type":"object","properties":{"name":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}},"required":["name"]}},"type":"object","properties":{"tree":{"$ref":"#/$defs/node"}},"required":["tree"]}`)}
	g := grammartest.Of(t, pythonic.Grammar, toolcall.Request{Tools: []toolcall.Tool{tool}})
	for text, want := range map[string]bool{
		`[plant(tree={"name": "a", "kids": [{"name": "b", "kids": []}, {"name": "c"}]})]`: true,
		`[plant(tree={"name": "a", "kids": [{"kids": []}]})]`:                             false,
		`[plant(tree={"name": 1})]`:                                                       false,
	} {
		if g.Match(text) != want {
			t.Errorf("Match(%s) = %v, want %v\n%s", text, !want, want, g)
		}
	}
}
