package kimik2_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/toolcall"
)

func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object"}`)}}
	msgs := []toolcall.Message{
		{Role: "user", Content: "Weather?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "call_x", Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{Role: "tool", ToolCallID: "call_x", Content: "sunny"},
		{Role: "assistant", Content: "Sunny."},
		{Role: "user", Content: "And Rome?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "functions.get_weather:1", Name: "get_weather", Arguments: `{"city":"Rome"}`}}},
		{Role: "tool", ToolCallID: "functions.get_weather:1", Content: "rain"},
	}
	// The template writes each call under the ID the request gives it, and
	// the arguments with tojson's spaces.
	formatstest.CheckPromptCases(t, kimik2.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{{
		Name: "two rounds of calls, IDs as the request gives them", Msgs: msgs, Tools: tools,
		Want: `<|im_system|>tool_declare<|im_middle|>[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]<|im_end|>` +
			"<|im_system|>system<|im_middle|>" + kimik2.DefaultSystem + "<|im_end|>" +
			"<|im_user|>user<|im_middle|>Weather?<|im_end|>" +
			`<|im_assistant|>assistant<|im_middle|><think></think><|tool_calls_section_begin|><|tool_call_begin|>call_x<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|><|im_end|>` +
			"<|im_system|>tool<|im_middle|>## Return of call_x\nsunny<|im_end|>" +
			"<|im_assistant|>assistant<|im_middle|><think></think>Sunny.<|im_end|>" +
			"<|im_user|>user<|im_middle|>And Rome?<|im_end|>" +
			`<|im_assistant|>assistant<|im_middle|><think></think><|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"city": "Rome"}<|tool_call_end|><|tool_calls_section_end|><|im_end|>` +
			"<|im_system|>tool<|im_middle|>## Return of functions.get_weather:1\nrain<|im_end|>" +
			"<|im_assistant|>assistant<|im_middle|>",
	}})
}

// TestWriters: the renderer checks on the format's syntax (testdata/writes
// holds rows of what it writes), RenderPrompt's special-token guard and
// every golden testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: kimik2.Format, Prompt: kimik2.RenderPrompt, Renderers: []formatstest.Renderer{
		{Tolerated: "<|tool_call_end|><|tool_calls_section_end|>"},
	}}.Check(t)
}
