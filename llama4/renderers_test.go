package llama4_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama4"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "llama4 list", Format: llama4.Format, Render: llama4.RenderCalls,
		EndsTurn: []string{"<|eot|>", "<|eom|>", "<|end_of_text|>"},
	},
	{
		Name: "llama4 function tags", Format: llama4.Format, Render: llama4.RenderFunctionTags,
		Tolerated: "</function>",
	},
	{
		Name: "llama4 JSON", Format: llama4.Format, Render: llama4.RenderJSON,
		Unconstrained: true, // the Grammar writes the main syntax
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, llama4.Format, llama4.RenderPrompt)
}
