package gigachat_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/toolcall"
)

// More prompts of both templates, rendered with jinja2 as the goldens
// were (testdata/more: the schema features the templates write as
// TypeScript, no tools, no system message, later and empty system
// messages, a conversation of a system message alone, a last assistant
// message with and without a call, two calls in a turn, non-ASCII and
// control characters), byte for byte.
func TestPromptMatchesTheTemplatesMore(t *testing.T) {
	formatstest.CheckMorePrompts(t, gigachat.RenderPrompt, formatstest.ReasoningClosed, func(*testing.T, formatstest.More) map[string]toolcall.PromptOptions {
		byProfile := map[string]toolcall.PromptOptions{}
		for _, profile := range gigachat.Profiles {
			byProfile["@"+profile] = toolcall.PromptOptions{Profile: profile}
		}
		return byProfile
	})
}

// A conversation that cannot be written is an error.
func TestPromptErrors(t *testing.T) {
	user := []toolcall.Message{{Role: "user", Content: "x"}}
	if _, err := gigachat.RenderPrompt(user, nil, toolcall.PromptOptions{Profile: "3.5"}); err == nil {
		t.Error("an unknown profile: no error")
	}
	if _, err := gigachat.RenderPrompt([]toolcall.Message{{Role: "tool", ToolCallID: "9", Content: "x"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("a result for no call: no error")
	}
	if _, err := gigachat.RenderPrompt(user, []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":`)}}, toolcall.PromptOptions{}); err == nil {
		t.Error("parameters that are not JSON: no error")
	}
	if _, err := gigachat.RenderPrompt([]toolcall.Message{{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "f", Arguments: "[1]"}}}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("arguments that are no object: no error")
	}
}
