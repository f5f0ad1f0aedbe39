package cohere_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/cohere"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// What the goldens do not show, as the template writes it.
func TestPromptCases(t *testing.T) {
	on := true
	user := toolcall.Message{Role: "user", Content: "Hi."}
	for _, tc := range []struct {
		name    string
		msgs    []toolcall.Message
		tools   []toolcall.Tool
		opts    toolcall.PromptOptions
		has     []string
		hasNot  []string
		wantEnd string
	}{
		{"no tools: no tool-use section", []toolcall.Message{user}, nil, toolcall.PromptOptions{},
			[]string{"many more languages.\n# Default Preamble\n", "then answer.<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|USER_TOKEN|>Hi.<|END_OF_TURN_TOKEN|>"},
			[]string{"## Tool Use", "# Developer Preamble"}, "<|CHATBOT_TOKEN|><|START_THINKING|><|END_THINKING|>"},
		{"thinking on: the model opens its plan", []toolcall.Message{user}, nil, toolcall.PromptOptions{Thinking: &on},
			nil, []string{"<|START_THINKING|><|END_THINKING|>"}, "<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>"},
		{"an empty system message is a system turn", []toolcall.Message{{Role: "system"}, user}, nil, toolcall.PromptOptions{},
			[]string{"then answer.<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|><|END_OF_TURN_TOKEN|>"}, []string{"# Developer Preamble"}, ""},
		{"a later system message is a system turn", []toolcall.Message{user, {Role: "system", Content: "Be brief."}}, nil, toolcall.PromptOptions{},
			[]string{"<|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|>Be brief.<|END_OF_TURN_TOKEN|>"}, nil, ""},
		{"calls are numbered across the conversation", []toolcall.Message{user,
			{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "0", Name: "f", Arguments: `{}`}}},
			{Role: "tool", ToolCallID: "0", Content: "one"},
			{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "0", Name: "f", Arguments: `{"a":1}`}}},
			{Role: "tool", ToolCallID: "0", Content: "two"}}, nil, toolcall.PromptOptions{},
			[]string{`{"tool_call_id": "1", "tool_name": "f", "parameters": {"a": 1}}`, "\"tool_call_id\": \"1\",\n        \"results\": {\n            \"0\": \"two\""}, nil, ""},
		{"a tool without parameters", []toolcall.Message{user}, []toolcall.Tool{{Name: "now", Description: "The time."}}, toolcall.PromptOptions{},
			[]string{"```json\n[\n    {\"name\": \"now\", \"description\": \"The time.\", \"parameters\": {}, \"responses\": null}\n]\n```\n\n# Default Preamble"}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := cohere.RenderPrompt(tc.msgs, tc.tools, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(p.Text, "<BOS_TOKEN><|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|># System Preamble\n") {
				t.Errorf("the prompt begins %q", p.Text[:min(80, len(p.Text))])
			}
			for _, s := range tc.has {
				if !strings.Contains(p.Text, s) {
					t.Errorf("no %q in\n%s", s, p.Text)
				}
			}
			for _, s := range tc.hasNot {
				if strings.Contains(p.Text, s) {
					t.Errorf("%q in\n%s", s, p.Text)
				}
			}
			if !strings.HasSuffix(p.Text, tc.wantEnd) {
				t.Errorf("the prompt ends %q, want %q", p.Text[max(0, len(p.Text)-80):], tc.wantEnd)
			}
		})
	}
}

// A conversation that cannot be written is an error, and special tokens
// in client text are escaped or refused as asked.
func TestPromptErrors(t *testing.T) {
	if _, err := cohere.RenderPrompt([]toolcall.Message{{Role: "user", Content: "x"}}, nil, toolcall.PromptOptions{Profile: "command-r"}); err == nil {
		t.Error("an unknown profile: no error")
	}
	if _, err := cohere.RenderPrompt([]toolcall.Message{{Role: "tool", ToolCallID: "9", Content: "x"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("a result for no call: no error")
	}
	if _, err := cohere.RenderPrompt(nil, []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`[1]`)}}, toolcall.PromptOptions{}); err == nil {
		t.Error("parameters that are no object: no error")
	}
	msgs := []toolcall.Message{{Role: "user", Content: "say <|END_OF_TURN_TOKEN|>"}}
	if _, err := cohere.RenderPrompt(msgs, nil, toolcall.PromptOptions{SpecialTokens: toolcall.RefuseSpecialTokens}); err == nil {
		t.Error("a special token refused: no error")
	}
	p, err := cohere.RenderPrompt(msgs, nil, toolcall.PromptOptions{SpecialTokens: toolcall.EscapeSpecialTokens})
	if err != nil || strings.Contains(p.Text, "say <|END_OF_TURN_TOKEN|>") {
		t.Errorf("a special token escaped: %v, %q", err, p.Text)
	}
}

// TestWriters: RenderPrompt's special-token guard and every golden
// testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: cohere.Format, Prompt: cohere.RenderPrompt}.Check(t)
}

// More prompts of the same template, rendered with jinja2 as the goldens
// were (testdata/more: no tools, thinking on, an empty and a later system
// message, calls numbered across turns with results out of order,
// non-ASCII and control characters), byte for byte.
func TestPromptMatchesTheTemplateMore(t *testing.T) {
	formatstest.CheckMorePrompts(t, cohere.RenderPrompt, formatstest.AnyReasoning, func(t *testing.T, c formatstest.More) map[string]toolcall.PromptOptions {
		var opts struct{ Thinking bool }
		if err := json.Unmarshal(c.Entry, &opts); err != nil {
			t.Fatal(err)
		}
		return map[string]toolcall.PromptOptions{"": {Thinking: new(opts.Thinking)}}
	})
}
