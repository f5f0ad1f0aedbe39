package deepseek_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestWriters: the renderer checks on the format's two syntaxes of calls
// (testdata/writes holds rows of what they write), RenderPrompt's
// special-token guard and every golden testdata/templates/goldens.txt
// lists, byte for byte.
func TestWriters(t *testing.T) {
	// Both syntaxes end a call and the block with the same markers; R1's
	// closes the fence around its arguments first.
	const ends = "<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
	formatstest.Writers{Format: deepseek.Format, Prompt: deepseek.RenderPrompt, Renderers: []formatstest.Renderer{
		{Tolerated: ends},
		{
			Name: "deepseek R1", Render: deepseek.RenderCallsR1,
			Unconstrained: true, // the Grammar writes the main syntax
			Tolerated:     "\n```" + ends,
		},
	}}.Check(t)
}

func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_time", Description: "Time.", Parameters: json.RawMessage(`{"type":"object"}`)}}
	msgs := []toolcall.Message{
		{Role: "system", Content: "Be brief."},
		{Role: "user", Content: "Time?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "a", Name: "get_time", Arguments: `{}`}}},
		{Role: "tool", ToolCallID: "a", Content: "noon"},
	}
	formatstest.CheckPromptCases(t, deepseek.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{{
		Name: "a system message, tools, a call and its result", Msgs: msgs, Tools: tools,
		Want: "<｜begin▁of▁sentence｜>Be brief.\n\n## Tools\nYou have access to the following tools:\n\n### get_time\nDescription: Time.\n\nParameters: {\"type\":\"object\"}\n" +
			"\nIMPORTANT: ALWAYS adhere to this exact format for tool use:\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>tool_call_name<｜tool▁sep｜>tool_call_arguments<｜tool▁call▁end｜>{{additional_tool_calls}}<｜tool▁calls▁end｜>\n\n" +
			"Where:\n- `tool_call_name` must be an exact match to one of the available tools\n- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema\n- For multiple tool calls, chain them directly without separators or spaces\n" +
			"<｜User｜>Time?<｜Assistant｜></think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>" +
			"<｜tool▁output▁begin｜>noon<｜tool▁output▁end｜>",
	}})
}
