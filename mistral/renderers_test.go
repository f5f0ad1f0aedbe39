package mistral_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/mistral"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "mistral", Format: mistral.Format, Render: mistral.RenderCalls,
		EndsTurn: []string{"</s>"},
	},
	{
		Name: "mistral v3", Format: mistral.Format, Render: mistral.RenderCallsV3,
		Unconstrained: true, // the Grammar writes the main syntax
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, mistral.Format, mistral.RenderPrompt)
}
