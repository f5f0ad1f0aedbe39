package granite_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/granite"
	"github.com/toolparse/toolparse/toolcall"
)

// renderer is the syntax this package writes calls in (no end marker, so
// none is tolerated missing), with what
// formatstest.CheckRenderer needs to know of it.
var renderer = formatstest.Renderer{
	Name: "granite", Format: granite.Format, Render: granite.RenderCalls,
	EndsTurn: []string{"<|end_of_text|>"},
	Writes: []formatstest.Write{
		{Name: "no calls", Want: ""},
		{Name: "the golden's two calls, as the model writes them", Calls: []toolcall.Call{note, order},
			Want: "<|tool_call|>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + "}, {\"name\": \"lookup_order\", \"arguments\": " + orderArgs + "}]"},
		{Name: "empty arguments are {}", Calls: []toolcall.Call{{Name: "f"}}, Want: `<|tool_call|>[{"name": "f", "arguments": {}}]`},
		{Name: "a name is a JSON string", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, Want: `<|tool_call|>[{"name": "a\"b", "arguments": {}}]`},
	},
	Grammar: func(render func(...toolcall.Call) string) []formatstest.GrammarCase {
		return []formatstest.GrammarCase{
			{Name: "the array not closed", Text: strings.TrimSuffix(render(formatstest.Paris), "]"), Want: false},
		}
	},
	Tag: &formatstest.TagWant{Trigger: "<|tool_call|>", Begin: "<|tool_call|>[", End: "]"},
}

// TestRenderers runs the shared renderer checks on it.
func TestRenderers(t *testing.T) { formatstest.CheckRenderer(t, renderer) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, granite.Format, granite.RenderPrompt)
}
