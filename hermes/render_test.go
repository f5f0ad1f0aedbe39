package hermes_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/toolcall"
)

// TestWriters: the renderer checks on the format's syntax of calls
// (testdata/writes holds rows of what it writes), RenderPrompt's
// special-token guard, every golden, byte for byte, and models.Lookup
// giving each golden's model this format and the profile its goldens are
// checked with. The goldens are the directories of
// testdata/templates/golden, the prompts the models' own chat templates
// render (formats/formatstest/testdata/README.md says where each
// template came from), each with the options with which the format must
// write the same bytes; Models names for each directory (before its '@')
// the model whose template wrote it. smollm3@nothink
// (enable_thinking=false) was rendered here from smollm3's template, the
// llama.cpp fork's HuggingFaceTB-SmolLM3-3B.jinja.
func TestWriters(t *testing.T) {
	formatstest.Writers{
		Format: hermes.Format, Prompt: hermes.RenderPrompt,
		Renderers: []formatstest.Renderer{{
			Tolerated: "\n</tool_call>",
			// Text after an end-of-turn token is read on: a runaway repeat of
			// a call is dropped by policy, not at the token.
			EndsTurn: []string{},
		}},
		Goldens: []formatstest.Golden{
			{Dir: "qwen3"},
			{Dir: "qwen3@nothink", Opts: toolcall.PromptOptions{Thinking: new(false)}},
			{Dir: "qwen25", Opts: toolcall.PromptOptions{Profile: hermes.ProfileQwen25}},
			{Dir: "hermes3", Opts: toolcall.PromptOptions{Profile: hermes.ProfileHermes}},
			{Dir: "granite40", Opts: toolcall.PromptOptions{Profile: hermes.ProfileGranite40}},
			{Dir: "smollm3", Opts: toolcall.PromptOptions{Profile: hermes.ProfileSmolLM3}},
			{Dir: "smollm3@nothink", Opts: toolcall.PromptOptions{Profile: hermes.ProfileSmolLM3, Thinking: new(false)}},
		},
		Models: map[string]string{
			"qwen3":     "Qwen/Qwen3-8B",
			"qwen25":    "Qwen/Qwen2.5-7B-Instruct",
			"hermes3":   "NousResearch/Hermes-3-Llama-3.1-8B",
			"granite40": "ibm-granite/granite-4.0-h-small",
			"smollm3":   "HuggingFaceTB/SmolLM3-3B",
		},
	}.Check(t)
}

// TestRenderPrompt checks the Qwen3 template's rendering: the example of
// one call and its result, and the system turn with tools.
func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_weather", Description: "Weather.", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}}}`)}}
	msgs := []toolcall.Message{
		{Role: "system", Content: "Be brief."},
		{Role: "user", Content: "Weather in Paris?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "c1", Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{Role: "tool", ToolCallID: "c1", Content: `{"temp": 21}`},
	}
	formatstest.CheckPromptCases(t, hermes.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{{
		Name: "the example of one call and its result, the system turn with tools", Msgs: msgs, Tools: tools,
		Want: "<|im_start|>system\nBe brief.\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n" +
			`{"type": "function", "function": {"name": "get_weather", "description": "Weather.", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}` +
			"\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n" +
			"<|im_start|>user\nWeather in Paris?<|im_end|>\n" +
			"<|im_start|>assistant\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call><|im_end|>\n" +
			"<|im_start|>user\n<tool_response>\n{\"temp\": 21}\n</tool_response><|im_end|>\n" +
			"<|im_start|>assistant\n",
	}})
	msgs = []toolcall.Message{
		{Role: "user", Content: "Both?"},
		{Role: "assistant", Content: "Checking.", ToolCalls: []toolcall.Call{{ID: "a", Name: "f", Arguments: `{}`}, {ID: "b", Name: "g", Arguments: `{}`}}},
		{Role: "tool", ToolCallID: "a", Content: "1"},
		{Role: "tool", ToolCallID: "b", Content: "2"},
	}
	formatstest.CheckPromptCases(t, hermes.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{{
		Name: "text before calls, two results in one user turn, no thinking", Msgs: msgs, Opts: toolcall.PromptOptions{Thinking: new(false)},
		Want: "<|im_start|>user\nBoth?<|im_end|>\n" +
			"<|im_start|>assistant\nChecking.\n<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>\n<tool_call>\n{\"name\": \"g\", \"arguments\": {}}\n</tool_call><|im_end|>\n" +
			"<|im_start|>user\n<tool_response>\n1\n</tool_response>\n<tool_response>\n2\n</tool_response><|im_end|>\n" +
			"<|im_start|>assistant\n<think>\n\n</think>\n\n",
	}})
	if _, err := hermes.RenderPrompt([]toolcall.Message{{Role: "tool", ToolCallID: "x"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("a result with no call: no error")
	}
}
