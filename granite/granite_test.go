package granite_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/granite"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

func TestGranite(t *testing.T) {
	special := streamtest.Call("special_function", `{"arg1":1}`)
	tokyo := streamtest.Call("get_weather", `{"city":"Tokyo"}`)
	streamtest.Run(t, granite.Format, []tc{
		// llama.cpp tests/test-chat.cpp, ibm-granite-granite-3.3-2B-Instruct
		// (the cases of a whole response; reasoning below).
		{"llama.cpp: content", "Hello, world!\nWhat's up?", nil, "Hello, world!\nWhat's up?", nil},
		{"llama.cpp: a call", `<|tool_call|>[{"name": "special_function", "arguments": {"arg1": 1}}]`, nil, "", []toolcall.Call{special}},
		// llama.cpp's partial-response cases read a call whose array is
		// still open (with the arguments so far); here a call is complete
		// only when its array is, so the cut text is content.
		{"llama.cpp, cut: the name only", `<|tool_call|>[{"name": "special_function"`, nil, `<|tool_call|>[{"name": "special_function"`, nil},
		{"llama.cpp, cut: inside the arguments", `<|tool_call|>[{"name": "special_function", "arguments": {"arg`, nil, `<|tool_call|>[{"name": "special_function", "arguments": {"arg`, nil},

		// vLLM tests/entrypoints/openai/tool_parsers/test_granite_tool_parser.py.
		{"vLLM: no calls", "This is a regular response without any tool calls.", nil, "This is a regular response without any tool calls.", nil},
		{"vLLM: one call, a space after the marker", `<|tool_call|> [{"name": "get_weather", "arguments": {"city": "Tokyo"}}]`, nil, "", []toolcall.Call{tokyo}},
		{"vLLM: parallel calls", "<|tool_call|> [\n  {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}},\n  {\"name\": \"get_time\", \"arguments\": {\"timezone\": \"Asia/Tokyo\"}}\n]", nil, "",
			[]toolcall.Call{tokyo, streamtest.Call("get_time", `{"timezone":"Asia/Tokyo"}`)}},
		{"vLLM: every JSON type, the marker as text", "<tool_call> [{\n  \"name\": \"test_function\",\n  \"arguments\": {\n    \"string_field\": \"hello\",\n    \"int_field\": 42,\n    \"float_field\": 3.14,\n    \"bool_field\": true,\n    \"null_field\": null,\n    \"array_field\": [\"a\", \"b\", \"c\"],\n    \"object_field\": {\"nested\": \"value\"},\n    \"empty_array\": [],\n    \"empty_object\": {}\n  }\n}]", nil, "",
			[]toolcall.Call{streamtest.Call("test_function", `{"string_field":"hello","int_field":42,"float_field":3.14,"bool_field":true,"null_field":null,"array_field":["a","b","c"],"object_field":{"nested":"value"},"empty_array":[],"empty_object":{}}`)}},
		{"vLLM: empty arguments", `<|tool_call|> [{"name": "refresh", "arguments": {}}]`, nil, "", []toolcall.Call{streamtest.Call("refresh", `{}`)}},
		// vLLM drops the prose (its test marks the case as failing); it is kept here.
		{"vLLM: prose around", "Let me check the weather for you.\n<|tool_call|> [{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]\nI'll get that information.", nil,
			"Let me check the weather for you.\n\nI'll get that information.", []toolcall.Call{tokyo}},
		{"vLLM: escapes", "<tool_call> [{\n  \"name\": \"test_function\",\n  \"arguments\": {\n    \"quoted\": \"He said \\\"hello\\\"\",\n    \"path\": \"C:\\\\Users\\\\file.txt\",\n    \"newline\": \"line1\\nline2\",\n    \"unicode\": \"emoji: 🎉\"\n  }\n}]", nil, "",
			[]toolcall.Call{streamtest.Call("test_function", `{"quoted":"He said \"hello\"","path":"C:\\Users\\file.txt","newline":"line1\nline2","unicode":"emoji: 🎉"}`)}},
		{"vLLM, malformed: cut inside the arguments", `<|tool_call|> [{"name": "func", "arguments": {`, nil, `<|tool_call|> [{"name": "func", "arguments": {`, nil},
		// vLLM reads no call from a lone object; here it is one call.
		{"vLLM, malformed: not an array", `<|tool_call|> {"name": "func", "arguments": {}}`, nil, "", []toolcall.Call{streamtest.Call("func", `{}`)}},
		{"vLLM, malformed: no marker", `[{"name": "func", "arguments": "not a dict"}]`, nil, `[{"name": "func", "arguments": "not a dict"}]`, nil},
		{"vLLM, malformed: JSON in prose", `Some text [{"name": "func"}]`, nil, `Some text [{"name": "func"}]`, nil},

		{"arguments as a JSON string", `<|tool_call|>[{"name": "f", "arguments": "{\"a\": 1}"}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"no arguments", `<|tool_call|>[{"name": "get_time"}]`, nil, "", []toolcall.Call{streamtest.Call("get_time", `{}`)}},
		{"keys in any order", `<|tool_call|>[{"arguments": {"a": 1}, "name": "f"}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"the end of turn after the calls", `<|tool_call|>[{"name": "f", "arguments": {}}]<|end_of_text|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"a hermes-style block with the text marker", "<tool_call>\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n</tool_call>", nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"two markers", `<|tool_call|>[{"name": "f"}]<|tool_call|>[{"name": "g"}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`), streamtest.Call("g", `{}`)}},
		{"a ']' in a string", `<|tool_call|>[{"name": "f", "arguments": {"s": "a]b"}}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"s":"a]b"}`)}},
		{"Python literals", `<|tool_call|>[{'name': 'f', 'arguments': {'ok': True}}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"ok":true}`)}},
		{"an empty array", "<|tool_call|>[]Hi", nil, "Hi", nil},
		{"a partial marker at the end is prose", "Hi <|tool_ca", nil, "Hi <|tool_ca", nil},
		{"the answer's response tags are dropped", "<response>4.</response>", nil, "4.", nil},

		{"broken JSON is content", `<|tool_call|>[{"name": "f", "arguments": {"a": }]`, nil, `<|tool_call|>[{"name": "f", "arguments": {"a": }]`, nil},
		{"a name that is no string is content", `<|tool_call|>[{"name": 5}]`, nil, `<|tool_call|>[{"name": 5}]`, nil},
		{"text before the array is content", `<|tool_call|> sure [{"name": "f"}]`, nil, `<|tool_call|> sure [{"name": "f"}]`, nil},
		{"a mismatched bracket at the end of turn is content", "<|tool_call|>[{\"name\": \"f\"]<|end_of_text|>", nil, "<|tool_call|>[{\"name\": \"f\"]<|end_of_text|>", nil},
	})
}

// TestGoldenTurns reads the assistant turns the goldens' conversations
// hold, as Granite 3.3 writes them (the template drops the calls from its
// prompt, so they are written as the model writes them: <|tool_call|>
// and the array, then <|end_of_text|>).
func TestGoldenTurns(t *testing.T) {
	streamtest.Run(t, granite.Format, array.GoldenTurns("", "<|end_of_text|>", "<|end_of_text|>"))
}

// Reasoning stands between <think> and </think>, which the model opens
// itself; the answer after it between <response> and </response>.
func TestReasoning(t *testing.T) {
	req := toolcall.Request{}
	hello := "Hello, world!\nWhat's up?"
	// llama.cpp tests/test-chat.cpp, ibm-granite-granite-3.3-2B-Instruct.
	streamtest.ExpectReasoning(t, granite.Format, req, "<think>I'm\nthinking</think>Hello, world!\nWhat's up?", "I'm\nthinking", hello, nil)
	streamtest.ExpectReasoning(t, granite.Format, req, "<think>I'm\nthinking</think><response>Hello, world!\nWhat's up?</response>", "I'm\nthinking", hello, nil)
	streamtest.ExpectReasoning(t, granite.Format, req, "<think>I'm\nthinking</think><response>Hello, world!\nWhat's up?", "I'm\nthinking", hello, nil)
	streamtest.ExpectReasoning(t, granite.Format, req, "<think>I'm\nthinking", "I'm\nthinking", "", nil)
	streamtest.ExpectReasoning(t, granite.Format, req, `<think>I'm`+"\n"+`thinking</think><|tool_call|>[{"name": "special_function", "arguments": {"arg1": 1}}]`,
		"I'm\nthinking", "", []toolcall.Call{streamtest.Call("special_function", `{"arg1":1}`)})
	// llama.cpp reads the first call of an array the end cuts; here the
	// cut array is content.
	streamtest.ExpectReasoning(t, granite.Format, req, `<think>I'm`+"\n"+`thinking</think><|tool_call|>[{"name": "special_function", "arguments": {"arg1": 1}}, {`,
		"I'm\nthinking", `<|tool_call|>[{"name": "special_function", "arguments": {"arg1": 1}}, {`, nil)
	// A call while the reasoning is open ends it.
	streamtest.ExpectReasoning(t, granite.Format, req, `<think>I need the order.<|tool_call|>[{"name": "f"}]`, "I need the order.", "", []toolcall.Call{streamtest.Call("f", `{}`)})
	// A prompt with thinking on leaves the reasoning closed.
	p, err := granite.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi"}}, nil, toolcall.PromptOptions{Thinking: new(true)})
	if err != nil || p.InReasoning {
		t.Fatalf("%+v, %v", p, err)
	}
	streamtest.ExpectReasoning(t, granite.Format, req, "<think>Easy.</think><response>4.</response><|end_of_text|>", "Easy.", "4.", nil, stream.ForPrompt(p))
	// A think tag in a call's string is data.
	streamtest.ExpectReasoning(t, granite.Format, req, `<|tool_call|>[{"name": "say", "arguments": {"text": "</think>"}}]`,
		"", "", []toolcall.Call{streamtest.Call("say", `{"text":"</think>"}`)})
}

// What follows <|end_of_text|> is the next turn a server that did not
// stop there wrote: dropped, with an end_of_turn diagnostic.
func TestEndOfTurn(t *testing.T) {
	streamtest.CheckEndOfTurnCall(t, granite.Format, `<|tool_call|>[{"name": "f", "arguments": {}}]<|end_of_text|><|start_of_role|>user<|end_of_role|>more`)
}

var documents = []string{
	"<|tool_call|>[{\"name\": \"write_note\", \"arguments\": " + formatstest.NoteArgs + "}, {\"name\": \"lookup_order\", \"arguments\": " + formatstest.OrderArgs + "}]<|end_of_text|>",
	"<think>Thinking.</think><response>Sure.</response><|tool_call|>[{\"name\": \"f\", \"arguments\": {\"a\": [1, \"]\"]}}]",
	"<tool_call> {\"name\": \"g\", \"arguments\": \"{\\\"x\\\": 1}\"}\n</tool_call>",
	"<|tool_call|>", "<tool_call>", "</tool_call>", "<|end_of_text|>", "<think>", "</think>", "<response>", "</response>", `[{"name": "f"}]`,
}

// TestPromises: split invariance, argument streaming and quiet deltas
// hold for any mix of the format's text in any split; the first call of the array streams while it arrives; a Feed of prose
// allocates nothing; an array that is not calls comes back as content with a diagnostic.
func TestPromises(t *testing.T) {
	streamtest.CheckPromises(t, granite.Format, streamtest.Promises{
		Documents: documents,
		Streams:   documents[:1], StreamsRequest: toolcall.Request{Tools: streamtest.Tools("write_note", "lookup_order")}, Calls: 2,
		NotCalls: map[string]string{`<|tool_call|>[{"name": "f", "arguments": [1]}]`: "arguments"},
	})
}

// FuzzGranite checks the stream's promises on any document in random
// deltas, told the prompt left reasoning closed, opened it, or nothing.
func FuzzGranite(f *testing.F) {
	formatstest.FuzzArray(f, granite.Format, documents)
}

// BenchmarkEightCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: Granite's one array against
// Hermes's eight blocks, the yardstick. The request offers no schemas:
// the parse alone.
func BenchmarkEightCalls(b *testing.B) {
	formatstest.BenchWeatherCalls(b, formatstest.WeatherCalls(), granite.Format, hermes.Format, stream.StartOutsideReasoning())
}
