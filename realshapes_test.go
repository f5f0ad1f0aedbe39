package toolparse_test

import (
	"fmt"
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// shapeCase is one real-output shape (issue: read what real models write,
// part 2): the text, and the calls it holds (none for a near miss).
type shapeCase struct {
	name   string
	format toolcall.Format
	text   string
	want   []toolcall.Call
}

var weatherTools = toolcall.Request{Tools: []toolcall.Tool{
	{Name: "get_weather", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string"}}}`)},
	{Name: "search", Parameters: []byte(`{"type":"object","properties":{"q":{"type":"string"},"options":{"type":"object"}}}`)},
}}

func weather(args string) []toolcall.Call {
	return []toolcall.Call{{Name: "get_weather", Arguments: args}}
}

var realShapes = []shapeCase{
	// One dict as the only positional argument (Gemma, Llama 3 8B).
	{"a dict of parameters as the one argument", llama4.Format, `[get_weather({'city': 'Paris', 'unit': 'c'})]`, weather(`{"city":"Paris","unit":"c"}`)},
	{"the same, bare", llama4.Format, `get_weather({'city': 'Paris'})`, weather(`{"city":"Paris"}`)},
	{"the same, in pythonic", pythonic.Format, `[get_weather({"city": "Paris"})]`, weather(`{"city":"Paris"}`)},
	{"the same, with functions.", llama4.Format, `[functions.get_weather({'city': 'Paris'})]`, weather(`{"city":"Paris"}`)},
	{"near miss: a key that is no parameter", llama4.Format, `[search({'city': 'Paris'})]`,
		[]toolcall.Call{{Name: "search", Arguments: `{"q":{"city":"Paris"}}`}}},
	{"near miss: a dict beside a keyword", llama4.Format, `[search({'q': 'x'}, options={})]`,
		[]toolcall.Call{{Name: "search", Arguments: `{"q":{"q":"x"},"options":{}}`}}},
	// Other argument keys (Mistral Nemo, Arctic).
	{"params", llama3json.Format, `{"name": "get_weather", "params": {"city": "Paris"}}`, weather(`{"city":"Paris"}`)},
	{"args", llama4.Format, `{"name": "get_weather", "args": {"city": "Paris"}}`, weather(`{"city":"Paris"}`)},
	{"input in a Mistral list", mistral.Format, `[TOOL_CALLS][{"name": "get_weather", "input": {"city": "Paris"}}]`, weather(`{"city":"Paris"}`)},
	{"near miss: params of a tool not requested", llama3json.Format, `{"name": "delete_all", "params": {"x": 1}}`, nil},
	// A dict keyed by a tool name.
	{"a dict keyed by a tool, in a Mistral list", mistral.Format, `[TOOL_CALLS][{"get_weather": {"city": "Paris"}}]`, weather(`{"city":"Paris"}`)},
	{"near miss: keyed by an unknown name", mistral.Format, `[TOOL_CALLS][{"weather": {"city": "Paris"}}]`, nil},
	// Name and arguments pairs (Mistral's prompt mode, Arctic, Llama 3).
	{"pairs in a Mistral list", mistral.Format, `[TOOL_CALLS][["get_weather", {"city": "Paris"}], ["search", {"q": "x"}]]`,
		[]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "search", Arguments: `{"q":"x"}`}}},
	{"a Python tuple pair", mistral.Format, `[TOOL_CALLS][('get_weather', {'city': 'Paris'})]`, weather(`{"city":"Paris"}`)},
	{"pairs in a tool_call block", hermes.Format, `<tool_call>[["get_weather", {"city": "Paris"}]]</tool_call>`, weather(`{"city":"Paris"}`)},
	{"pairs after python_tag", llama3json.Format, `<|python_tag|>[["get_weather", {"city": "Paris"}]]`, weather(`{"city":"Paris"}`)},
	{"pairs in llama4 prose", llama4.Format, `Calling: [["get_weather", {"city": "Paris"}], ["search", {"q": "x"}]]`,
		[]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "search", Arguments: `{"q":"x"}`}}},
	{"a tuple pair in llama4 prose", llama4.Format, `[('get_weather', {'city': 'Paris'})]`, weather(`{"city":"Paris"}`)},
	{"a dict keyed by a tool in llama4 prose", llama4.Format, `Sure: {"get_weather": {"city": "Paris"}}`, weather(`{"city":"Paris"}`)},
	{"a list of dicts keyed by a tool in llama4 prose", llama4.Format, `[{"get_weather": {"city": "Paris"}}]`, weather(`{"city":"Paris"}`)},
	{"near miss: lists of strings in llama4 prose", llama4.Format, `[["a", "b"]] and {"x": 1} and {"get_weathers": 1}`, nil},
	{"near miss: a pair naming no requested tool", mistral.Format, `[TOOL_CALLS][["delete_all", {"x": 1}]]`, nil},
	{"near miss: a list of number pairs", mistral.Format, `[TOOL_CALLS][[1, 2], [3, 4]]`, nil},
	// Repeats in an explanation, and runaway next turns.
	{"a call repeated in the explanation after it", llama4.Format, "[get_weather(city=\"Paris\")]\nI called get_weather(city=\"Paris\") to get it.", weather(`{"city":"Paris"}`)},
	{"near miss: identical calls in one list", llama4.Format, `[get_weather(city="Paris"), get_weather(city="Paris")]`,
		[]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
	{"near miss: a different call after prose", llama4.Format, "[get_weather(city=\"Paris\")]\nAnd now Rome: [get_weather(city=\"Rome\")]",
		[]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "get_weather", Arguments: `{"city":"Rome"}`}}},
	{"a base model's next instruction", llama4.Format, "It is sunny.\n### Instruction\n[get_weather(city=\"Rome\")]", nil},
	{"a next header", llama4.Format, "It is sunny.<|start_header_id|>assistant<|end_header_id|>\n\n[get_weather(city=\"Rome\")]", nil},
	{"a next ChatML turn", pythonic.Format, "It is sunny.\n<|im_start|>assistant\n[get_weather(city=\"Rome\")]", nil},
	{"a transcript's next user line", llama4.Format, "It is sunny.\nUser: and Rome?\n[get_weather(city=\"Rome\")]", nil},
	{"near miss: a marker before any prose", llama4.Format, "### Instruction\n[get_weather(city=\"Rome\")]", weather(`{"city":"Rome"}`)},
	{"near miss: User: inside a line", llama4.Format, "Set the User: field. [get_weather(city=\"Rome\")]", weather(`{"city":"Rome"}`)},
	// Markdown's \_ in names (Mistral Medium and Tiny, Mixtral).
	{"an escaped name in a bare call", llama4.Format, `Let me check. get\_weather(city="Paris")`, weather(`{"city":"Paris"}`)},
	{"an escaped name in a JSON call", llama3json.Format, `{"name": "get\_weather", "parameters": {"city": "Paris"}}`, weather(`{"city":"Paris"}`)},
	{"an escaped name in a Mistral list", mistral.Format, `[TOOL_CALLS][{"name": "get\_weather", "arguments": {"city": "Paris"}}]`, weather(`{"city":"Paris"}`)},
	{"near miss: a backslash before a paren", llama4.Format, `see get\(x) and a\b`, nil},
	// The OpenAI wrapper one brace short at the end (Llama 3.2 under vLLM).
	{"the OpenAI wrapper one brace short", llama3json.Format, `{"type": "function", "function": {"name": "get_weather", "parameters": {"city": "Paris"}}`, weather(`{"city":"Paris"}`)},
	{"a call object one brace short, after a bracket", llama3json.Format, `[{"name": "get_weather", "parameters": {"city": "Paris"}`, weather(`{"city":"Paris"}`)},
	{"near miss: cut inside a string", llama3json.Format, `{"type": "function", "function": {"name": "get_weather", "parameters": {"city": "Par`, nil},
	{"near miss: cut after a comma", llama3json.Format, `{"name": "get_weather", "parameters": {"city": "Paris", `, nil},
	{"near miss: cut after a number", llama3json.Format, `{"name": "get_weather", "parameters": {"n": 12`, nil},
	// Qwen2.5 without <tool_call> (quantized, Ollama): a bare call object.
	{"a bare call object, prose after", hermes.Format, `{"name": "get_weather", "arguments": {"city": "Paris"}} Let me check.`, weather(`{"city":"Paris"}`)},
	{"a bare call object on its own line", hermes.Format, "Sure.\n{\"arguments\": {\"city\": \"Paris\"}, \"name\": \"get_weather\"}\nDone.", weather(`{"city":"Paris"}`)},
	{"a bare call object, pretty-printed", hermes.Format, "Sure:\n  {\n    \"name\": \"get_weather\",\n    \"arguments\": {\n      \"city\": \"Paris\"\n    }\n  }\n", weather(`{"city":"Paris"}`)},
	{"two bare call objects", hermes.Format, "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n{\"name\": \"search\", \"arguments\": {\"q\": \"x\"}}",
		[]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "search", Arguments: `{"q":"x"}`}}},
	{"near miss: a call object inside a sentence", hermes.Format, `Use {"name": "get_weather", "arguments": {}} like this.`, nil},
	{"near miss: a bare object naming no requested tool", hermes.Format, `{"name": "Alice", "arguments": {"age": 3}}`, nil},
}

// TestRealShapes: each shape whole, split in two at every byte, and in
// 1-byte deltas, with and without argument streaming, gives its calls.
func TestRealShapes(t *testing.T) {
	for _, tc := range realShapes {
		t.Run(tc.name, func(t *testing.T) {
			check := func(how string, deltas []string, opts ...stream.Option) {
				s := stream.New(tc.format, weatherTools, append(opts, stream.WithIDs(func(c toolcall.Call) string { return "" }))...)
				var calls []toolcall.Call
				take := func(evs []toolcall.Event) {
					for _, e := range evs {
						if e.Call != nil {
							calls = append(calls, toolcall.Call{Name: e.Call.Name, Arguments: e.Call.Arguments})
						}
					}
				}
				for _, d := range deltas {
					take(s.Feed(d))
				}
				take(s.Close())
				if fmt.Sprint(calls) != fmt.Sprint(tc.want) && !(len(calls) == 0 && len(tc.want) == 0) {
					t.Fatalf("%s %s: calls %v, want %v", tc.format.Name(), how, calls, tc.want)
				}
			}
			for _, opts := range [][]stream.Option{nil, {stream.WithArgumentStreaming()}} {
				check("whole", []string{tc.text}, opts...)
				for i := 1; i < len(tc.text); i++ {
					check(fmt.Sprintf("split at %d", i), []string{tc.text[:i], tc.text[i:]}, opts...)
				}
				var bytes []string
				for i := range len(tc.text) {
					bytes = append(bytes, tc.text[i:i+1])
				}
				check("in 1-byte deltas", bytes, opts...)
			}
		})
	}
}
