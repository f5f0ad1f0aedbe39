package kimik3_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/kimik3"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenToolsChannel is the tools channel of the kimi_k3 golden tools.txt.
const goldenToolsChannel = `<|open|>tools<|sep|><|open|>call tool="write_note" index="1"<|sep|><|open|>argument key="path" type="string"<|sep|>notes/todo.txt<|close|>argument<|sep|><|open|>argument key="text" type="string"<|sep|>She said "hi"` + "\n" + `then <b>left</b><|close|>argument<|sep|><|close|>call<|sep|><|open|>call tool="lookup_order" index="2"<|sep|><|open|>argument key="order_id" type="number"<|sep|>42<|close|>argument<|sep|><|open|>argument key="status" type="string"<|sep|>shipped<|close|>argument<|sep|><|open|>argument key="options" type="object"<|sep|>{"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`

func TestGrammar(t *testing.T) {
	formatstest.CheckGrammarCases(t, kimik3.Grammar, toolcall.Request{Tools: goldenTools, ToolChoice: "required"}, []formatstest.GrammarCase{
		{Name: "the golden's tools channel", Text: goldenToolsChannel, Want: true},
		{Name: "one call with the required argument only", Text: `<|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|open|>argument key="order_id" type="number"<|sep|>7<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: true},
		{Name: "a value holding a '<' and a '<|' but no <|close|>", Text: `<|open|>tools<|sep|><|open|>call tool="write_note" index="1"<|sep|><|open|>argument key="path" type="string"<|sep|>a<<|b<|clos<|close<|close|x<|close|>argument<|sep|><|open|>argument key="text" type="string"<|sep|>t<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: true},
		{Name: "a value holding <|close|>", Text: `<|open|>tools<|sep|><|open|>call tool="write_note" index="1"<|sep|><|open|>argument key="path" type="string"<|sep|>a<|close|>x<|close|>argument<|sep|><|open|>argument key="text" type="string"<|sep|>t<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: false},
		{Name: "a tool the request does not offer", Text: `<|open|>tools<|sep|><|open|>call tool="rm" index="1"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: false},
		{Name: "a required argument missing", Text: `<|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: false},
		{Name: "an integer typed string", Text: `<|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|open|>argument key="order_id" type="string"<|sep|>7<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: false},
		{Name: "a value outside the enum", Text: `<|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|open|>argument key="order_id" type="number"<|sep|>7<|close|>argument<|sep|><|open|>argument key="status" type="string"<|sep|>lost<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: false},
		{Name: "two calls, parallel_tool_calls false", Req: toolcall.Request{Tools: goldenTools, ToolChoice: "required", ParallelToolCalls: new(bool)}, Text: goldenToolsChannel, Want: false},
	})
}

func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, kimik3.StructuralTag, toolcall.Request{Tools: goldenTools}, formatstest.TagWant{
		Trigger: "<|open|>tools<|sep|>",
		Begin:   "<|open|>tools<|sep|>", End: "<|close|>tools<|sep|>", Content: "grammar", Body: goldenToolsChannel,
	})
}
