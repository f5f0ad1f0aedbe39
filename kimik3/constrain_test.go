package kimik3_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/kimik3"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenToolsChannel is the tools channel of the kimi_k3 golden tools.txt.
const goldenToolsChannel = `<|open|>tools<|sep|><|open|>call tool="write_note" index="1"<|sep|><|open|>argument key="path" type="string"<|sep|>notes/todo.txt<|close|>argument<|sep|><|open|>argument key="text" type="string"<|sep|>She said "hi"` + "\n" + `then <b>left</b><|close|>argument<|sep|><|close|>call<|sep|><|open|>call tool="lookup_order" index="2"<|sep|><|open|>argument key="order_id" type="number"<|sep|>42<|close|>argument<|sep|><|open|>argument key="status" type="string"<|sep|>shipped<|close|>argument<|sep|><|open|>argument key="options" type="object"<|sep|>{"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`

func TestGrammar(t *testing.T) {
	g := grammartest.Of(t, kimik3.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required"})
	tests := []struct {
		name string
		text string
		want bool
	}{
		{"the golden's tools channel", goldenToolsChannel, true},
		{"one call with the required argument only", `<|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|open|>argument key="order_id" type="number"<|sep|>7<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, true},
		{"a value holding a '<' and a '<|' but no <|close|>", `<|open|>tools<|sep|><|open|>call tool="write_note" index="1"<|sep|><|open|>argument key="path" type="string"<|sep|>a<<|b<|clos<|close<|close|x<|close|>argument<|sep|><|open|>argument key="text" type="string"<|sep|>t<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, true},
		{"a value holding <|close|>", `<|open|>tools<|sep|><|open|>call tool="write_note" index="1"<|sep|><|open|>argument key="path" type="string"<|sep|>a<|close|>x<|close|>argument<|sep|><|open|>argument key="text" type="string"<|sep|>t<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, false},
		{"a tool the request does not offer", `<|open|>tools<|sep|><|open|>call tool="rm" index="1"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, false},
		{"a required argument missing", `<|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, false},
		{"an integer typed string", `<|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|open|>argument key="order_id" type="string"<|sep|>7<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, false},
		{"a value outside the enum", `<|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|open|>argument key="order_id" type="number"<|sep|>7<|close|>argument<|sep|><|open|>argument key="status" type="string"<|sep|>lost<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, false},
	}
	for _, tc := range tests {
		if got := g.Match(tc.text); got != tc.want {
			t.Errorf("%s: Match = %v, want %v", tc.name, got, tc.want)
		}
	}
	// parallel_tool_calls false: one call.
	one := grammartest.Of(t, kimik3.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required", ParallelToolCalls: new(bool)})
	if one.Match(goldenToolsChannel) {
		t.Error("with parallel_tool_calls false the grammar accepts two calls")
	}
}

func TestStructuralTag(t *testing.T) {
	raw, err := kimik3.StructuralTag(toolcall.Request{Tools: goldenTools})
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
	if st.Type != "structural_tag" || f.Type != "triggered_tags" || len(f.Triggers) != 1 || f.Triggers[0] != "<|open|>tools<|sep|>" || len(f.Tags) != 1 {
		t.Fatalf("structural tag %s", raw)
	}
	tag := f.Tags[0]
	if tag.Begin != "<|open|>tools<|sep|>" || tag.End != "<|close|>tools<|sep|>" || tag.Content.Type != "grammar" {
		t.Fatalf("tag %+v", tag)
	}
	g, err := grammartest.Compile(tag.Content.Grammar)
	if err != nil {
		t.Fatal(err)
	}
	inside := strings.TrimSuffix(strings.TrimPrefix(goldenToolsChannel, tag.Begin), tag.End)
	if !g.Match(inside) {
		t.Errorf("the tag's grammar refuses the golden's calls")
	}
}
