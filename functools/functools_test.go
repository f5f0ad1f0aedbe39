package functools_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// TestGoldenTurns reads the assistant turns of the firefunction_v2
// goldens (testdata/templates/golden/firefunction_v2) as the template
// writes them, from the turn's first byte to its <|eot_id|>.
func TestGoldenTurns(t *testing.T) {
	streamtest.Run(t, functools.Format, array.GoldenTurns(" ", "<|eot_id|>", "<|eot_id|>"))
	streamtest.Run(t, functools.Format, []tc{
		{"text then calls, as the template joins them", "Checking. functools[{\"name\": \"f\", \"arguments\": {}}]<|eot_id|>", nil, "Checking.", []toolcall.Call{streamtest.Call("f", `{}`)}},
	})
}

func TestFunctools(t *testing.T) {
	streamtest.Run(t, functools.Format, []tc{
		{"no space before the word", `functools[{"name": "f", "arguments": {"a": 1}}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"blanks between the word and the array", "functools \n[{\"name\": \"f\", \"arguments\": {}}]", nil, "", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"arguments as a JSON string", `functools[{"name": "f", "arguments": "{\"a\": 1}"}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"no arguments", `functools[{"name": "get_time"}]`, nil, "", []toolcall.Call{streamtest.Call("get_time", `{}`)}},
		{"parameters for arguments", `functools[{"name": "f", "parameters": {"a": 1}}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"keys in any order", `functools[{"arguments": {"a": 1}, "name": "f"}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"nested arrays in arguments", `functools[{"name": "f", "arguments": {"m": [[1, 2], ["]"]]}}] done`, nil, "done", []toolcall.Call{streamtest.Call("f", `{"m":[[1,2],["]"]]}`)}},
		{"Python literals", `functools[{'name': 'f', 'arguments': {'ok': True}}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{"ok":true}`)}},
		{"two arrays", `functools[{"name": "f"}] functools[{"name": "g"}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`), streamtest.Call("g", `{}`)}},
		{"Phi-4-mini's end of turn", `functools[{"name": "f", "arguments": {}}]<|end|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"an empty array is dropped", "functools[] Hi", nil, "Hi", nil},
		{"the word in prose is prose", "Use functools.reduce here, or functools.partial.", nil, "Use functools.reduce here, or functools.partial.", nil},
		{"the word then text is prose", "import functools\nfunctools is handy.", nil, "import functools\nfunctools is handy.", nil},
		{"the word at the end is prose", "I would use functools", nil, "I would use functools", nil},
		{"JSON in prose is prose", `Here: [{"name": "f", "arguments": {}}]`, nil, `Here: [{"name": "f", "arguments": {}}]`, nil},

		{"one object without the array is content", `functools{"name": "f", "arguments": {}}`, nil, `functools{"name": "f", "arguments": {}}`, nil},
		{"a cut-off array is content", `functools[{"name": "f", "arguments": {"a": 1}}, {"name": "g"`, nil, `functools[{"name": "f", "arguments": {"a": 1}}, {"name": "g"`, nil},
		{"broken JSON is content", `functools[{"name": "f", "arguments": {"a": }]`, nil, `functools[{"name": "f", "arguments": {"a": }]`, nil},
		{"an element that is no call is content", `functools[{"name": "f"}, 42]`, nil, `functools[{"name": "f"}, 42]`, nil},
		{"the prompt's own example is no call", `functools[{"name": [function name], "arguments": [function arguments as JSON]}, ...]`, nil, `functools[{"name": [function name], "arguments": [function arguments as JSON]}, ...]`, nil},
	})
}

// The peers' cases, ported.
func TestPeerCases(t *testing.T) {
	special := toolcall.Request{Tools: streamtest.Tools("special_function")}
	// llama.cpp tests/test-chat.cpp, "FireFunction": prose, and one call
	// after its space.
	streamtest.Expect(t, functools.Format, special, "Hello, world!\nWhat's up?", "Hello, world!\nWhat's up?", nil)
	streamtest.Expect(t, functools.Format, special, ` functools[{"name": "special_function", "arguments": {"arg1": 1}}]`, "", []toolcall.Call{streamtest.Call("special_function", `{"arg1":1}`)})

	// vLLM tests/tool_parsers/test_phi4mini_tool_parser.py.
	weather := toolcall.Request{Tools: streamtest.Tools("get_weather", "get_time", "test_function", "refresh")}
	tokyo := streamtest.Call("get_weather", `{"city":"Tokyo"}`)
	for _, tt := range []tc{
		{"no tool calls", "This is a regular response without any tool calls.", nil, "This is a regular response without any tool calls.", nil},
		{"one call", `functools[{"name": "get_weather", "arguments": {"city": "Tokyo"}}]`, nil, "", []toolcall.Call{tokyo}},
		{"parallel calls", "functools[\n  {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}},\n  {\"name\": \"get_time\", \"arguments\": {\"timezone\": \"Asia/Tokyo\"}}\n]",
			nil, "", []toolcall.Call{tokyo, streamtest.Call("get_time", `{"timezone":"Asia/Tokyo"}`)}},
		// vLLM's regular expression fails on these nested values (an
		// expected failure there).
		{"various data types", "functools[{\n  \"name\": \"test_function\",\n  \"arguments\": {\n    \"string_field\": \"hello\",\n    \"int_field\": 42,\n    \"float_field\": 3.14,\n    \"bool_field\": true,\n    \"null_field\": null,\n    \"array_field\": [\"a\", \"b\", \"c\"],\n    \"object_field\": {\"nested\": \"value\"},\n    \"empty_array\": [],\n    \"empty_object\": {}\n  }\n}]",
			nil, "", []toolcall.Call{streamtest.Call("test_function", `{"string_field":"hello","int_field":42,"float_field":3.14,"bool_field":true,"null_field":null,"array_field":["a","b","c"],"object_field":{"nested":"value"},"empty_array":[],"empty_object":{}}`)}},
		{"empty arguments", `functools[{"name": "refresh", "arguments": {}}]`, nil, "", []toolcall.Call{streamtest.Call("refresh", `{}`)}},
		// vLLM drops the text around the calls; it is content here.
		{"surrounding text", "Let me check the weather for you.\nfunctools[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]\nWould you like to know more?",
			nil, "Let me check the weather for you.\n\nWould you like to know more?", []toolcall.Call{tokyo}},
		{"escaped strings", "functools[{\n  \"name\": \"test_function\",\n  \"arguments\": {\n    \"quoted\": \"He said \\\"hello\\\"\",\n    \"path\": \"C:\\\\Users\\\\file.txt\",\n    \"newline\": \"line1\\nline2\",\n    \"unicode\": \"emoji: 🎉\"\n  }\n}]",
			nil, "", []toolcall.Call{streamtest.Call("test_function", `{"quoted":"He said \"hello\"","path":"C:\\Users\\file.txt","newline":"line1\nline2","unicode":"emoji: 🎉"}`)}},
		// Its malformed inputs: no call from any. vLLM also counts a call
		// without arguments as malformed; here it is a call with none.
		{"malformed: cut inside the arguments", `functools[{"name": "func", "arguments": {`, nil, `functools[{"name": "func", "arguments": {`, nil},
		{"malformed: arguments that are no object", `functools[{"name": "func", "arguments": "not a dict"}]`, nil, `functools[{"name": "func", "arguments": "not a dict"}]`, nil},
		{"malformed: no brackets", `functools{"name": "func"}`, nil, `functools{"name": "func"}`, nil},
		{"malformed: an empty array, then text", "functools[] This is just text", nil, "This is just text", nil},
		{"malformed: no JSON", "functools[ This is just text ]", nil, "functools[ This is just text ]", nil},
	} {
		t.Run(tt.Name, func(t *testing.T) { streamtest.Expect(t, functools.Format, weather, tt.Input, tt.Content, tt.Calls) })
	}
}

// What follows an end of turn is the next turn a server that did not
// stop there wrote: dropped, with an end_of_turn diagnostic.
func TestEndOfTurn(t *testing.T) {
	for _, eot := range []string{"<|end|>", "<|endoftext|>", "<|eot_id|>"} {
		streamtest.CheckEndOfTurnCall(t, functools.Format, `functools[{"name": "f", "arguments": {}}]`+eot+"<|user|>more")
	}
}

var documents = []string{
	" functools[{\"name\": \"write_note\", \"arguments\": " + formatstest.NoteArgs + "}, {\"name\": \"lookup_order\", \"arguments\": " + formatstest.OrderArgs + "}]<|eot_id|>",
	"Sure. functools[{\"name\": \"f\", \"arguments\": {\"a\": [1, \"]\"]}}] Done.<|end|>",
	`functools{"name": "g", "arguments": {"x": 1}}`,
	"functools", "functools.reduce", "<|end|>", "<|eot_id|>", "<|endoftext|>", `[{"name": "f"}]`, `{"name": "f", "arguments": {}}`,
}

// TestPromises: split invariance, argument streaming and quiet deltas
// hold for any mix of the format's text in any split; the first call of an array streams while it arrives; a Feed of prose
// allocates nothing; an array that is not calls comes back as content with a diagnostic.
func TestPromises(t *testing.T) {
	streamtest.CheckPromises(t, functools.Format, streamtest.Promises{
		Documents: documents,
		Streams:   documents[:1], StreamsRequest: toolcall.Request{Tools: streamtest.Tools("write_note", "lookup_order")}, Calls: 2,
		NotCalls: map[string]string{
			`functools[{"name": "f", "arguments": [1]}]`: "arguments",
			`functools{"name": "f"}`:                     "not an array",
		},
	})
}

// FuzzFunctools checks the stream's promises on any document in random
// deltas.
func FuzzFunctools(f *testing.F) {
	streamtest.Fuzz(f, functools.Format, toolcall.Request{Tools: streamtest.Tools("f")}, documents)
}

// The word alone is prose: at the end of the response, before the end of
// the turn, or before other text, it is content without a diagnostic.
func TestTheWordAloneIsProse(t *testing.T) {
	for _, doc := range []string{"I would use functools", "I would use functools\n<|end|>", "functools.reduce(f, xs)"} {
		res := streamtest.Compare(t, functools.Format, toolcall.Request{Tools: streamtest.Tools("f")}, strings.Split(doc, ""))
		if strings.TrimSuffix(doc, "\n<|end|>") != res.Content || len(res.Calls) != 0 || len(res.Diagnostics) != 0 && res.Diagnostics[0].Kind != toolcall.KindEndOfTurn {
			t.Errorf("%q: %+v", doc, res)
		}
	}
}

// BenchmarkSmallCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: one functools array against Hermes's
// eight blocks, the yardstick.
// The request offers no schemas: the parse alone.
func BenchmarkSmallCalls(b *testing.B) {
	formatstest.BenchWeatherCalls(b, formatstest.WeatherCalls(), functools.Format, hermes.Format)
}
