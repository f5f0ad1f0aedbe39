package kimik3_test

import (
	"encoding/json"
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

// TestGrammarTypesEveryValueRenderCallsWrites: the type attribute
// RenderCalls writes is the value's JSON type, so where a schema allows
// null, or names no type, the grammar takes each type the value may have.
func TestGrammarTypesEveryValueRenderCallsWrites(t *testing.T) {
	tools := []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{` +
		`"s":{"type":["string","null"]},"n":{"type":["integer","null"]},"any":{},"o":{"anyOf":[{"type":"object"},{"type":"null"}]}},"required":["s"]}`)}}
	render := formatstest.Renders(t, kimik3.RenderCalls)
	call := func(args string) string { return render(toolcall.Call{Name: "f", Arguments: args}) }
	formatstest.CheckGrammarCases(t, kimik3.Grammar, toolcall.Request{Tools: tools, ToolChoice: "required"}, []formatstest.GrammarCase{
		{Name: "a string where null is allowed", Text: call(`{"s":"a b"}`), Want: true},
		{Name: "null where a string is allowed", Text: call(`{"s":null}`), Want: true},
		{Name: "an integer and null where both are allowed", Text: call(`{"s":"x","n":3}`), Want: true},
		{Name: "null where an integer is allowed", Text: call(`{"s":"x","n":null}`), Want: true},
		{Name: "every type where the schema names none", Text: call(`{"s":"x","any":[1,{"a":true}]}`), Want: true},
		{Name: "a number where the schema names none", Text: call(`{"s":"x","any":2.5}`), Want: true},
		{Name: "text where the schema names none", Text: call(`{"s":"x","any":"t"}`), Want: true},
		{Name: "null in an anyOf", Text: call(`{"s":"x","o":null}`), Want: true},
		{Name: "an object in an anyOf", Text: call(`{"s":"x","o":{"k":1}}`), Want: true},
		{Name: "a type the schema does not allow", Text: `<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|><|open|>argument key="s" type="string"<|sep|>x<|close|>argument<|sep|><|open|>argument key="n" type="boolean"<|sep|>true<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: false},
		{Name: "text where only an integer or null is allowed", Text: `<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|><|open|>argument key="s" type="string"<|sep|>x<|close|>argument<|sep|><|open|>argument key="n" type="string"<|sep|>three<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`, Want: false},
	})
}
