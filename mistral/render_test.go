package mistral_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestRenderCalls(t *testing.T) {
	calls := []toolcall.Call{{Name: "f", Arguments: `{"a":1,"b":[1,2]}`}, {ID: "123456789", Name: "g"}}
	got, err := mistral.RenderCalls(calls)
	if want := `[TOOL_CALLS]f[ARGS]{"a": 1, "b": [1, 2]}[TOOL_CALLS]g[ARGS]{}`; err != nil || got != want {
		t.Errorf("RenderCalls = %q, %v; want %q", got, err, want)
	}
	got, err = mistral.RenderCallsV3(calls)
	if want := `[TOOL_CALLS] [{"name": "f", "arguments": {"a": 1, "b": [1, 2]}}, {"name": "g", "arguments": {}, "id": "123456789"}]`; err != nil || got != want {
		t.Errorf("RenderCallsV3 = %q, %v; want %q", got, err, want)
	}
	streamtest.CheckRenderer(t, mistral.Format, mistral.RenderCalls)
	streamtest.CheckRenderer(t, mistral.Format, mistral.RenderCallsV3)
}

func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object"}`)}}
	msgs := []toolcall.Message{
		{Role: "system", Content: "Be brief."},
		{Role: "user", Content: "Weather?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "a", Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{Role: "tool", ToolCallID: "a", Content: "sunny"},
	}
	gotPrompt, err := mistral.RenderPrompt(msgs, tools, toolcall.PromptOptions{})
	got := gotPrompt.Text
	want := `<s>[SYSTEM_PROMPT]Be brief.[/SYSTEM_PROMPT][AVAILABLE_TOOLS][{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}][/AVAILABLE_TOOLS]` +
		`[INST]Weather?[/INST][TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}</s>[TOOL_RESULTS]sunny[/TOOL_RESULTS]`
	if err != nil || got != want {
		t.Errorf("RenderPrompt =\n%q\n%v; want\n%q", got, err, want)
	}
}
