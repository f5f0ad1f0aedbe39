package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestLlamaCppCases are the Seed-OSS cases of llama.cpp's
// tests/test-chat.cpp (the fork Raudbjorn/ggml-llama.cpp). Its
// continuation cases (a prefilled assistant turn) test llama.cpp's
// prompt, not the reading: not ported.
func TestLlamaCppCases(t *testing.T) {
	special := streamtest.Tool("special_function", `{"type":"object","properties":{"arg1":{"type":"integer"}},"required":["arg1"]}`)
	withOpt := streamtest.Tool("special_function_with_opt", `{"type":"object","properties":{"arg1":{"type":"integer"},"arg2":{"type":"integer"}},"required":["arg1"]}`)
	todo := streamtest.Tool("todo_list", `{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"item":{"type":"string"},"selected":{"type":"boolean"}}}}}}`)
	edit := streamtest.Tool("edit", `{"type":"object","properties":{"filename":{"type":"string"},"oldString":{"type":"string"},"newString":{"type":"string"}}}`)
	streamtest.RunReasoning(t, seedoss.Format, nil, []streamtest.ReasoningCase{
		{Name: "content", Doc: "Hello, world!\nWhat's up?", Content: "Hello, world!\nWhat's up?"},
		{Name: "reasoning then content", Doc: "<seed:think>I'm thinking about the answer</seed:think>\nHello, world!", Reasoning: "I'm thinking about the answer", Content: "Hello, world!"},
		{Name: "one call", Tools: []toolcall.Tool{special},
			Doc:   "<seed:tool_call>\n<function=special_function>\n<parameter=arg1>1</parameter>\n</function>\n</seed:tool_call>",
			Calls: []toolcall.Call{call("special_function", `{"arg1":1}`)}},
		{Name: "two calls", Tools: []toolcall.Tool{special, withOpt},
			Doc: "<seed:tool_call>\n<function=special_function>\n<parameter=arg1>1</parameter>\n</function>\n</seed:tool_call>\n" +
				"<seed:tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>1</parameter>\n<parameter=arg2>2</parameter>\n</function>\n</seed:tool_call>",
			Calls: []toolcall.Call{call("special_function", `{"arg1":1}`), call("special_function_with_opt", `{"arg1":1,"arg2":2}`)}},
		{Name: "a JSON array of objects", Tools: []toolcall.Tool{todo},
			Doc:   "<seed:tool_call>\n<function=todo_list>\n<parameter=todos>[{\"item\": \"Check stuff\", \"selected\": false}, {\"item\": \"Prepare stuff\", \"selected\": true}]</parameter>\n</function>\n</seed:tool_call>",
			Calls: []toolcall.Call{call("todo_list", `{"todos":[{"item":"Check stuff","selected":false},{"item":"Prepare stuff","selected":true}]}`)}},
		// llama.cpp drops a newline at each end of a value, as for
		// Qwen3-Coder; Seed-OSS's template writes values with none, so the
		// newlines are the values' (see the package doc).
		{Name: "values with quotes and newlines", Tools: []toolcall.Tool{edit},
			Doc: "<seed:tool_call>\n<function=edit>\n<parameter=filename>\nfoo.cpp\n</parameter>\n" +
				"<parameter=oldString>def foo(arg = \"14\"):\n    return arg + \"bar\"\n\n</parameter>\n" +
				"<parameter=newString>def foo(arg = \"15\"):\n    pass\n\n</parameter>\n</function>\n</seed:tool_call>",
			Calls: []toolcall.Call{call("edit", `{"filename":"\nfoo.cpp\n","oldString":"def foo(arg = \"14\"):\n    return arg + \"bar\"\n\n","newString":"def foo(arg = \"15\"):\n    pass\n\n"}`)}},
	})
}

// TestVLLMCases are the cases of vLLM's
// tests/tool_parsers/test_seed_oss_tool_parser.py, their long reasoning
// abridged (its shape kept: a stray budget close tag, budget reflections,
// a call written inside the reasoning). vLLM's tool parser leaves the
// reasoning in the content for its reasoning parser; here it is
// reasoning.
func TestVLLMCases(t *testing.T) {
	weather := streamtest.Tool("get_weather", `{"type":"object","properties":{"location":{"type":"string"},"unit":{"type":"string"}},"required":["location"],"additionalProperties":false}`)
	tools := []toolcall.Tool{weather}
	barcelona := call("get_weather", `{"location":"Barcelona, Spain"}`)
	streamtest.RunReasoning(t, seedoss.Format, nil, []streamtest.ReasoningCase{
		{Name: "no call", Doc: "This is a test response without any tool calls", Content: "This is a test response without any tool calls"},
		{Name: "a call, thinking budget 0", Tools: tools,
			Doc:   "<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>",
			Calls: []toolcall.Call{barcelona}},
		{Name: "the budget-0 reasoning, then a call", Tools: tools,
			Doc: "<seed:think>\n</seed:cot_budget_reflect>\n</seed:cot_budget_reflect>\nThe current thinking budget is 0, so I will directly start answering the question.\n</seed:think>\n" +
				"<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>",
			Reasoning: "</seed:cot_budget_reflect>\n</seed:cot_budget_reflect>\nThe current thinking budget is 0, so I will directly start answering the question.",
			Calls:     []toolcall.Call{barcelona}},
		{Name: "thinking budget 512: reflections, then a call", Tools: tools,
			Doc: "<seed:think>The user's current thinking budget is 512.</seed:cot_budget_reflect>\nLet me analyze the question. \n" +
				"<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\n The unit parameter can be omitted since it's optional.</seed:think>\n" +
				"<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n</function>\n</seed:tool_call>",
			Reasoning: "The user's current thinking budget is 512.</seed:cot_budget_reflect>\nLet me analyze the question. \n" +
				"<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\n The unit parameter can be omitted since it's optional.",
			Calls: []toolcall.Call{barcelona}},
		{Name: "unlimited budget: a call written in the reasoning is reasoning", Tools: tools,
			Doc: "<seed:think>\nGot it. The format is <seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>. " +
				"Let me go with that.</seed:think><seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>",
			Reasoning: "Got it. The format is <seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n<parameter=unit>celsius</parameter>\n</function>\n</seed:tool_call>. Let me go with that.",
			Calls:     []toolcall.Call{call("get_weather", `{"location":"Barcelona, Spain","unit":"celsius"}`)}},
	})
}
