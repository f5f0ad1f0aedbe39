package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/minimax"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// outside is the Start of a case whose text is a turn's content only
// (the peer's reasoning parser took the rest).
var outside = stream.StartOutsideReasoning()

// TestLlamaCppCases are the MiniMax-M2 cases of llama.cpp's
// tests/test-chat.cpp (the fork Raudbjorn/ggml-llama.cpp): the prompt
// opened <think>, thinking on. Its continuation cases (a prefilled
// assistant turn) test llama.cpp's prompt, not the reading: not ported.
func TestLlamaCppCases(t *testing.T) {
	special := streamtest.Tool("special_function", `{"type":"object","properties":{"arg1":{"type":"integer"}},"required":["arg1"]}`)
	emptyArgs := streamtest.Tool("empty_args", `{"type":"object","properties":{}}`)
	streamtest.RunReasoning(t, minimax.Format, stream.StartInReasoning(), []streamtest.ReasoningCase{
		{Name: "content after empty reasoning", Doc: "\n</think>\n\nHello, world!\nWhat's up?", Content: "Hello, world!\nWhat's up?"},
		{Name: "reasoning then content", Doc: "I'm\nthinking\n</think>\n\nHello, world!\nWhat's up?", Reasoning: "I'm\nthinking", Content: "Hello, world!\nWhat's up?"},
		{Name: "reasoning then a call without arguments", Tools: []toolcall.Tool{emptyArgs},
			Doc:       "Let's call a tool:\n</think>\n\n<minimax:tool_call>\n<invoke name=\"empty_args\">\n</invoke>\n</minimax:tool_call>",
			Reasoning: "Let's call a tool:", Calls: []toolcall.Call{call("empty_args", `{}`)}},
		{Name: "a call typed by the schema", Tools: []toolcall.Tool{special},
			Doc:   "\n</think>\n\n<minimax:tool_call>\n<invoke name=\"special_function\">\n<parameter name=\"arg1\">1</parameter>\n</invoke>\n</minimax:tool_call>",
			Calls: []toolcall.Call{call("special_function", `{"arg1":1}`)}},
	})
}

// TestVLLMCases are the cases of vLLM's
// tests/tool_parsers/test_minimax_m2_tool_parser.py: the text after the
// reasoning, which vLLM's reasoning parser takes apart. (Its cases about
// token IDs and the shape of its delta messages test vLLM's plumbing.)
func TestVLLMCases(t *testing.T) {
	nullable := streamtest.Tool("update_profile", `{"type":"object","properties":{"nickname":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`)
	settings := streamtest.Tool("update_settings", `{"type":"object","properties":{"config":{"anyOf":[{"type":"object"},{"type":"null"}]}}}`)
	streamtest.RunReasoning(t, minimax.Format, stream.StartInReasoning(), []streamtest.ReasoningCase{
		{Name: "plain content", Doc: "Hello world", Content: "Hello world", Start: outside},
		{Name: "content before a call", Start: outside,
			Doc:     `Let me check. <minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter></invoke></minimax:tool_call>`,
			Content: "Let me check.", Calls: []toolcall.Call{call("get_weather", `{"city":"Seattle"}`)}},
		// No schema: every value is a string, as vLLM reads it.
		{Name: "two parameters, no schema", Start: outside,
			Doc:   `<minimax:tool_call><invoke name="get_weather"><parameter name="city">Seattle</parameter><parameter name="days">5</parameter></invoke></minimax:tool_call>`,
			Calls: []toolcall.Call{call("get_weather", `{"city":"Seattle","days":"5"}`)}},
		{Name: "two invokes of one function", Start: outside,
			Doc: `<minimax:tool_call><invoke name="search_web"><parameter name="query">OpenAI</parameter></invoke>` +
				`<invoke name="search_web"><parameter name="query">Gemini</parameter></invoke></minimax:tool_call>`,
			Calls: []toolcall.Call{call("search_web", `{"query":"OpenAI"}`), call("search_web", `{"query":"Gemini"}`)}},
		{Name: "two functions", Start: outside,
			Doc: `<minimax:tool_call><invoke name="get_weather"><parameter name="city">NYC</parameter></invoke>` +
				`<invoke name="get_stock"><parameter name="ticker">AAPL</parameter></invoke></minimax:tool_call>`,
			Calls: []toolcall.Call{call("get_weather", `{"city":"NYC"}`), call("get_stock", `{"ticker":"AAPL"}`)}},
		{Name: "a nullable string given", Tools: []toolcall.Tool{nullable}, Start: outside,
			Doc:   `<minimax:tool_call><invoke name="update_profile"><parameter name="nickname">Alice</parameter></invoke></minimax:tool_call>`,
			Calls: []toolcall.Call{call("update_profile", `{"nickname":"Alice"}`)}},
		{Name: "a nullable string given null", Tools: []toolcall.Tool{nullable}, Start: outside,
			Doc:   `<minimax:tool_call><invoke name="update_profile"><parameter name="nickname">null</parameter></invoke></minimax:tool_call>`,
			Calls: []toolcall.Call{call("update_profile", `{"nickname":null}`)}},
		{Name: "a nullable object given", Tools: []toolcall.Tool{settings}, Start: outside,
			Doc:   `<minimax:tool_call><invoke name="update_settings"><parameter name="config">{"theme": "dark", "fontSize": 14}</parameter></invoke></minimax:tool_call>`,
			Calls: []toolcall.Call{call("update_settings", `{"config":{"theme":"dark","fontSize":14}}`)}},
	})
}

// TestSGLangCases are the cases of SGLang's MiniMax-M2 detector tests
// (test_minimax_m2_detector.py): the text after the reasoning.
func TestSGLangCases(t *testing.T) {
	weather := streamtest.Tool("get_weather", `{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["city"]}`)
	search := streamtest.Tool("search", `{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}`)
	tools := []toolcall.Tool{weather, search}
	beijing := "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Beijing</parameter>\n</invoke>\n</minimax:tool_call>"
	streamtest.RunReasoning(t, minimax.Format, stream.StartInReasoning(), []streamtest.ReasoningCase{
		{Name: "one call", Tools: tools, Start: outside, Doc: beijing, Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{Name: "text before a call", Tools: tools, Start: outside, Doc: "Let me check the weather.\n" + beijing,
			Content: "Let me check the weather.", Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{Name: "no call", Tools: tools, Start: outside, Doc: "The weather is nice today.", Content: "The weather is nice today."},
		{Name: "two calls", Tools: tools, Start: outside,
			Doc:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Beijing</parameter>\n</invoke>\n<invoke name=\"search\">\n<parameter name=\"query\">restaurants</parameter>\n</invoke>\n</minimax:tool_call>",
			Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`), call("search", `{"query":"restaurants"}`)}},
		{Name: "text after a call", Tools: tools, Start: outside, Doc: beijing + "\nThat is all.",
			Content: "That is all.", Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{Name: "two arguments", Tools: tools, Start: outside,
			Doc:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">London</parameter>\n<parameter name=\"unit\">celsius</parameter>\n</invoke>\n</minimax:tool_call>",
			Calls: []toolcall.Call{call("get_weather", `{"city":"London","unit":"celsius"}`)}},
		// SGLang strips every newline around a value; the template writes
		// values as they are, so the newlines are the value's here (see
		// the package doc).
		{Name: "newlines around a value are kept", Tools: tools, Start: outside,
			Doc:   "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">\n\nBeijing\n\n</parameter>\n</invoke>\n</minimax:tool_call>",
			Calls: []toolcall.Call{call("get_weather", `{"city":"\n\nBeijing\n\n"}`)}},
		// SGLang drops a call to a tool the request does not offer; the
		// stream returns it, with an unknown_tool diagnostic.
		{Name: "a tool not offered", Tools: tools, Start: outside,
			Doc:   "<minimax:tool_call>\n<invoke name=\"unknown_tool\">\n<parameter name=\"city\">Beijing</parameter>\n</invoke>\n</minimax:tool_call>",
			Calls: []toolcall.Call{call("unknown_tool", `{"city":"Beijing"}`)}},
	})
}
