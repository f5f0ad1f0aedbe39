package mistral_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/toolcall"
)

// realShapes are this format's cases of the real-output shapes (issue:
// read what real models write, part 2): the text, and the calls it holds
// (none for a near miss).
var realShapes = []formatstest.Shape{
	{Name: "input in a Mistral list", Text: `[TOOL_CALLS][{"name": "get_weather", "input": {"city": "Paris"}}]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	// A dict keyed by a tool name.
	{Name: "a dict keyed by a tool, in a Mistral list", Text: `[TOOL_CALLS][{"get_weather": {"city": "Paris"}}]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "near miss: keyed by an unknown name", Text: `[TOOL_CALLS][{"weather": {"city": "Paris"}}]`},
	// Name and arguments pairs (Mistral's prompt mode, Arctic, Llama 3).
	{Name: "pairs in a Mistral list", Text: `[TOOL_CALLS][["get_weather", {"city": "Paris"}], ["search", {"q": "x"}]]`,
		Want: []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "search", Arguments: `{"q":"x"}`}}},
	{Name: "a Python tuple pair", Text: `[TOOL_CALLS][('get_weather', {'city': 'Paris'})]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "near miss: a pair naming no requested tool", Text: `[TOOL_CALLS][["delete_all", {"x": 1}]]`},
	{Name: "near miss: a list of number pairs", Text: `[TOOL_CALLS][[1, 2], [3, 4]]`},
	{Name: "an escaped name in a Mistral list", Text: `[TOOL_CALLS][{"name": "get\_weather", "arguments": {"city": "Paris"}}]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
}

// TestRealShapes: each shape whole, split in two at every byte, and in
// 1-byte deltas, with and without argument streaming, gives its calls.
func TestRealShapes(t *testing.T) {
	formatstest.CheckShapes(t, mistral.Format, realShapes)
}
