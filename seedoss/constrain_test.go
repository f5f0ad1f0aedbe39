package seedoss_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenBlocks are the call blocks of the goldens' "tools" conversation.
var goldenBlocks = strings.TrimSuffix(goldenCalls, "<seed:eos>")

func TestGrammar(t *testing.T) {
	block := func(body string) string { return "<seed:tool_call>\n" + body + "</function>\n</seed:tool_call>" }
	formatstest.CheckGrammarCases(t, seedoss.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required"}, append([]formatstest.GrammarCase{
		{Name: "the golden's blocks", Text: goldenBlocks, Want: true},
		{Name: "an object as JSON", Text: block("<function=lookup_order>\n<parameter=order_id>7</parameter>\n<parameter=options>{\"include_items\": True}</parameter>\n"), Want: true},
		{Name: "JSON's true in an object", Text: block("<function=lookup_order>\n<parameter=order_id>7</parameter>\n<parameter=options>{'include_items': true}</parameter>\n"), Want: false},
	}, formatstest.TaggedGrammarCases(tagged, goldenBlocks)...))
}

func TestStructuralTag(t *testing.T) {
	second := goldenBlocks[strings.LastIndex(goldenBlocks, "<seed:tool_call>"):]
	formatstest.CheckTag(t, seedoss.StructuralTag, toolcall.Request{Tools: goldenTools}, formatstest.TagWant{
		Trigger: "<seed:tool_call>", Tags: 2, Tag: 1,
		Begin: "<seed:tool_call>\n<function=lookup_order>\n", End: "</function>\n</seed:tool_call>", Content: "grammar", Body: second,
	})
}
