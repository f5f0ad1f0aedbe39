package llama3json_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama3json"
)

// realShapes are this format's cases of the real-output shapes (issue:
// read what real models write, part 2): the text, and the calls it holds
// (none for a near miss).
var realShapes = []formatstest.Shape{
	// Other argument keys (Mistral Nemo, Arctic).
	{Name: "params", Text: `{"name": "get_weather", "params": {"city": "Paris"}}`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "near miss: params of a tool not requested", Text: `{"name": "delete_all", "params": {"x": 1}}`},
	{Name: "pairs after python_tag", Text: `<|python_tag|>[["get_weather", {"city": "Paris"}]]`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "an escaped name in a JSON call", Text: `{"name": "get\_weather", "parameters": {"city": "Paris"}}`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	// The OpenAI wrapper one brace short at the end (Llama 3.2 under vLLM).
	{Name: "the OpenAI wrapper one brace short", Text: `{"type": "function", "function": {"name": "get_weather", "parameters": {"city": "Paris"}}`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "a call object one brace short, after a bracket", Text: `[{"name": "get_weather", "parameters": {"city": "Paris"}`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "near miss: cut inside a string", Text: `{"type": "function", "function": {"name": "get_weather", "parameters": {"city": "Par`},
	{Name: "near miss: cut after a comma", Text: `{"name": "get_weather", "parameters": {"city": "Paris", `},
	{Name: "near miss: cut after a number", Text: `{"name": "get_weather", "parameters": {"n": 12`},
}

// TestRealShapes: each shape whole, split in two at every byte, and in
// 1-byte deltas, with and without argument streaming, gives its calls.
func TestRealShapes(t *testing.T) {
	formatstest.CheckShapes(t, llama3json.Format, realShapes)
}
