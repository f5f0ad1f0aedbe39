package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// expect reads a document with no tools, expectGolden with the goldens'
// tools (testdata/templates/golden/minimax_m2), each on a stream told
// the prompt opened reasoning, whole and split every way.
var expect, expectGolden = formatstest.Expecters(minimax.Format, stream.StartInReasoning())

// goldenTools are the goldens' tools, with their schemas.
var goldenTools = formatstest.GoldenTools()

// goldenCalls is the assistant turn of the goldens' "tools" conversation
// after its header, as the template writes it: the model's reply to the
// prompt's <think>, but for the reasoning.
const goldenCalls = "\n<minimax:tool_call>\n<invoke name=\"write_note\">\n<parameter name=\"path\">notes/todo.txt</parameter>\n<parameter name=\"text\">She said \"hi\"\nthen <b>left</b></parameter>\n</invoke>\n" +
	"<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">42</parameter>\n<parameter name=\"status\">shipped</parameter>\n<parameter name=\"options\">{\"include_items\": true, \"fields\": [\"sku\", \"qty\"], \"max_price\": 19.5}</parameter>\n</invoke>\n</minimax:tool_call>[e~["

// TestGoldenTurns reads the assistant turns of the goldens as the
// template writes them: after the reasoning the prompt opened, its close
// and the turn's text, the calls, then [e~[.
func TestGoldenTurns(t *testing.T) {
	expectGolden(t, "The user wants both.\n</think>\n\n"+goldenCalls, "The user wants both.", "", formatstest.Note, formatstest.Order)
	expectGolden(t, "I should look the order up.\n</think>\n\n\n<minimax:tool_call>\n<invoke name=\"lookup_order\">\n<parameter name=\"order_id\">42</parameter>\n</invoke>\n</minimax:tool_call>[e~[",
		"I should look the order up.", "", call("lookup_order", `{"order_id":42}`))
	expectGolden(t, "Summing.\n</think>\n\nSaved the note; order 42 has shipped.[e~[", "Summing.", "Saved the note; order 42 has shipped.")
	// A turn of the history, whose reasoning the template dropped.
	streamtest.Expect(t, minimax.Format, toolcall.Request{Tools: goldenTools}, goldenCalls, "", []toolcall.Call{formatstest.Note, formatstest.Order}, stream.StartOutsideReasoning())
}

// tagged spells MiniMax-M2's calls for formatstest.TaggedCases and the
// documents of TestTyping.
var tagged = formatstest.Tagged{
	Open: "<minimax:tool_call>", Close: "</minimax:tool_call>",
	Call:     func(name string) string { return "<invoke name=\"" + name + "\">" },
	CallEnd:  "</invoke>",
	Param:    func(key string) string { return "<parameter name=\"" + key + "\">" },
	ParamEnd: "</parameter>",
	TurnEnd:  "[e~[", TurnStart: "]~b]",
}

func TestMiniMax(t *testing.T) {
	// The rows read on a stream told the prompt left reasoning closed (a
	// turn from the history, or a server that strips the reasoning).
	streamtest.Run(t, minimax.Format, formatstest.TaggedCases(tagged), stream.StartOutsideReasoning())
	streamtest.Run(t, minimax.Format, []tc{
		{"two blocks", "<minimax:tool_call>\n<invoke name=\"f\">\n</invoke>\n</minimax:tool_call>\n<minimax:tool_call>\n<invoke name=\"g\">\n</invoke>\n</minimax:tool_call>", nil, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		// The limit the package doc names: the machine ends the block at
		// the first </minimax:tool_call> after an </invoke> in a value.
		{"an </invoke> in a value that the block's end follows at once ends the block", "<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"a\">x</invoke></minimax:tool_call>y</parameter>\n</invoke>\n</minimax:tool_call>", nil,
			"y</parameter>", []toolcall.Call{call("f", `{"a":"x"}`)}},
		{"an unrendered template is no call", "<minimax:tool_call>\n<invoke name=\"{{ name }}\">\n</invoke>\n</minimax:tool_call>", nil, "<minimax:tool_call>\n<invoke name=\"{{ name }}\">\n</invoke>\n</minimax:tool_call>", nil},
		{"a block that is not calls is content", "<minimax:tool_call>\nhello\n</minimax:tool_call>", nil, "<minimax:tool_call>\nhello\n</minimax:tool_call>", nil},
		{"a name without quotes is no call", "<minimax:tool_call>\n<invoke name=f>\n</invoke>\n</minimax:tool_call>", nil, "<minimax:tool_call>\n<invoke name=f>\n</invoke>\n</minimax:tool_call>", nil},
		{"a key that never ends is no call", "<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"a\nx</parameter>\n</invoke>\n</minimax:tool_call>", nil,
			"<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"a\nx</parameter>\n</invoke>\n</minimax:tool_call>", nil},
		{"a cut-off call is content", "<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"a\">x", nil, "<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"a\">x", nil},
	}, stream.StartOutsideReasoning())
}

// TestTyping: values are typed by the tool's schema, as the template
// writes them (a string raw, anything else as JSON).
func TestTyping(t *testing.T) {
	tl := streamtest.Tool("f", `{"type":"object","properties":{
		"n":{"type":"integer"}, "x":{"type":"number"}, "b":{"type":"boolean"}, "s":{"type":"string"},
		"o":{"type":"object"}, "l":{"type":"array"}, "ns":{"type":["string","null"]}}}`)
	streamtest.CheckValues(t, minimax.Format, tl, tagged.Value, [][3]string{
		{"n", "42", `{"n":42}`},
		{"x", "3.5", `{"x":3.5}`},
		{"b", "true", `{"b":true}`},
		{"s", "42", `{"s":"42"}`},
		{"s", "null", `{"s":"null"}`},
		{"ns", "null", `{"ns":null}`},
		{"o", `{"k": "v", "n": [1, 2]}`, `{"o":{"k":"v","n":[1,2]}}`},
		{"l", `["a", "b"]`, `{"l":["a","b"]}`},
		{"unknown", "7", `{"unknown":"7"}`},
	}, stream.StartOutsideReasoning())
}

func TestReasoning(t *testing.T) {
	// The prompt opened <think>; the model closes it, answers and calls.
	expect(t, "Let me think.\n</think>\n\nChecking.\n<minimax:tool_call>\n<invoke name=\"f\">\n</invoke>\n</minimax:tool_call>[e~[", "Let me think.", "Checking.", call("f", `{}`))
	// A call before </think> ends the reasoning.
	expect(t, "I need f.\n<minimax:tool_call>\n<invoke name=\"f\">\n</invoke>\n</minimax:tool_call>", "I need f.", "", call("f", `{}`))
	// Tags of a call in the reasoning, without the block's marker, are
	// reasoning.
	expect(t, "Maybe <invoke name=\"g\"></invoke>?\n</think>\n\nNo.", "Maybe <invoke name=\"g\"></invoke>?", "No.")
	// A stream told nothing of the prompt reads the answer alike: the
	// template always opens <think>.
	streamtest.ExpectReasoning(t, minimax.Format, toolcall.Request{}, "Easy.\n</think>\n\n4.[e~[", "Easy.", "4.", nil)
}

// What follows [e~[ (or a role header the model wrote without it) is the
// next turn a server that did not stop there wrote: dropped, with an
// end_of_turn diagnostic.
func TestEndOfTurn(t *testing.T) {
	streamtest.CheckEndOfTurnCalls(t, minimax.Format, tagged.EndOfTurns("\n"), stream.StartOutsideReasoning())
}

var documents = []string{
	"<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"a\">x</parameter>\n</invoke>\n</minimax:tool_call>",
	"Sure.\n<minimax:tool_call>\n<invoke name=\"g\">\n<parameter name=\"code\">if a < b:\n    pass\n</parameter>\n</invoke>\n</minimax:tool_call>[e~[ Done.",
	"<minimax:tool_call>\n<invoke name=\"f\">\n<parameter name=\"a\"></parameter> x</parameter>\n</invoke>",
	"<minimax:tool_call>", "</minimax:tool_call>", "<invoke name=\"", "</invoke>", "<parameter name=\"", "</parameter>", "[e~[", "]~b]", "<think>", "</think>",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormat(t, minimax.Format, documents)
}

// FuzzMiniMax checks the stream's promises on any document in random
// deltas.
func FuzzMiniMax(f *testing.F) {
	streamtest.Fuzz(f, minimax.Format, toolcall.Request{}, documents)
}
