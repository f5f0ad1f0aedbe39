package cohere_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/cohere"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

var constrained = []toolcall.Tool{
	{Name: "write_note", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"text":{"type":"string"}},"required":["path","text"]}`)},
	{Name: "lookup_order", Parameters: json.RawMessage(`{"type":"object","properties":{"order_id":{"type":"integer"},"status":{"type":"string","enum":["open","shipped","cancelled"]},"options":{"type":"object"}},"required":["order_id"]}`)},
}

// The grammar accepts the template's actions (the goldens' two calls,
// numbered by the model) and refuses what the tools' schemas or the
// layout do not allow.
func TestGrammar(t *testing.T) {
	g := grammartest.Of(t, cohere.Grammar, toolcall.Request{Tools: constrained, ToolChoice: "required"})
	two := strings.TrimSuffix(strings.TrimPrefix(goldenTurns[0].turn, "<|START_THINKING|><|END_THINKING|>"), "<|END_OF_TURN_TOKEN|>")
	for _, text := range []string{two, strings.ReplaceAll(two, `"1"`, `"17"`)} {
		if !g.Match(text) {
			t.Errorf("the grammar refuses %q", text)
		}
	}
	for _, text := range []string{
		strings.ReplaceAll(two, `"order_id": 42`, `"order_id": "42"`),         // a string for an integer
		strings.ReplaceAll(two, `"lookup_order"`, `"delete_order"`),           // no such tool
		strings.ReplaceAll(two, `"tool_call_id": "0"`, `"tool_call_id": "a"`), // not a number
		strings.ReplaceAll(two, "<|END_ACTION|>", ""),                         // no end
	} {
		if g.Match(text) {
			t.Errorf("the grammar accepts %q", text)
		}
	}
	one := grammartest.Of(t, cohere.Grammar, toolcall.Request{Tools: constrained, ToolChoice: "lookup_order"})
	if one.Match(two) {
		t.Error("a named tool: the grammar accepts two calls")
	}
}

// The structural tag is one tag, the action, triggered by its start.
func TestStructuralTag(t *testing.T) {
	raw, err := cohere.StructuralTag(toolcall.Request{Tools: constrained})
	if err != nil {
		t.Fatal(err)
	}
	var tag struct {
		Type   string `json:"type"`
		Format struct {
			Triggers []string `json:"triggers"`
			Tags     []struct {
				Begin, End string
				Content    struct{ Type, Grammar string }
			} `json:"tags"`
			AtLeastOne bool `json:"at_least_one"`
		} `json:"format"`
	}
	if err := json.Unmarshal(raw, &tag); err != nil {
		t.Fatal(err)
	}
	f := tag.Format
	if tag.Type != "structural_tag" || len(f.Triggers) != 1 || f.Triggers[0] != "<|START_ACTION|>" || len(f.Tags) != 1 ||
		f.Tags[0].Begin != "<|START_ACTION|>" || f.Tags[0].End != "<|END_ACTION|>" || f.Tags[0].Content.Type != "grammar" || f.AtLeastOne {
		t.Errorf("structural tag %s", raw)
	}
	if _, err := cohere.StructuralTag(toolcall.Request{Tools: constrained, ToolChoice: "none"}); err == nil {
		t.Error(`tool_choice "none": no error`)
	}
}
