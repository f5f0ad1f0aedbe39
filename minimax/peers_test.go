package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// peerCase is one case of another parser's tests, as this package reads
// it: the tools offered, the text, and the reasoning, content and calls.
type peerCase struct {
	name               string
	tools              []toolcall.Tool
	doc                string
	reasoning, content string
	calls              []toolcall.Call
	outsideOfReasoning bool // the text is a turn's content only (the peer's reasoning parser took the rest)
}

func runPeers(t *testing.T, cases []peerCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := stream.StartInReasoning()
			if c.outsideOfReasoning {
				opt = stream.StartOutsideReasoning()
			}
			streamtest.ExpectReasoning(t, minimax.Format, toolcall.Request{Tools: c.tools}, c.doc, c.reasoning, c.content, c.calls, opt)
		})
	}
}

// TestLlamaCppCases are the MiniMax-M2 cases of llama.cpp's
// tests/test-chat.cpp (the fork Raudbjorn/ggml-llama.cpp): the prompt
// opened <think>, thinking on. Its continuation cases (a prefilled
// assistant turn) test llama.cpp's prompt, not the reading: not ported.
func TestLlamaCppCases(t *testing.T) {
	special := tool("special_function", `{"type":"object","properties":{"arg1":{"type":"integer"}},"required":["arg1"]}`)
	emptyArgs := tool("empty_args", `{"type":"object","properties":{}}`)
	runPeers(t, []peerCase{
		{name: "content after empty reasoning", doc: "\n</think>\n\nHello, world!\nWhat's up?", content: "Hello, world!\nWhat's up?"},
		{name: "reasoning then content", doc: "I'm\nthinking\n</think>\n\nHello, world!\nWhat's up?", reasoning: "I'm\nthinking", content: "Hello, world!\nWhat's up?"},
		{name: "reasoning then a call without arguments", tools: []toolcall.Tool{emptyArgs},
			doc:       "Let's call a tool:\n</think>\n\n<minimax:tool_call>\n<invoke name=\"empty_args\">\n</invoke>\n</minimax:tool_call>",
			reasoning: "Let's call a tool:", calls: []toolcall.Call{call("empty_args", `{}`)}},
		{name: "a call typed by the schema", tools: []toolcall.Tool{special},
			doc:   "\n</think>\n\n<minimax:tool_call>\n<invoke name=\"special_function\">\n<parameter name=\"arg1\">1</parameter>\n</invoke>\n</minimax:tool_call>",
			calls: []toolcall.Call{call("special_function", `{"arg1":1}`)}},
	})
}

// TestVLLMCases are the cases of vLLM's
// tests/tool_parsers/test_minimax_m2_tool_parser.py: the text after the
// reasoning, which vLLM's reasoning parser takes apart. (Its cases about
// token IDs and the shape of its delta messages test vLLM's plumbing.)
func TestVLLMCases(t *testing.T) {
	nullable := tool("update_profile", `{"type":"object","properties":{"nickname":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`)
	settings := tool("update_settings", `{"type":"object","properties":{"config":{"anyOf":[{"type":"object"},{"type":"null"}]}}}`)
	runPeers(t, []peerCase{
		{name: "plain content", doc: "Hello world", content: "Hello world", outsideOfReasoning: true},
		{name: "content before a call", outsideOfReasoning: true,
			doc:     `Let me check. <minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter></invoke></minimax:tool_call>`,
			content: "Let me check.", calls: []toolcall.Call{call("get_weather", `{"city":"Seattle"}`)}},
		// No schema: every value is a string, as vLLM reads it.
		{name: "two parameters, no schema", outsideOfReasoning: true,
			doc:   `<minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter><parameter name="days">5</parameter></invoke></minimax:tool_call>`,
			calls: []toolcall.Call{call("get_weather", `{"city":"Seattle","days":"5"}`)}},
		{name: "two invokes of one function", outsideOfReasoning: true,
			doc: `<minimax:tool_call><invoke name="search_web"><parameter name="query">OpenAI</parameter></invoke>` +
				`<invoke name="search_web"><parameter name="query">Gemini</parameter></invoke></minimax:tool_call>`,
			calls: []toolcall.Call{call("search_web", `{"query":"OpenAI"}`), call("search_web", `{"query":"Gemini"}`)}},
		{name: "two functions", outsideOfReasoning: true,
			doc: `<minimax:tool_call><invoke name="get_weather"><parameter name="city">NYC</parameter></invoke>` +
				`<invoke name="get_stock"><parameter name="ticker">AAPL</parameter></invoke></minimax:tool_call>`,
			calls: []toolcall.Call{call("get_weather", `{"city":"NYC"}`), call("get_stock", `{"ticker":"AAPL"}`)}},
		{name: "a nullable string given", tools: []toolcall.Tool{nullable}, outsideOfReasoning: true,
			doc:   `<minimax:tool_call><invoke name="update_profile"><parameter name="nickname">Alice</parameter></invoke></minimax:tool_call>`,
			calls: []toolcall.Call{call("update_profile", `{"nickname":"Alice"}`)}},
		{name: "a nullable string given null", tools: []toolcall.Tool{nullable}, outsideOfReasoning: true,
			doc:   `<minimax:tool_call><invoke name="update_profile"><parameter name="nickname">null</parameter></invoke></minimax:tool_call>`,
			calls: []toolcall.Call{call("update_profile", `{"nickname":null}`)}},
		{name: "a nullable object given", tools: []toolcall.Tool{settings}, outsideOfReasoning: true,
			doc:   `<minimax:tool_call><invoke name="update_settings"><parameter name="config">{"theme": "dark", "fontSize": 14}</parameter></invoke></minimax:tool_call>`,
			calls: []toolcall.Call{call("update_settings", `{"config":{"theme":"dark","fontSize":14}}`)}},
	})
}

// TestSGLangCases are the cases of SGLang's MiniMax-M2 detector tests
// (test_minimax_m2_detector.py): the text after the reasoning.
func TestSGLangCases(t *testing.T) {
	weather := tool("get_weather", `{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["city"]}`)
	search := tool("search", `{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}`)
	tools := []toolcall.Tool{weather, search}
	beijing := "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Beijing</parameter>\n</invoke>\n</minimax:tool_call>"
	runPeers(t, []peerCase{
		{name: "one call", tools: tools, outsideOfReasoning: true, doc: beijing, calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{name: "text before a call", tools: tools, outsideOfReasoning: true, doc: "Let me check the weather.\n" + beijing,
			content: "Let me check the weather.", calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{name: "no call", tools: tools, outsideOfReasoning: true, doc: "The weather is nice today.", content: "The weather is nice today."},
		{name: "two calls", tools: tools, outsideOfReasoning: true,
			doc:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Beijing</parameter>\n</invoke>\n<invoke name=\"search\">\n<parameter name=\"query\">restaurants</parameter>\n</invoke>\n</minimax:tool_call>",
			calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`), call("search", `{"query":"restaurants"}`)}},
		{name: "text after a call", tools: tools, outsideOfReasoning: true, doc: beijing + "\nThat is all.",
			content: "That is all.", calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{name: "two arguments", tools: tools, outsideOfReasoning: true,
			doc:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">London</parameter>\n<parameter name=\"unit\">celsius</parameter>\n</invoke>\n</minimax:tool_call>",
			calls: []toolcall.Call{call("get_weather", `{"city":"London","unit":"celsius"}`)}},
		// SGLang strips every newline around a value; the template writes
		// values as they are, so the newlines are the value's here (see
		// the package doc).
		{name: "newlines around a value are kept", tools: tools, outsideOfReasoning: true,
			doc:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">\n\nBeijing\n\n</parameter>\n</invoke>\n</minimax:tool_call>",
			calls: []toolcall.Call{call("get_weather", `{"city":"\n\nBeijing\n\n"}`)}},
		// SGLang drops a call to a tool the request does not offer; the
		// stream returns it, with an unknown_tool diagnostic.
		{name: "a tool not offered", tools: tools, outsideOfReasoning: true,
			doc:   "<minimax:tool_call>\n<invoke name=\"unknown_tool\">\n<parameter name=\"city\">Beijing</parameter>\n</invoke>\n</minimax:tool_call>",
			calls: []toolcall.Call{call("unknown_tool", `{"city":"Beijing"}`)}},
	})
}
