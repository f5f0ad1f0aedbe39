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
	formatstest.CheckGrammarCases(t, minimax.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required"}, []formatstest.GrammarCase{
		{Name: "the golden's block", Text: goldenBlock, Want: true},
		{Name: "one call with the required argument only", Text: block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">7</parameter>\n</invoke>\n"), Want: true},
		{Name: "a value holding tags but no </parameter>", Text: block("<invoke name=\"write_note\">\n<parameter name=\"path\">a<</invoke></minimax:tool_call></param</parameter>\n<parameter name=\"text\">t</parameter>\n</invoke>\n"), Want: true},
		{Name: "a value holding </parameter>", Text: block("<invoke name=\"write_note\">\n<parameter name=\"path\">a</parameter>b</parameter>\n<parameter name=\"text\">t</parameter>\n</invoke>\n"), Want: false},
		{Name: "a tool the request does not offer", Text: block("<invoke name=\"rm\">\n</invoke>\n"), Want: false},
		{Name: "a required argument missing", Text: block("<invoke name=\"lookup_order\">\n</invoke>\n"), Want: false},
		{Name: "an integer that is not one", Text: block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">seven</parameter>\n</invoke>\n"), Want: false},
		{Name: "a value outside the enum", Text: block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">7</parameter>\n<parameter name=\"status\">lost</parameter>\n</invoke>\n"), Want: false},
		{Name: "no block's end", Text: strings.TrimSuffix(goldenBlock, "</minimax:tool_call>"), Want: false},
		{Name: "two calls, parallel_tool_calls false", Req: toolcall.Request{Tools: goldenTools, ToolChoice: "required", ParallelToolCalls: new(bool)}, Text: goldenBlock, Want: false},
		{Name: "lookup_order named: two calls", Req: named, Text: goldenBlock, Want: false},
		{Name: "lookup_order named: its call", Req: named, Text: block("<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">7</parameter>\n</invoke>\n"), Want: true},
	})
}

func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, minimax.StructuralTag, toolcall.Request{Tools: goldenTools}, formatstest.TagWant{
		Trigger: "<minimax:tool_call>",
		Begin:   "<minimax:tool_call>\n", End: "</minimax:tool_call>", Content: "grammar", Body: goldenBlock,
	})
}
