package minimax_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenBlock is the call block of the goldens' "tools" conversation.
var goldenBlock = strings.TrimSuffix(strings.TrimPrefix(goldenCalls, "\n"), "[e~[")

func TestGrammar(t *testing.T) {
	block := func(invokes string) string { return "<minimax:tool_call>\n" + invokes + "</minimax:tool_call>" }
	named := toolcall.Request{Tools: goldenTools, ToolChoice: "lookup_order"}
	formatstest.CheckGrammarCases(t, minimax.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required"}, append([]formatstest.GrammarCase{
		{Name: "the golden's block", Text: goldenBlock, Want: true},
		{Name: "no block's end", Text: strings.TrimSuffix(goldenBlock, "</minimax:tool_call>"), Want: false},
		{Name: "lookup_order named: two calls", Req: named, Text: goldenBlock, Want: false},
		{Name: "lookup_order named: its call", Req: named, Text: block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">7</parameter>\n</invoke>\n"), Want: true},
	}, formatstest.TaggedGrammarCases(tagged, goldenBlock)...))
}

func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, minimax.StructuralTag, toolcall.Request{Tools: goldenTools}, formatstest.TagWant{
		Trigger: "<minimax:tool_call>",
		Begin:   "<minimax:tool_call>\n", End: "</minimax:tool_call>", Content: "grammar", Body: goldenBlock,
	})
}
