package gigachat_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// The markers as the model writes them.
const (
	head3  = "<|message_sep|>\n\nfunction call<|role_sep|>\n"
	head31 = "<|function_call|>"
)

// The call of the goldens' tools_one_call conversation, as the templates
// write it.
const orderCall = `{"name": "lookup_order", "arguments": {"order_id": 42, "status": "shipped", "options": {"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}}}`

var order = call("lookup_order", `{"order_id":42,"status":"shipped","options":{"include_items":true,"fields":["sku","qty"],"max_price":19.5}}`)

// TestGoldenTurns reads the assistant turns of the goldens
// (testdata/templates/golden/gigachat3 and gigachat31) as the templates
// write them, from the turn's first byte through its <|message_sep|>\n\n.
func TestGoldenTurns(t *testing.T) {
	streamtest.Run(t, gigachat.Format, []tc{
		{"gigachat3: a call", head3 + orderCall + "<|message_sep|>\n\n", nil, "", []toolcall.Call{order}},
		{"gigachat31: a call", head31 + orderCall + "<|message_sep|>\n\n", nil, "", []toolcall.Call{order}},
		{"an answer", "Saved the note; order 42 has shipped.<|message_sep|>\n\n", nil, "Saved the note; order 42 has shipped.", nil},
	})
}

// Cases from the peers, each named after its source.
func TestPeers(t *testing.T) {
	const memory = `{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences"}}`
	const complexArgs = `{"name": "manage_user_memory", "arguments": {"action": "create", "id": "preferences", "content": {"short_answers": true, "hate_emojis": true, "english_ui": false, "russian_math_explanations": true}}}`
	memoryCall := call("manage_user_memory", `{"action":"create","id":"preferences"}`)
	complexCall := call("manage_user_memory", `{"action":"create","id":"preferences","content":{"short_answers":true,"hate_emojis":true,"english_ui":false,"russian_math_explanations":true}}`)
	special := call("special_function", `{"arg1":1}`)
	streamtest.Run(t, gigachat.Format, []tc{
		// llama.cpp tests/test-chat.cpp, "GigaChat V3" and "GigaChat V3.1"
		{"llama.cpp: content only", "Hello, world!\nWhat's up?", nil, "Hello, world!\nWhat's up?", nil},
		{"llama.cpp: a 3 call", head3 + `{"name": "special_function", "arguments": {"arg1": 1}}`, nil, "", []toolcall.Call{special}},
		{"llama.cpp: content and a 3 call", "Hello, world!\nWhat's up?" + head3 + `{"name": "special_function", "arguments": {"arg1": 1}}`, nil, "Hello, world!\nWhat's up?", []toolcall.Call{special}},
		{"llama.cpp: a 3.1 call", head31 + `{"name": "special_function", "arguments": {"arg1": 1}}`, nil, "", []toolcall.Call{special}},
		{"llama.cpp: content and a 3.1 call", "Hello, world!\nWhat's up?" + head31 + `{"name": "special_function", "arguments": {"arg1": 1}}`, nil, "Hello, world!\nWhat's up?", []toolcall.Call{special}},

		// vLLM tests/tool_parsers/test_gigachat3_tool_parser.py
		{"vLLM: no tool call", "How can I help you today?", nil, "How can I help you today?", nil},
		{"vLLM: simple, 3", head3 + memory, nil, "", []toolcall.Call{memoryCall}},
		{"vLLM: parameterless, 3", head3 + `{"name": "manage_user_memory", "arguments": {}}`, nil, "", []toolcall.Call{call("manage_user_memory", `{}`)}},
		{"vLLM: complex, 3", head3 + complexArgs, nil, "", []toolcall.Call{complexCall}},
		{"vLLM: mixed content, 3", "I'll check that for you." + head3 + memory, nil, "I'll check that for you.", []toolcall.Call{memoryCall}},
		{"vLLM: mixed content with eos, 3", "I'll check that for you." + head3 + memory + "</s>", nil, "I'll check that for you.", []toolcall.Call{memoryCall}},
		{"vLLM: simple, 3.1", head31 + memory, nil, "", []toolcall.Call{memoryCall}},
		{"vLLM: parameterless, 3.1", head31 + `{"name": "manage_user_memory", "arguments": {}}`, nil, "", []toolcall.Call{call("manage_user_memory", `{}`)}},
		{"vLLM: complex, 3.1", head31 + complexArgs, nil, "", []toolcall.Call{complexCall}},
		{"vLLM: mixed content, 3.1", "I'll check that for you." + head31 + memory, nil, "I'll check that for you.", []toolcall.Call{memoryCall}},
		{"vLLM: mixed content with eos, 3.1", "I'll check that for you." + head31 + memory + "</s>", nil, "I'll check that for you.", []toolcall.Call{memoryCall}},

		// SGLang test/registered/function_call/test_gigachat3_detector.py
		{"SGLang: content and eos", "I'll remember that." + head3 + `{"name": "manage_user_memory", "arguments": {"action": "create", "id": "test"}}</s>`, nil,
			"I'll remember that.", []toolcall.Call{call("manage_user_memory", `{"action":"create","id":"test"}`)}},
		{"SGLang: invalid JSON is content", head3 + `{"name": "manage_user_memory", "arguments": {invalid json}}`, nil,
			head3 + `{"name": "manage_user_memory", "arguments": {invalid json}}`, nil},
		{"SGLang: a missing name is no call", head3 + `{"arguments": {"action": "create"}}`, nil, head3 + `{"arguments": {"action": "create"}}`, nil},
		{"SGLang: arguments that are no object are no call", head3 + `{"name": "manage_user_memory", "arguments": "string_args"}`, nil,
			head3 + `{"name": "manage_user_memory", "arguments": "string_args"}`, nil},
		{"SGLang: a 3.1 call", head31 + memory, nil, "", []toolcall.Call{memoryCall}},
		// SGLang gives no call for missing arguments; see the package doc.
		{"missing arguments are none", head3 + `{"name": "manage_user_memory"}`, nil, "", []toolcall.Call{call("manage_user_memory", `{}`)}},
		// SGLang streams the name and the start of the arguments of a
		// call the end cuts; a cut-off call is no call here.
		{"a call the end cuts is content", head3 + `{"name": "get_weather", "arguments": {"city": "London"`, nil,
			head3 + `{"name": "get_weather", "arguments": {"city": "London"`, nil},
	})
}

func TestGigaChat(t *testing.T) {
	streamtest.Run(t, gigachat.Format, []tc{
		{"two 3 calls: both are read", head3 + `{"name": "f", "arguments": {}}` + head3 + `{"name": "g", "arguments": {"a": 1}}</s>`, nil, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{"a":1}`)}},
		{"two 3.1 calls: both are read", head31 + `{"name": "f", "arguments": {}}` + head31 + `{"name": "g", "arguments": {"a": 1}}`, nil, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{"a":1}`)}},
		{"an array after the marker", head31 + `[{"name": "f", "arguments": {}}, {"name": "g", "arguments": {}}]`, nil, "", []toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"arguments as a JSON string", head31 + `{"name": "f", "arguments": "{\"a\": 1}"}`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"keys in any order", head31 + `{"arguments": {"a": 1}, "name": "f"}`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"whitespace before the object", head31 + "\n  " + `{"name": "f", "arguments": {}}`, nil, "", []toolcall.Call{call("f", `{}`)}},
		{"pretty-printed", head3 + "{\n  \"name\": \"f\",\n  \"arguments\": {\"a\": [1, 2]}\n}", nil, "", []toolcall.Call{call("f", `{"a":[1,2]}`)}},
		{"the markers in a string", head31 + `{"name": "say", "arguments": {"text": "<|message_sep|>\n\nfunction call<|role_sep|>\n</s>"}}`, nil, "",
			[]toolcall.Call{call("say", `{"text":"<|message_sep|>\n\nfunction call<|role_sep|>\n</s>"}`)}},
		{"non-ASCII arguments", head31 + `{"name": "f", "arguments": {"city": "Москва 東京"}}`, nil, "", []toolcall.Call{call("f", `{"city":"Москва 東京"}`)}},
		{"Python literals", head31 + `{'name': 'f', 'arguments': {'ok': True}}`, nil, "", []toolcall.Call{call("f", `{"ok":true}`)}},
		{"the message's end after content", "Hi.<|message_sep|>\n\n", nil, "Hi.", nil},
		{"the message's end at the end", "Hi.<|message_sep|>", nil, "Hi.", nil},
		{"the message's end and half a call header", "Hi.<|message_sep|>\n\nfunction ca", nil, "Hi.", nil},
		// The marker stood last: no object came, so the text is content,
		// verbatim, as every cut-off call of a marker without an end is.
		{"a call message the end cuts before its object holds no call", "Hi." + head3, nil, "Hi." + strings.TrimRight(head3, "\n"), nil},
		{"a partial marker at the end is prose", "Hi <|message", nil, "Hi <|message", nil},
		{"the role's words in prose are prose", "Write a function call here.", nil, "Write a function call here.", nil},
		{"a stray role separator is prose", "a<|role_sep|>b", nil, "a<|role_sep|>b", nil},
		{"text after the object goes on as prose", head31 + `{"name": "f", "arguments": {}} Done.`, nil, "Done.", []toolcall.Call{call("f", `{}`)}},
		{"no object after the marker is content", head31 + "call f now", nil, head31 + "call f now", nil},
		{"a name that is no string is content", head31 + `{"name": 5, "arguments": {}}`, nil, head31 + `{"name": 5, "arguments": {}}`, nil},
	})
}

// What follows the end of the turn (<|message_sep|> with no call after
// it, or </s>) is a next turn a server that did not stop there wrote:
// dropped, with an end_of_turn diagnostic.
func TestEndOfTurn(t *testing.T) {
	for _, doc := range []string{
		head3 + `{"name": "f", "arguments": {}}<|message_sep|>\n\nfunction result<|role_sep|>\n{"ok": true}<|message_sep|>\n\n`,
		head31 + `{"name": "f", "arguments": {}}</s>user<|role_sep|>\nmore`,
		"Sure.<|message_sep|>\n\nuser<|role_sep|>\n" + head31 + `{"name": "g", "arguments": {}}`,
		// </s> after the message's end is what follows the end too
		"Sure.<|message_sep|>\n\n</s>",
	} {
		if res := streamtest.EndOfTurn(t, gigachat.Format, doc, 3); strings.Contains(res.Content, "<|") || strings.Contains(res.Content, "more") || len(res.Calls) > 1 {
			t.Errorf("%q: content %q, calls %+v", doc, res.Content, res.Calls)
		}
	}
}

// The call header's own marker, <|message_sep|>, waits in any split for
// the bytes that tell a call from the end of the message (the peers'
// streaming cases split it so).
func TestHeaderInAnySplit(t *testing.T) {
	// SGLang test_streaming_complex_arguments' and vLLM's split
	for _, deltas := range [][]string{
		{"<|message_sep|>\n\n", "functi", "on call<|role_sep|>\n", `{"name": "manage_user_memory", "arguments": `, `{"action": "create", "id": "prefs", `, `"content": {"likes": ["short", "clear"]}`, "}}"},
		{"I'll ", "help ", "you.", "<|message_sep|>\n\n", "function call", "<|role_sep|>\n", `{"name": "get_weather", `, `"arguments": {"city": "Tokyo"}}`},
		{"I'll help you.", "<|function_call|>", `{"name": "manage_user_memory", "arguments": `, `{"action": "create", "id": "prefs"}}`},
	} {
		res := streamtest.Compare(t, gigachat.Format, toolcall.Request{}, deltas)
		if len(res.Calls) != 1 || strings.Contains(res.Content, "<|") {
			t.Errorf("%q: calls %+v, content %q", deltas, res.Calls, res.Content)
		}
	}
}

var documents = []string{
	"Let me check." + head3 + orderCall + "</s>",
	head31 + `{"name": "f", "arguments": {"a": [1, "}"]}}` + head31 + `{"name": "g", "arguments": {}}`,
	"Hi.<|message_sep|>\n\nuser<|role_sep|>\nmore",
	head3, head31, "<|message_sep|>", "</s>", "<|role_sep|>", "function call", `{"name": "f", "arguments": {}}`, "\n\n",
}

// TestPromises: split invariance, argument streaming and quiet deltas
// hold for any mix of the format's text in any split; a call streams while it arrives; a Feed of prose
// allocates nothing; a call object that is not a call comes back as content with a diagnostic saying why.
func TestPromises(t *testing.T) {
	streamtest.CheckPromises(t, gigachat.Format, streamtest.Promises{
		Documents: documents,
		Streams:   []string{documents[0], head31 + orderCall + head31 + orderCall}, StreamsRequest: toolcall.Request{Tools: streamtest.Tools("lookup_order")},
		NotCalls: map[string]string{head31 + `{"name": "f", "arguments": [1]}`: "arguments"},
	})
}

// FuzzGigaChat checks the stream's promises on any document in random
// deltas.
func FuzzGigaChat(f *testing.F) {
	streamtest.Fuzz(f, gigachat.Format, toolcall.Request{Tools: streamtest.Tools("f")}, documents)
}

// BenchmarkSmallCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: GigaChat 3.1's and 3's against
// Hermes's eight blocks, the yardstick. The request offers no schemas:
// the parse alone.
func BenchmarkSmallCalls(b *testing.B) {
	formatstest.BenchCalls(b, toolcall.Request{Tools: streamtest.Tools("get_weather", "write_file")}, formatstest.WeatherCalls(), []formatstest.Writer{
		{Name: "gigachat3.1", Format: gigachat.Format},
		{Name: "gigachat3", Format: gigachat.Format, Render: gigachat.RenderCalls3},
		{Format: hermes.Format},
	})
}
