package llama4_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/toolcall"
)

// realShapes are this format's cases of the real-output shapes (issue:
// read what real models write, part 2): the text, and the calls it holds
// (none for a near miss).
var realShapes = []formatstest.Shape{
	// One dict as the only positional argument (Gemma, Llama 3 8B).
	{Name: "a dict of parameters as the one argument", Text: `[get_weather({'city': 'Paris', 'unit': 'c'})]`, Want: formatstest.Weather(`{"city":"Paris","unit":"c"}`)},
	{Name: "the same, bare", Text: `get_weather({'city': 'Paris'})`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "the same, with functions.", Text: `[functions.get_weather({'city': 'Paris'})]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "near miss: a key that is no parameter", Text: `[search({'city': 'Paris'})]`,
		Want: []toolcall.Call{{Name: "search", Arguments: `{"q":{"city":"Paris"}}`}}},
	{Name: "near miss: a dict beside a keyword", Text: `[search({'q': 'x'}, options={})]`,
		Want: []toolcall.Call{{Name: "search", Arguments: `{"q":{"q":"x"},"options":{}}`}}},
	{Name: "args", Text: `{"name": "get_weather", "args": {"city": "Paris"}}`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "pairs in llama4 prose", Text: `Calling: [["get_weather", {"city": "Paris"}], ["search", {"q": "x"}]]`,
		Want: []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "search", Arguments: `{"q":"x"}`}}},
	{Name: "a tuple pair in llama4 prose", Text: `[('get_weather', {'city': 'Paris'})]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "a dict keyed by a tool in llama4 prose", Text: `Sure: {"get_weather": {"city": "Paris"}}`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "a list of dicts keyed by a tool in llama4 prose", Text: `[{"get_weather": {"city": "Paris"}}]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "near miss: lists of strings in llama4 prose", Text: `[["a", "b"]] and {"x": 1} and {"get_weathers": 1}`},
	// Repeats in an explanation, and runaway next turns.
	{Name: "a call repeated in the explanation after it", Text: "[get_weather(city=\"Paris\")]\nI called get_weather(city=\"Paris\") to get it.", Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "near miss: identical calls in one list", Text: `[get_weather(city="Paris"), get_weather(city="Paris")]`,
		Want: []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
	{Name: "near miss: a different call after prose", Text: "[get_weather(city=\"Paris\")]\nAnd now Rome: [get_weather(city=\"Rome\")]",
		Want: []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "get_weather", Arguments: `{"city":"Rome"}`}}},
	{Name: "a base model's next instruction", Text: "It is sunny.\n### Instruction\n[get_weather(city=\"Rome\")]"},
	{Name: "a next header", Text: "It is sunny.<|start_header_id|>assistant<|end_header_id|>\n\n[get_weather(city=\"Rome\")]"},
	{Name: "a transcript's next user line", Text: "It is sunny.\nUser: and Rome?\n[get_weather(city=\"Rome\")]"},
	{Name: "near miss: a marker before any prose", Text: "### Instruction\n[get_weather(city=\"Rome\")]", Want: formatstest.Weather(`{"city":"Rome"}`)},
	{Name: "near miss: User: inside a line", Text: "Set the User: field. [get_weather(city=\"Rome\")]", Want: formatstest.Weather(`{"city":"Rome"}`)},
	// Markdown's \_ in names (Mistral Medium and Tiny, Mixtral).
	{Name: "an escaped name in a bare call", Text: `Let me check. get\_weather(city="Paris")`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "near miss: a backslash before a paren", Text: `see get\(x) and a\b`},
}

// TestRealShapes: each shape whole, split in two at every byte, and in
// 1-byte deltas, with and without argument streaming, gives its calls.
func TestRealShapes(t *testing.T) {
	formatstest.CheckShapes(t, llama4.Format, realShapes)
}
