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
	formatstest.CheckPromptErrors(t, gigachat.RenderPrompt,
		formatstest.PromptError[toolcall.PromptOptions]{Name: "an unknown profile", Msgs: user, Opts: toolcall.PromptOptions{Profile: "3.5"}},
		formatstest.PromptError[toolcall.PromptOptions]{Name: "parameters that are not JSON", Msgs: user, Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":`)}}},
	)
}
