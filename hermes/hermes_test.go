package hermes_test

import (
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call, tools = streamtest.Call, streamtest.Tools

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// TestExamples has every example (the stream trims the whitespace that
// borders content and reasoning) of the hermes section of FORMATS-MORE.md
// (H1-H8; H9 and H10 need reasoning, in TestReasoning).
func TestExamples(t *testing.T) {
	streamtest.Run(t, hermes.Format, []tc{
		{"H1 one call", "<tool_call>\n{\"name\": \"final_answer\", \"arguments\": {\"trigger\": true}}\n</tool_call>", nil, "",
			[]toolcall.Call{call("final_answer", `{"trigger":true}`)}},
		{"H2 prose before", `Sure, let me check the weather.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call>`, nil,
			"Sure, let me check the weather.", []toolcall.Call{call("get_weather", `{"city":"NYC"}`)}},
		{"H3 blocks back to back", `<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>`, nil, "",
			[]toolcall.Call{call("search", `{"q":"cats"}`), call("search", `{"q":"dogs"}`)}},
		{"H4 no end tag at the end", "<tool_call>\n{\"name\": \"final_answer\", \"arguments\": {\"trigger\": true}}", nil, "",
			[]toolcall.Call{call("final_answer", `{"trigger":true}`)}},
		{"H5 a missing brace is content", "<tool_call>\n{\"name\": \"final_answer\", \"arguments\": {\"trigger\": true}", nil,
			"<tool_call>\n{\"name\": \"final_answer\", \"arguments\": {\"trigger\": true}", nil},
		{"H6 arguments as a JSON string", "<tool_call>\n{\"name\": \"get_db_config\", \"arguments\": \"{\\\"param\\\": \\\"max_connections\\\"}\"}\n</tool_call>", nil, "",
			[]toolcall.Call{call("get_db_config", `{"param":"max_connections"}`)}},
		{"H7 prose then two blocks", "Let me help you with that.\n<tool_call>\n{\"name\": \"search\", \"arguments\": {\"query\": \"Qwen model\"}}\n</tool_call>\n<tool_call>\n{\"name\": \"translate\", \"arguments\": {\"text\": \"Hello\", \"to\": \"zh\"}}\n</tool_call>", nil,
			"Let me help you with that.", []toolcall.Call{call("search", `{"query":"Qwen model"}`), call("translate", `{"text":"Hello","to":"zh"}`)}},
		{"H8 pretty-printed", "<tool_call>\n{\n    \"name\": \"create_document\",\n    \"arguments\": {\n        \"title\": \"Test Document\",\n        \"pages\": 3\n    }\n}\n</tool_call>", nil, "",
			[]toolcall.Call{call("create_document", `{"title":"Test Document","pages":3}`)}},
	})
}

func TestHermes(t *testing.T) {
	streamtest.Run(t, hermes.Format, []tc{
		{"arguments before name", `<tool_call>{"arguments": {"a": 1}, "name": "f"}</tool_call>`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"parameters for arguments", `<tool_call>{"name": "f", "parameters": {"a": 1}}</tool_call>`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"a requested tool with no arguments", `<tool_call>{"name": "get-time"}</tool_call>`, []string{"get-time"}, "", []toolcall.Call{call("get-time", `{}`)}},
		{"prose between and after", "A<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>B<tool_call>{\"name\": \"g\", \"arguments\": {}}</tool_call>C", nil,
			"ABC", []toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"two objects in one block", `<tool_call>{"name": "f", "arguments": {}}, {"name": "g", "arguments": {}}</tool_call>`, nil, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"the end marker inside a string", `<tool_call>{"name": "say", "arguments": {"text": "</tool_call> is the tag"}}</tool_call>`, nil, "",
			[]toolcall.Call{call("say", `{"text":"</tool_call> is the tag"}`)}},
		{"a new block interrupts an unclosed one", `<tool_call>{"name": "f", "arguments": {}}<tool_call>{"name": "g", "arguments": {}}</tool_call>`, nil, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"end of turn consumed", "<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call><|im_end|>", nil, "", []toolcall.Call{call("f", `{}`)}},
		{"end of turn ends an open block", "<tool_call>{\"name\": \"f\", \"arguments\": {}}<|im_end|>", nil, "", []toolcall.Call{call("f", `{}`)}},
		{"<|endoftext|> consumed", "Done.<|endoftext|>", nil, "Done.", nil},
		{"a stray end marker is dropped", "Done.</tool_call>", nil, "Done.", nil},
		{"JSON in prose is prose", `Use {"name": "f", "arguments": {}} like this.`, []string{"f"}, `Use {"name": "f", "arguments": {}} like this.`, nil},
		{"a block that is not calls is content", "<tool_call>not json</tool_call>", nil, "<tool_call>not json</tool_call>", nil},
		{"a partial marker at the end is prose", "Hi <tool_ca", nil, "Hi <tool_ca", nil},
		{"non-ASCII arguments", `<tool_call>{"name": "f", "arguments": {"city": "Zürich 東京"}}</tool_call>`, nil, "", []toolcall.Call{call("f", `{"city":"Zürich 東京"}`)}},
		{"OpenAI's function shape", `<tool_call>{"type": "function", "function": {"name": "f", "arguments": {"a": 1}}}</tool_call>`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"Hermes 2 Theta: calls after <|im_start|>", "<|im_start|>\n{\"arguments\": {\"symbol\": \"TSLA\"}, \"name\": \"get_stock_fundamentals\"}\n<|im_start|>", []string{"get_stock_fundamentals"}, "",
			[]toolcall.Call{call("get_stock_fundamentals", `{"symbol":"TSLA"}`)}},
		{"Hermes 2 Theta: two calls", "<|im_start|>\n{\"arguments\": {}, \"name\": \"f\"}\n<|im_start|>\n{\"arguments\": {}, \"name\": \"g\"}\n<|im_start|>", []string{"f", "g"}, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"<|im_start|> with an unrequested name is content", "<|im_start|>\n{\"arguments\": {}, \"name\": \"h\"}\n", []string{"f"},
			"<|im_start|>\n{\"arguments\": {}, \"name\": \"h\"}", nil},
		{"<|im_start|> then prose is content", "<|im_start|>user\nHello", []string{"f"}, "<|im_start|>user\nHello", nil},
	})
}

func TestReasoning(t *testing.T) {
	req := toolcall.Request{}
	streamtest.ExpectReasoning(t, hermes.Format, req, "<think>Check the weather.</think>\n\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>",
		"Check the weather.", "", []toolcall.Call{call("get_weather", `{"city":"Paris"}`)})
	// H9: the prompt opened the reasoning, and a call ends it.
	streamtest.ExpectReasoning(t, hermes.Format, req, `Let me think<tool_call>{"name":"get_weather","arguments":{"location":"San Francisco","unit":"celsius"}}</tool_call>`,
		"Let me think", "", []toolcall.Call{call("get_weather", `{"location":"San Francisco","unit":"celsius"}`)}, stream.StartInReasoning())
	// H10: the prompt opened the reasoning; </think> closes it.
	streamtest.ExpectReasoning(t, hermes.Format, req, "I'm\nthinking\n</think>\n\n<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>",
		"I'm\nthinking", "", []toolcall.Call{call("f", `{}`)}, stream.StartInReasoning())
	// Outside reasoning, a think tag inside a call's string is data.
	streamtest.ExpectReasoning(t, hermes.Format, req, `<tool_call>{"name": "say", "arguments": {"text": "<think>"}}</tool_call>`,
		"", "", []toolcall.Call{call("say", `{"text":"<think>"}`)})
}

var documents = []string{
	"<tool_call>\n{\"name\": \"final_answer\", \"arguments\": {\"trigger\": true}}\n</tool_call>",
	`Sure.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call> Done.`,
	`<tool_call>{"name": "f", "arguments": {"s": "a\"b</tool_call>"}}</tool_call><tool_call>{"name": "g", "arguments": "{\"x\": 1}"}</tool_call>`,
	"<|im_start|>\n{\"arguments\": {}, \"name\": \"f\"}\n<|im_start|>",
	"<tool_call>", "</tool_call>", "<|im_end|>", "<|endoftext|>", "<|im_start|>", "<think>", "</think>", `{"name": "f"}`,
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormatRequest(t, hermes.Format, toolcall.Request{Tools: tools("f", "g")}, documents)
}

// FuzzHermes checks the stream's promises on any document in random deltas.
func FuzzHermes(f *testing.F) {
	streamtest.Fuzz(f, hermes.Format, toolcall.Request{Tools: tools("f")}, documents)
}
