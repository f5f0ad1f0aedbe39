package grammar_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/toolparse/toolparse/formats" // every shipped format
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

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
	ds := toolcall.Descriptors()
	if len(ds) < 12 {
		t.Fatalf("%d formats described, want the 12 shipped at least", len(ds))
	}
	for _, d := range ds {
		if d.Constrainer == nil {
			t.Errorf("%s has no Constrainer", d.Format.Name())
			continue
		}
		name := d.Format.Name()
		for choice, req := range choices {
			t.Run(name+"/"+choice, func(t *testing.T) {
				got, err := d.Constrainer.StructuralTag(req)
				if name == "pythonic" && (choice == "auto" || choice == "sequential") {
					if err != pythonic.ErrNoStartMarker {
						t.Fatalf("pythonic under %s: %v, want ErrNoStartMarker", choice, err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				checkShape(t, got, req)
				path := filepath.Join("testdata", name+"_"+choice+".json")
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
			if end == "" && !strings.HasPrefix(begin, "[TOOL_CALLS]") || !slices.ContainsFunc(triggers, func(x any) bool { return strings.HasPrefix(begin, x.(string)) }) {
				t.Errorf("tag %v: its begin does not start with a trigger, or it has no end (only Mistral's calls end with their JSON)", tag)
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
