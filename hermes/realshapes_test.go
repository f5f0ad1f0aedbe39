package hermes_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/toolcall"
)

// realShapes are this format's cases of the real-output shapes (issue:
// read what real models write, part 2): the text, and the calls it holds
// (none for a near miss).
var realShapes = []formatstest.Shape{
	{Name: "pairs in a tool_call block", Text: `<tool_call>[["get_weather", {"city": "Paris"}]]</tool_call>`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	// Qwen2.5 without <tool_call> (quantized, Ollama): a bare call object.
	{Name: "a bare call object, prose after", Text: `{"name": "get_weather", "arguments": {"city": "Paris"}} Let me check.`, Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "a bare call object on its own line", Text: "Sure.\n{\"arguments\": {\"city\": \"Paris\"}, \"name\": \"get_weather\"}\nDone.", Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "a bare call object, pretty-printed", Text: "Sure:\n  {\n    \"name\": \"get_weather\",\n    \"arguments\": {\n      \"city\": \"Paris\"\n    }\n  }\n", Want: formatstest.Weather(`{"city":"Paris"}`)},
	{Name: "two bare call objects", Text: "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n{\"name\": \"search\", \"arguments\": {\"q\": \"x\"}}",
		Want: []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "search", Arguments: `{"q":"x"}`}}},
	{Name: "near miss: a call object inside a sentence", Text: `Use {"name": "get_weather", "arguments": {}} like this.`},
	{Name: "near miss: a bare object naming no requested tool", Text: `{"name": "Alice", "arguments": {"age": 3}}`},
}

// TestRealShapes: each shape whole, split in two at every byte, and in
// 1-byte deltas, with and without argument streaming, gives its calls.
func TestRealShapes(t *testing.T) {
	formatstest.CheckShapes(t, hermes.Format, realShapes)
}
