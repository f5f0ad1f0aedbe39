package mistral_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/toolcall"
)

// TestWriters: the renderer checks on the syntaxes the format writes
// calls in (testdata/writes holds rows of what they write),
// RenderPrompt's special-token guard and every golden
// testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: mistral.Format, Prompt: mistral.RenderPrompt, Renderers: []formatstest.Renderer{
		{}, // the format's RenderCalls
		{
			Name: "mistral v3", Render: mistral.RenderCallsV3,
			Unconstrained: true, // the Grammar writes the main syntax
		},
	}}.Check(t)
}

func TestRenderPrompt(t *testing.T) {
	formatstest.CheckPromptCases(t, mistral.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{{
		Name:  "a system message, tools, a call and its result",
		Tools: []toolcall.Tool{{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object"}`)}},
		Msgs: []toolcall.Message{
			{Role: "system", Content: "Be brief."},
			{Role: "user", Content: "Weather?"},
			{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "a", Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
			{Role: "tool", ToolCallID: "a", Content: "sunny"},
		},
		Want: `<s>[SYSTEM_PROMPT]Be brief.[/SYSTEM_PROMPT][AVAILABLE_TOOLS][{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}][/AVAILABLE_TOOLS]` +
			`[INST]Weather?[/INST][TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}</s>[TOOL_RESULTS]sunny[/TOOL_RESULTS]`,
	}})
}

// TestDefaultSystemPrompts: the profiles whose templates write a default
// system prompt write it when the conversation has none, before the
// tools; Ministral 3's takes opts.Date; Mistral Medium 3.5 writes the
// reasoning effort asked for.
func TestDefaultSystemPrompts(t *testing.T) {
	tools := []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":"object"}`)}}
	msgs := []toolcall.Message{{Role: "user", Content: "Hi"}}
	const toolsJSON = `[AVAILABLE_TOOLS][{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}][/AVAILABLE_TOOLS]`
	for _, tt := range []struct {
		opts       toolcall.PromptOptions
		begin, end string
	}{
		{toolcall.PromptOptions{Profile: mistral.ProfileMagistral}, "<s>[SYSTEM_PROMPT]First draft your thinking process", "Here, provide a self-contained response.[/SYSTEM_PROMPT]" + toolsJSON + "[INST]Hi[/INST]"},
		{toolcall.PromptOptions{Profile: mistral.ProfileMinistral3Reasoning}, "<s>[SYSTEM_PROMPT]# HOW YOU SHOULD THINK AND ANSWER\n\n", "[/SYSTEM_PROMPT]" + toolsJSON + "[INST]Hi[/INST]"},
		{toolcall.PromptOptions{Profile: mistral.ProfileMinistral3}, "<s>[SYSTEM_PROMPT]You are Ministral-3-14B-Instruct-2512", "[/SYSTEM_PROMPT]" + toolsJSON + "[INST]Hi[/INST]"},
		{toolcall.PromptOptions{Profile: mistral.ProfileV13}, "<s>" + toolsJSON, "[INST]Hi[/INST]"},
		{toolcall.PromptOptions{Profile: mistral.ProfileMedium35}, "<s>" + toolsJSON + `[MODEL_SETTINGS]{"reasoning_effort": "none"}[/MODEL_SETTINGS]`, "[INST]Hi[/INST]"},
		{toolcall.PromptOptions{Profile: mistral.ProfileMedium35, ReasoningEffort: "high"}, "<s>" + toolsJSON + `[MODEL_SETTINGS]{"reasoning_effort": "high"}[/MODEL_SETTINGS]`, "[INST]Hi[/INST]"},
	} {
		got, err := mistral.RenderPrompt(msgs, tools, tt.opts)
		if err != nil || !strings.HasPrefix(got.Text, tt.begin) || !strings.HasSuffix(got.Text, tt.end) {
			t.Errorf("%s: RenderPrompt =\n%q, %v; want it to begin %q and end %q", tt.opts.Profile, got.Text, err, tt.begin, tt.end)
		}
	}
	day := time.Date(2025, 6, 28, 0, 0, 0, 0, time.UTC)
	got, err := mistral.RenderPrompt(msgs, nil, toolcall.PromptOptions{Profile: mistral.ProfileMinistral3, Date: day})
	if err != nil || !strings.Contains(got.Text, "The current date is 2025-06-28.") || !strings.Contains(got.Text, `"yesterday" is 2025-06-27)`) {
		t.Errorf("Ministral 3 with a date: %q, %v", got.Text, err)
	}
}
