package minimax_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenBlock is the call block of the goldens' "tools" conversation.
var goldenBlock = strings.TrimSuffix(strings.TrimPrefix(goldenCalls, "\n"), "[e~[")

func TestGrammar(t *testing.T) {
	g := grammartest.Of(t, minimax.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required"})
	block := func(invokes string) string { return "<minimax:tool_call>\n" + invokes + "</minimax:tool_call>" }
	tests := []struct {
		name string
		text string
		want bool
	}{
		{"the golden's block", goldenBlock, true},
		{"one call with the required argument only", block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">7</parameter>\n</invoke>\n"), true},
		{"a value holding tags but no </parameter>", block("<invoke name=\"write_note\">\n<parameter name=\"path\">a<</invoke></minimax:tool_call></param</parameter>\n<parameter name=\"text\">t</parameter>\n</invoke>\n"), true},
		{"a value holding </parameter>", block("<invoke name=\"write_note\">\n<parameter name=\"path\">a</parameter>b</parameter>\n<parameter name=\"text\">t</parameter>\n</invoke>\n"), false},
		{"a tool the request does not offer", block("<invoke name=\"rm\">\n</invoke>\n"), false},
		{"a required argument missing", block("<invoke name=\"lookup_order\">\n</invoke>\n"), false},
		{"an integer that is not one", block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">seven</parameter>\n</invoke>\n"), false},
		{"a value outside the enum", block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">7</parameter>\n<parameter name=\"status\">lost</parameter>\n</invoke>\n"), false},
		{"no block's end", strings.TrimSuffix(goldenBlock, "</minimax:tool_call>"), false},
	}
	for _, tc := range tests {
		if got := g.Match(tc.text); got != tc.want {
			t.Errorf("%s: Match = %v, want %v", tc.name, got, tc.want)
		}
	}
	// parallel_tool_calls false: one call.
	one := grammartest.Of(t, minimax.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required", ParallelToolCalls: new(bool)})
	if one.Match(goldenBlock) {
		t.Error("with parallel_tool_calls false the grammar accepts two calls")
	}
	// A named tool: that one only.
	named := grammartest.Of(t, minimax.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "lookup_order"})
	if named.Match(goldenBlock) || !named.Match(block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">7</parameter>\n</invoke>\n")) {
		t.Error("with lookup_order named the grammar does not allow exactly its calls")
	}
}

func TestStructuralTag(t *testing.T) {
	raw, err := minimax.StructuralTag(toolcall.Request{Tools: goldenTools})
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
	if st.Type != "structural_tag" || f.Type != "triggered_tags" || len(f.Triggers) != 1 || f.Triggers[0] != "<minimax:tool_call>" || len(f.Tags) != 1 {
		t.Fatalf("structural tag %s", raw)
	}
	tag := f.Tags[0]
	if tag.Begin != "<minimax:tool_call>\n" || tag.End != "</minimax:tool_call>" || tag.Content.Type != "grammar" {
		t.Fatalf("tag %+v", tag)
	}
	g, err := grammartest.Compile(tag.Content.Grammar)
	if err != nil {
		t.Fatal(err)
	}
	if inside := strings.TrimSuffix(strings.TrimPrefix(goldenBlock, tag.Begin), tag.End); !g.Match(inside) {
		t.Errorf("the tag's grammar refuses the golden's calls")
	}
}
