package cohere_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/cohere"
	"github.com/toolparse/toolparse/formats/formatstest"
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
	formatstest.CheckTag(t, cohere.StructuralTag, toolcall.Request{Tools: constrained},
		formatstest.TagWant{Trigger: "<|START_ACTION|>", Begin: "<|START_ACTION|>", End: "<|END_ACTION|>", Content: "grammar"})
	if _, err := cohere.StructuralTag(toolcall.Request{Tools: constrained, ToolChoice: "none"}); err == nil {
		t.Error(`tool_choice "none": no error`)
	}
}
