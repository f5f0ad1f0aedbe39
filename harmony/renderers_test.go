package harmony_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/harmony"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "harmony", Format: harmony.Format, Render: harmony.RenderCalls,
		Typed:     true,
		Tolerated: "<|call|>",
		EndsTurn:  []string{"<|return|>"},
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, harmony.Format, harmony.RenderPrompt)
}
