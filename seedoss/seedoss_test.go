package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// The goldens' tools (testdata/templates/golden/seed_oss), with their
// schemas; expectGolden parses with them, expect with none.
var (
	goldenTools          = formatstest.GoldenTools()
	expect, expectGolden = formatstest.Expecters(seedoss.Format)
)

// goldenCalls is the assistant turn of the goldens' "tools" conversation
// after its header, as the template writes it: the object argument is a
// Python literal, as the template's string filter writes it.
const goldenCalls = "<seed:tool_call>\n<function=write_note>\n<parameter=path>notes/todo.txt</parameter>\n<parameter=text>She said \"hi\"\nthen <b>left</b></parameter>\n</function>\n</seed:tool_call>\n" +
	"<seed:tool_call>\n<function=lookup_order>\n<parameter=order_id>42</parameter>\n<parameter=status>shipped</parameter>\n<parameter=options>{'include_items': True, 'fields': ['sku', 'qty'], 'max_price': 19.5}</parameter>\n</function>\n</seed:tool_call><seed:eos>"

// TestGoldenTurns reads the assistant turns of the goldens as the
// template writes them, from the turn's first byte to its <seed:eos>.
func TestGoldenTurns(t *testing.T) {
	expectGolden(t, goldenCalls, "", "", formatstest.Note, formatstest.Order)
	expectGolden(t, "<seed:think>I should look the order up.</seed:think>\n<seed:tool_call>\n<function=lookup_order>\n<parameter=order_id>42</parameter>\n</function>\n</seed:tool_call><seed:eos>",
		"I should look the order up.", "", call("lookup_order", `{"order_id":42}`))
	expectGolden(t, "<seed:think>The user asks for a sum. 2+2=4.</seed:think>\n4.<seed:eos>", "The user asks for a sum. 2+2=4.", "4.")
	expectGolden(t, "Saved the note; order 42 has shipped.<seed:eos>", "", "Saved the note; order 42 has shipped.")
	// With thinking off (seed_oss@budget0) the prompt wrote the closed
	// reasoning: the answer is content.
	streamtest.ExpectReasoning(t, seedoss.Format, toolcall.Request{Tools: goldenTools}, "\n"+goldenCalls, "", "", []toolcall.Call{formatstest.Note, formatstest.Order}, stream.StartOutsideReasoning())
}

// tagged spells Seed-OSS's calls for formatstest.TaggedCases and the
// documents of TestTyping.
var tagged = formatstest.FunctionTags("<seed:tool_call>", "</seed:tool_call>", "<seed:eos>", "<seed:bos>")

func TestSeedOSS(t *testing.T) {
	streamtest.Run(t, seedoss.Format, formatstest.TaggedCases(tagged))
	streamtest.Run(t, seedoss.Format, []tc{
		{"two functions in one block", "<seed:tool_call>\n<function=f>\n</function>\n<function=g>\n</function>\n</seed:tool_call>", nil, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"end of turn ends an open block", "<seed:tool_call>\n<function=f>\n</function>\n<seed:eos>", nil, "", []toolcall.Call{call("f", `{}`)}},
		// Qwen3-Coder's block marker is no Seed-OSS call (its </function>,
		// an orphan here, is dropped).
		{"a <tool_call> block is prose", "<tool_call>\n<function=f>\n</function>\n</tool_call>", nil, "<tool_call>\n<function=f>\n\n</tool_call>", nil},

		{"an unrendered template is no call", "<seed:tool_call>\n<function={{ name }}>\n</function>\n</seed:tool_call>", nil, "<seed:tool_call>\n<function={{ name }}>\n</function>\n</seed:tool_call>", nil},
		{"a block that is not calls is content", "<seed:tool_call>\nhello\n</seed:tool_call>", nil, "<seed:tool_call>\nhello\n</seed:tool_call>", nil},
		{"a cut-off call is content", "<seed:tool_call>\n<function=f>\n<parameter=a>x", nil, "<seed:tool_call>\n<function=f>\n<parameter=a>x", nil},
	})
}

// TestTyping: values are typed by the tool's schema; the template writes
// a value that is no string as Python's str writes it, which is read as
// the pythonic reader reads a literal.
func TestTyping(t *testing.T) {
	tl := streamtest.Tool("f", `{"type":"object","properties":{
		"n":{"type":"integer"}, "x":{"type":"number"}, "b":{"type":"boolean"}, "s":{"type":"string"},
		"o":{"type":"object"}, "l":{"type":"array"}, "ns":{"type":["string","null"]}, "ni":{"type":["integer","null"]}}}`)
	streamtest.CheckValues(t, seedoss.Format, tl, tagged.Value, [][3]string{
		{"n", "42", `{"n":42}`},
		{"x", "19.5", `{"x":19.5}`},
		{"b", "True", `{"b":true}`},
		{"b", "false", `{"b":false}`},
		{"s", "True", `{"s":"True"}`},
		{"s", "42", `{"s":"42"}`},
		{"ns", "None", `{"ns":null}`},
		{"ni", "None", `{"ni":null}`},
		{"o", `{'include_items': True, 'fields': ['sku', 'qty'], 'max_price': 19.5, 'note': None}`, `{"o":{"include_items":true,"fields":["sku","qty"],"max_price":19.5,"note":null}}`},
		{"o", `{"k": "v"}`, `{"o":{"k":"v"}}`},
		{"o", `{'q': "it's", 'e': 'a\nb'}`, `{"o":{"q":"it's","e":"a\nb"}}`},
		{"l", `['a', 1, False]`, `{"l":["a",1,false]}`},
		{"o", `{'q': 'id = ''E123''', 'r': 'a' "b"}`, `{"o":{"q":"id = E123","r":"ab"}}`},
		{"unknown", "True", `{"unknown":"True"}`},
	})
}

func TestReasoning(t *testing.T) {
	// The model opens <seed:think> itself and closes it before it calls.
	expect(t, "<seed:think>Let me think.</seed:think>\nChecking.\n<seed:tool_call>\n<function=f>\n</function>\n</seed:tool_call><seed:eos>", "Let me think.", "Checking.", call("f", `{}`))
	// Budget reflections are reasoning.
	expect(t, "<seed:think>Step one.\n<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\nStep two.</seed:think>\n4.<seed:eos>",
		"Step one.\n<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\nStep two.", "4.")
	// A call written inside the reasoning is reasoning: the model
	// thinking of the syntax.
	expect(t, "<seed:think>The format is <seed:tool_call>\n<function=f>\n</function>\n</seed:tool_call>. OK.</seed:think>\nNo call.", "The format is <seed:tool_call>\n<function=f>\n</function>\n</seed:tool_call>. OK.", "No call.")
	// Thinking off: the prompt wrote the empty reasoning; the answer is
	// content from its first byte.
	streamtest.ExpectReasoning(t, seedoss.Format, toolcall.Request{}, "4.<seed:eos>", "", "4.", nil, stream.ForPrompt(toolcall.Prompt{}))
}

// What follows <seed:eos> (or a turn's start the model wrote without it)
// is the next turn a server that did not stop there wrote: dropped, with
// an end_of_turn diagnostic.
func TestEndOfTurn(t *testing.T) {
	streamtest.CheckEndOfTurnCalls(t, seedoss.Format, tagged.EndOfTurns(""))
}

var documents = []string{
	"<seed:tool_call>\n<function=f>\n<parameter=a>x</parameter>\n</function>\n</seed:tool_call>",
	"<seed:think>hm</seed:think>\nSure.\n<seed:tool_call>\n<function=g>\n<parameter=code>if a < b:\n    pass\n</parameter>\n</function>\n</seed:tool_call><seed:eos> Done.",
	"<seed:tool_call>\n<function=f>\n<parameter=o>{'a': True}</parameter> x</parameter>\n</function>",
	"<seed:tool_call>", "</seed:tool_call>", "<function=", "</function>", "<parameter=", "</parameter>", "<seed:eos>", "<seed:bos>", "<seed:think>", "</seed:think>",
	"<seed:cot_budget_reflect>", "</seed:cot_budget_reflect>", // a budget reflection's tags: text in the reasoning
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormat(t, seedoss.Format, documents)
}

// FuzzSeedOSS checks the stream's promises on any document in random
// deltas.
func FuzzSeedOSS(f *testing.F) {
	streamtest.Fuzz(f, seedoss.Format, toolcall.Request{}, documents)
}
