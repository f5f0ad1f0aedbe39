package lfm2_test

import (
	"testing"
	"time"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in (testdata/writes holds rows of
// what they write); RenderPrompt; and the template goldens,
// templateGoldens.
var writers = formatstest.Writers{
	Format: lfm2.Format, Prompt: lfm2.RenderPrompt, Goldens: templateGoldens,
	Renderers: []formatstest.Renderer{{Tolerated: "<|tool_call_end|>"}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }

var (
	weather      = []toolcall.Tool{{Name: "get_weather", Description: "Weather by city", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"}}}`)}}
	conversation = []toolcall.Message{
		{Role: "system", Content: "You are helpful."},
		{Role: "user", Content: "Weather in SF?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "c1", Name: "get_weather", Arguments: `{"city":"San \"Fran\"\ncisco"}`}}},
		{Role: "tool", ToolCallID: "c1", Content: "{\"temp_f\": 64,\n \"sky\": \"clear\"}"},
		{Role: "assistant", Content: "It is 64°F and clear."},
		{Role: "user", Content: "And tomorrow?"},
	}
)

// TestRenderPrompt: LFM2 lists the tools between its tool-list tokens
// and wraps results in its tool-response tokens; LFM2.5 writes the date,
// the tools as they are and results bare.
func TestRenderPrompt(t *testing.T) {
	turns := "<|im_start|>user\nWeather in SF?<|im_end|>\n" +
		"<|im_start|>assistant\n<|tool_call_start|>[get_weather(city=\"San \\\"Fran\\\"\\ncisco\")]<|tool_call_end|><|im_end|>\n"
	end := "<|im_start|>assistant\nIt is 64°F and clear.<|im_end|>\n" +
		"<|im_start|>user\nAnd tomorrow?<|im_end|>\n" +
		"<|im_start|>assistant\n"
	tools := `[{"type": "function", "function": {"name": "get_weather", "description": "Weather by city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]`
	formatstest.CheckPromptCases(t, lfm2.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{
		{Name: "LFM2", Msgs: conversation, Tools: weather,
			Want: "<|startoftext|><|im_start|>system\nYou are helpful.\nList of tools: <|tool_list_start|>" + tools + "<|tool_list_end|><|im_end|>\n" + turns +
				"<|im_start|>tool\n<|tool_response_start|>{\"temp_f\": 64,\n \"sky\": \"clear\"}<|tool_response_end|><|im_end|>\n" + end},
		{Name: "LFM2.5", Msgs: conversation, Tools: weather, Opts: toolcall.PromptOptions{Profile: "lfm2.5", Date: time.Date(2025, 6, 28, 0, 0, 0, 0, time.UTC)},
			Want: "<|startoftext|><|im_start|>system\nYou are helpful.\n\nToday's date: 2025-06-28\n\nList of tools: " + tools + "<|im_end|>\n" + turns +
				"<|im_start|>tool\n{\"temp_f\": 64,\n \"sky\": \"clear\"}<|im_end|>\n" + end},
	})
}

func TestRenderPromptErrors(t *testing.T) {
	if _, err := lfm2.RenderPrompt(conversation, nil, toolcall.PromptOptions{Profile: "lfm3"}); err == nil {
		t.Error("unknown profile: no error")
	}
	if _, err := lfm2.RenderPrompt([]toolcall.Message{{Role: "tool", ToolCallID: "x"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("a result with no call: no error")
	}
}
