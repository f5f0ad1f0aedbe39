package gemma4_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gemma4"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenTools are the tools of the goldens' conversations.
var goldenTools = formatstest.GoldenTools()

// TestGrammar: the grammar takes the goldens' calls and what RenderCalls
// writes, and refuses what the schemas do not allow.
func TestGrammar(t *testing.T) {
	g := grammartest.Of(t, gemma4.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required"})
	for _, ok := range []string{
		goldenTwoCalls,
		goldenOneCall,
		`<|tool_call>call:lookup_order{order_id:7}<tool_call|>`,
		`<|tool_call>call:lookup_order{options:{},order_id:-1}<tool_call|>`,
		`<|tool_call>call:write_note{path:<|"|>a<|"|>,text:<|"|>x <tool_call|> <| <|" y<|"|>}<tool_call|>`,
	} {
		if !g.Match(ok) {
			t.Errorf("the grammar refuses %q", ok)
		}
	}
	for _, bad := range []string{
		"",
		`<|tool_call>call:lookup_order{}<tool_call|>`,                                      // order_id is required
		`<|tool_call>call:lookup_order{order_id:1.5}<tool_call|>`,                          // an integer
		`<|tool_call>call:lookup_order{order_id:1,status:<|"|>lost<|"|>}<tool_call|>`,      // not in the enum
		`<|tool_call>call:lookup_order{status:<|"|>open<|"|>,order_id:1}<tool_call|>`,      // keys sorted
		`<|tool_call>call:write_note{path:<|"|>a<|"|>}<tool_call|>`,                        // text is required
		`<|tool_call>call:write_note{path:<|"|>a<|"|>,text:<|"|>b<|"|>c<|"|>}<tool_call|>`, // a quote ends a string
		`<|tool_call>call:other{}<tool_call|>`,
	} {
		if g.Match(bad) {
			t.Errorf("the grammar takes %q", bad)
		}
	}
	one := grammartest.Of(t, gemma4.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "lookup_order"})
	if one.Match(goldenOneCall+goldenOneCall) || !one.Match(goldenOneCall) {
		t.Error("a named tool allows exactly one call")
	}
	if _, err := gemma4.Grammar(toolcall.Request{Tools: goldenTools, ToolChoice: "none"}); err == nil {
		t.Error(`tool_choice "none" gives a grammar`)
	}
}

// TestStructuralTag: one tag per tool, triggered on <|tool_call>.
func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, gemma4.StructuralTag, toolcall.Request{Tools: goldenTools}, formatstest.TagWant{
		Trigger: "<|tool_call>", Tags: 2, Tag: 1, Begin: "<|tool_call>call:lookup_order", End: "<tool_call|>",
	})
}
