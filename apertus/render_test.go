package apertus_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// renderer is the syntax this package writes calls in, with what
// formatstest.CheckRenderer needs to know of it.
var renderer = formatstest.Renderer{
	Name: "apertus", Format: apertus.Format, Render: apertus.RenderCalls,
	Tolerated: "<|tools_suffix|>",
	EndsTurn:  []string{"<|assistant_end|>"},
	Writes: []formatstest.Write{
		{Name: "no calls", Want: ""},
		{Name: "the golden's two calls, as the template writes them", Calls: []toolcall.Call{note, order},
			Want: "<|tools_prefix|>[{\"write_note\": " + noteArgs + "}, {\"lookup_order\": " + orderArgs + "}]<|tools_suffix|>"},
		{Name: "empty arguments are {}", Calls: []toolcall.Call{{Name: "f"}}, Want: `<|tools_prefix|>[{"f": {}}]<|tools_suffix|>`},
		{Name: "a name is a JSON string", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, Want: `<|tools_prefix|>[{"a\"b": {}}]<|tools_suffix|>`},
	},
	Grammar: func(render func(...toolcall.Call) string) []formatstest.GrammarCase {
		return []formatstest.GrammarCase{
			{Name: "no end marker", Text: strings.TrimSuffix(render(formatstest.Paris), "<|tools_suffix|>"), Want: false},
		}
	},
	Tag: &formatstest.TagWant{Trigger: "<|tools_prefix|>", Begin: "<|tools_prefix|>[", End: "]<|tools_suffix|>"},
}

// TestRenderers runs the shared renderer checks on it.
func TestRenderers(t *testing.T) { formatstest.CheckRenderer(t, renderer) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, apertus.Format, apertus.RenderPrompt)
}
