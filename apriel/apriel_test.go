package apriel_test

import (
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// array spells Apriel's blocks for formatstest.CheckArray: the goldens
// (testdata/templates/golden/apriel16) write a newline before the block
// and the model's IDs after the arguments; the prompt opens the
// reasoning, which the model ends with [BEGIN FINAL RESPONSE]; what
// follows <|end|> is the next turn a server that did not stop there
// wrote.
var array = formatstest.Array{
	Open: "<tool_calls>", Close: "</tool_calls>", TurnEnd: "<|end|>",
	OpenCut: "<tool_c", CloseCut: "</tool_ca", TurnEndCut: "<|en",
	Newline: true, IDs: true, ReasoningEnd: "\n[BEGIN FINAL RESPONSE]\n",
	NextTurn: "<|begin_user|>\nmore",
}

// The model's IDs: kept when well formed (the goldens' nine
// alphanumerics), in the order of the calls.
func TestModelIDs(t *testing.T) {
	req := toolcall.Request{Tools: streamtest.Tools("write_note", "lookup_order")}
	doc := "<tool_calls>[{\"name\": \"write_note\", \"arguments\": " + formatstest.NoteArgs + ", \"id\": \"a1B2c3D4e\"}, {\"name\": \"lookup_order\", \"arguments\": " + formatstest.OrderArgs + ", \"id\": \"f5G6h7J8k\"}]</tool_calls>"
	res := stream.Parse(apriel.Format, doc, req, stream.StartOutsideReasoning())
	if len(res.Calls) != 2 || res.Calls[0].ID != "a1B2c3D4e" || res.Calls[1].ID != "f5G6h7J8k" || len(res.Diagnostics) != 0 {
		t.Fatalf("%+v", res)
	}
	// An ID that is not well formed gives way to the stream's own, with a
	// diagnostic; one that is no string is ignored.
	res = stream.Parse(apriel.Format, `<tool_calls>[{"name": "f", "arguments": {}, "id": "call 1"}, {"name": "f", "arguments": {}, "id": 7}]</tool_calls>`, toolcall.Request{Tools: streamtest.Tools("f")}, stream.StartOutsideReasoning())
	if len(res.Calls) != 2 || res.Calls[0].ID == "call 1" || res.Calls[0].ID == "" || res.Calls[1].ID == "" || len(res.Diagnostics) != 1 {
		t.Errorf("%+v", res)
	}
}

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

func TestApriel(t *testing.T) {
	// The rows read on a stream told the prompt left reasoning closed (a
	// turn from the history, or the end of the reasoning already read).
	streamtest.Run(t, apriel.Format, []tc{
		{"keys in any order, the ID first", `<tool_calls>[{"id": "x1", "arguments": {"a": 1}, "name": "f"}]</tool_calls>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"pretty-printed, as the prompt's example", "<tool_calls>[\n    {\"name\": \"f\", \"arguments\": {\"a\": [1, 2]}},\n    {\"name\": \"g\", \"arguments\": {}}\n]</tool_calls>", nil, "", []toolcall.Call{streamtest.Call("f", `{"a":[1,2]}`), streamtest.Call("g", `{}`)}},
		{"the marker's words in prose are prose", "The tool_calls field is a list.", nil, "The tool_calls field is a list.", nil},
		{"Apriel 1.5's end of answer is dropped", "Paris.\n[END FINAL RESPONSE]\n<|end|>", nil, "Paris.", nil},
		{"the final-response marker outside reasoning is dropped", "Sure.\n[BEGIN FINAL RESPONSE]\nParis.", nil, "Sure.\n\nParis.", nil},
		{"the prompt's own example is no call", "<tool_calls>[\n    {\"name\": <function-name-1>, \"arguments\": <args-dict-1>}\n]</tool_calls>", nil, "<tool_calls>[\n    {\"name\": <function-name-1>, \"arguments\": <args-dict-1>}\n]</tool_calls>", nil},
	}, stream.StartOutsideReasoning())
}

// The peers' cases, ported: what each expects, read by this format.
func TestPeerCases(t *testing.T) {
	special := toolcall.Request{Tools: streamtest.Tools("special_function")}
	arg1 := []toolcall.Call{streamtest.Call("special_function", `{"arg1":1}`)}
	// llama.cpp tests/test-chat.cpp, "Apriel 1.6 Thinker": the reasoning
	// the prompt opened, [BEGIN FINAL RESPONSE], the answer. llama.cpp
	// gives the reasoning with the prompt's "Here are my reasoning
	// steps:\n" before it; here it is what the model wrote (see the
	// package doc).
	streamtest.ExpectReasoning(t, apriel.Format, special, "I'm\nthinking\n[BEGIN FINAL RESPONSE]\nHello, world!\nWhat's up?",
		"I'm\nthinking", "Hello, world!\nWhat's up?", nil, stream.StartInReasoning())
	// ... and the reasoning, then a call.
	streamtest.ExpectReasoning(t, apriel.Format, special, "I'm\nthinking\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}]</tool_calls>",
		"I'm\nthinking", "", arg1, stream.StartInReasoning())
	// ... its continuation of a final answer the prompt began.
	streamtest.ExpectReasoning(t, apriel.Format, special, "world!\nWhat's up?", "", "world!\nWhat's up?", nil, stream.StartOutsideReasoning())
	// ... its continuation of reasoning the prompt began.
	streamtest.ExpectReasoning(t, apriel.Format, special, " thinking\n[BEGIN FINAL RESPONSE]\nHello, world!\nWhat's up?",
		"thinking", "Hello, world!\nWhat's up?", nil, stream.StartInReasoning())
	// llama.cpp, "Apriel 1.5": prose, and one call (1.5's prompt opens no
	// reasoning).
	streamtest.ExpectReasoning(t, apriel.Format, special, "Hello, world!\nWhat's up?", "", "Hello, world!\nWhat's up?", nil, stream.StartOutsideReasoning())
	streamtest.ExpectReasoning(t, apriel.Format, special, `<tool_calls>[{"name": "special_function", "arguments": {"arg1": 1}}]</tool_calls>`, "", "", arg1, stream.StartOutsideReasoning())
}

// What Apriel 1.5 writes after its prompt, which opens nothing: its own
// reasoning header, the reasoning, the answer between [BEGIN FINAL
// RESPONSE] and [END FINAL RESPONSE], then <|end|>.
func TestApriel15Answer(t *testing.T) {
	req := toolcall.Request{Tools: streamtest.Tools("get_weather")}
	streamtest.ExpectReasoning(t, apriel.Format, req, "Here are my reasoning steps:\nThe user wants the weather.\n[BEGIN FINAL RESPONSE]\nLet me check.\n[END FINAL RESPONSE]\n<|end|>\n",
		"The user wants the weather.", "Let me check.", nil, stream.StartOutsideReasoning())
	streamtest.ExpectReasoning(t, apriel.Format, req, "Here are my reasoning steps:\nParis.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}]</tool_calls>\n<|end|>\n",
		"Paris.", "", []toolcall.Call{streamtest.Call("get_weather", `{"city":"Paris"}`)}, stream.StartOutsideReasoning())
	// A stream told nothing of the prompt reads it alike.
	streamtest.ExpectReasoning(t, apriel.Format, req, "Here are my reasoning steps:\nParis.\n[BEGIN FINAL RESPONSE]\nSunny.\n[END FINAL RESPONSE]",
		"Paris.", "Sunny.", nil)
}

// documents are the format's documents for its promises and fuzz seeds:
// formatstest.ArrayDocuments and the reasoning's markers.
var documents = formatstest.ArrayDocuments(array,
	"Here are my reasoning steps:\nHm.\n[BEGIN FINAL RESPONSE]\nOk.\n[END FINAL RESPONSE]\n<|end|>",
	"[BEGIN FINAL RESPONSE]", "[END FINAL RESPONSE]", "Here are my reasoning steps:")

// TestArray: what every format that writes its calls as one array keeps
// (formatstest.CheckArray): the goldens' turns, the shared rows, the
// reasoning, the end of turn, and the promises on documents.
func TestArray(t *testing.T) { formatstest.CheckArray(t, apriel.Format, array, documents) }

// FuzzApriel checks the stream's promises on any document in random
// deltas, told the prompt opened reasoning, closed it, or nothing.
func FuzzApriel(f *testing.F) {
	formatstest.FuzzArray(f, apriel.Format, documents)
}

// BenchmarkSmallCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: Apriel's one array (with the model's
// IDs) against Hermes's eight blocks, the yardstick.
// The request offers no schemas: the parse alone.
func BenchmarkSmallCalls(b *testing.B) {
	eight := formatstest.WeatherCalls()
	for i := range eight {
		eight[i].ID = "c0ffee00" + string(rune('0'+i))
	}
	formatstest.BenchWeatherCalls(b, eight, apriel.Format, hermes.Format, stream.StartOutsideReasoning())
}
