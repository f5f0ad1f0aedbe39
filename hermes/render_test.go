package hermes_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestRenderCalls(t *testing.T) {
	got, err := hermes.RenderCalls([]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris","days":[1,2]}`}, {Name: "f", Arguments: ""}})
	want := "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\", \"days\": [1, 2]}}\n</tool_call>\n<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>"
	if err != nil || got != want {
		t.Errorf("RenderCalls = %q, %v; want %q", got, err, want)
	}
	if _, err := hermes.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
	streamtest.CheckRenderer(t, hermes.Format, hermes.RenderCalls)
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
	gotPrompt, err := hermes.RenderPrompt(msgs, tools, toolcall.PromptOptions{})
	got := gotPrompt.Text
	want := "<|im_start|>system\nBe brief.\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n" +
		`{"type": "function", "function": {"name": "get_weather", "description": "Weather.", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}` +
		"\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n" +
		"<|im_start|>user\nWeather in Paris?<|im_end|>\n" +
		"<|im_start|>assistant\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call><|im_end|>\n" +
		"<|im_start|>user\n<tool_response>\n{\"temp\": 21}\n</tool_response><|im_end|>\n" +
		"<|im_start|>assistant\n"
	if err != nil || got != want {
		t.Errorf("RenderPrompt =\n%s\n%v; want\n%s", got, err, want)
	}
	// Text before calls, two results in one user turn, no thinking.
	msgs = []toolcall.Message{
		{Role: "user", Content: "Both?"},
		{Role: "assistant", Content: "Checking.", ToolCalls: []toolcall.Call{{ID: "a", Name: "f", Arguments: `{}`}, {ID: "b", Name: "g", Arguments: `{}`}}},
		{Role: "tool", ToolCallID: "a", Content: "1"},
		{Role: "tool", ToolCallID: "b", Content: "2"},
	}
	gotPrompt, err = hermes.RenderPrompt(msgs, nil, toolcall.PromptOptions{Thinking: new(false)})
	got = gotPrompt.Text
	want = "<|im_start|>user\nBoth?<|im_end|>\n" +
		"<|im_start|>assistant\nChecking.\n<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n</tool_call>\n<tool_call>\n{\"name\": \"g\", \"arguments\": {}}\n</tool_call><|im_end|>\n" +
		"<|im_start|>user\n<tool_response>\n1\n</tool_response>\n<tool_response>\n2\n</tool_response><|im_end|>\n" +
		"<|im_start|>assistant\n<think>\n\n</think>\n\n"
	if err != nil || got != want {
		t.Errorf("RenderPrompt =\n%q\n%v; want\n%q", got, err, want)
	}
	if _, err := hermes.RenderPrompt([]toolcall.Message{{Role: "tool", ToolCallID: "x"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("a result with no call: no error")
	}
}
