package deepseek_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestRenderCalls(t *testing.T) {
	calls := []toolcall.Call{{Name: "get_time", Arguments: `{"city": "Paris"}`}, {Name: "f"}}
	got, err := deepseek.RenderCalls(calls)
	want := `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"city":"Paris"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`
	if err != nil || got != want {
		t.Errorf("RenderCalls = %q, %v; want %q", got, err, want)
	}
	got, err = deepseek.RenderCallsR1(calls[:1])
	want = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_time\n```json\n{\"city\":\"Paris\"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>"
	if err != nil || got != want {
		t.Errorf("RenderCallsR1 = %q, %v; want %q", got, err, want)
	}
	streamtest.CheckRenderer(t, deepseek.Format, deepseek.RenderCalls)
	streamtest.CheckRenderer(t, deepseek.Format, deepseek.RenderCallsR1)
}

func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_time", Description: "Time.", Parameters: json.RawMessage(`{"type":"object"}`)}}
	msgs := []toolcall.Message{
		{Role: "system", Content: "Be brief."},
		{Role: "user", Content: "Time?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "a", Name: "get_time", Arguments: `{}`}}},
		{Role: "tool", ToolCallID: "a", Content: "noon"},
	}
	gotPrompt, err := deepseek.RenderPrompt(msgs, tools, toolcall.PromptOptions{})
	got := gotPrompt.Text
	want := "<｜begin▁of▁sentence｜>Be brief.\n\n## Tools\nYou have access to the following tools:\n\n### get_time\nDescription: Time.\n\nParameters: {\"type\":\"object\"}\n" +
		"\nIMPORTANT: ALWAYS adhere to this exact format for tool use:\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>tool_call_name<｜tool▁sep｜>tool_call_arguments<｜tool▁call▁end｜>{{additional_tool_calls}}<｜tool▁calls▁end｜>\n\n" +
		"Where:\n- `tool_call_name` must be an exact match to one of the available tools\n- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema\n- For multiple tool calls, chain them directly without separators or spaces\n" +
		"<｜User｜>Time?<｜Assistant｜></think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>" +
		"<｜tool▁output▁begin｜>noon<｜tool▁output▁end｜>"
	if err != nil || got != want {
		t.Errorf("RenderPrompt =\n%q\n%v; want\n%q", got, err, want)
	}
}
