package seedoss_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenBlocks are the call blocks of the goldens' "tools" conversation.
var goldenBlocks = strings.TrimSuffix(goldenCalls, "<seed:eos>")

func TestGrammar(t *testing.T) {
	g := grammartest.Of(t, seedoss.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required"})
	block := func(body string) string { return "<seed:tool_call>\n" + body + "</function>\n</seed:tool_call>" }
	tests := []struct {
		name string
		text string
		want bool
	}{
		{"the golden's blocks", goldenBlocks, true},
		{"one call with the required argument only", block("<function=lookup_order>\n<parameter=order_id>7</parameter>\n"), true},
		{"an object as JSON", block("<function=lookup_order>\n<parameter=order_id>7</parameter>\n<parameter=options>{\"include_items\": True}</parameter>\n"), true},
		{"JSON's true in an object", block("<function=lookup_order>\n<parameter=order_id>7</parameter>\n<parameter=options>{'include_items': true}</parameter>\n"), false},
		{"a value holding tags but no </parameter>", block("<function=write_note>\n<parameter=path>a<</function></seed:tool_call></param</parameter>\n<parameter=text>t</parameter>\n"), true},
		{"a value holding </parameter>", block("<function=write_note>\n<parameter=path>a</parameter>b</parameter>\n<parameter=text>t</parameter>\n"), false},
		{"a tool the request does not offer", block("<function=rm>\n"), false},
		{"a required argument missing", block("<function=lookup_order>\n"), false},
		{"an integer that is not one", block("<function=lookup_order>\n<parameter=order_id>seven</parameter>\n"), false},
		{"a value outside the enum", block("<function=lookup_order>\n<parameter=order_id>7</parameter>\n<parameter=status>lost</parameter>\n"), false},
	}
	for _, tc := range tests {
		if got := g.Match(tc.text); got != tc.want {
			t.Errorf("%s: Match = %v, want %v", tc.name, got, tc.want)
		}
	}
	one := grammartest.Of(t, seedoss.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required", ParallelToolCalls: new(bool)})
	if one.Match(goldenBlocks) {
		t.Error("with parallel_tool_calls false the grammar accepts two calls")
	}
}

func TestStructuralTag(t *testing.T) {
	raw, err := seedoss.StructuralTag(toolcall.Request{Tools: goldenTools})
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Type   string `json:"type"`
		Format struct {
			Type     string   `json:"type"`
			Triggers []string `json:"triggers"`
			Tags     []struct {
				Begin   string `json:"begin"`
				End     string `json:"end"`
				Content struct {
					Type    string `json:"type"`
					Grammar string `json:"grammar"`
				} `json:"content"`
			} `json:"tags"`
		} `json:"format"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	f := st.Format
	if st.Type != "structural_tag" || f.Type != "triggered_tags" || len(f.Triggers) != 1 || f.Triggers[0] != "<seed:tool_call>" || len(f.Tags) != 2 {
		t.Fatalf("structural tag %s", raw)
	}
	tag := f.Tags[1]
	if tag.Begin != "<seed:tool_call>\n<function=lookup_order>\n" || tag.End != "</function>\n</seed:tool_call>" || tag.Content.Type != "grammar" {
		t.Fatalf("tag %+v", tag)
	}
	g, err := grammartest.Compile(tag.Content.Grammar)
	if err != nil {
		t.Fatal(err)
	}
	second := goldenBlocks[strings.LastIndex(goldenBlocks, "<seed:tool_call>"):]
	if inside := strings.TrimSuffix(strings.TrimPrefix(second, tag.Begin), tag.End); !g.Match(inside) {
		t.Errorf("the tag's grammar refuses the golden's second call: %q", inside)
	}
}
