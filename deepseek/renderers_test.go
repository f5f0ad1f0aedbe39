package deepseek_test

import (
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/formats/formatstest"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "deepseek", Format: deepseek.Format, Render: deepseek.RenderCalls,
		Tolerated: "<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
		EndsTurn:  []string{"<｜end▁of▁sentence｜>"},
	},
	{
		Name: "deepseek R1", Format: deepseek.Format, Render: deepseek.RenderCallsR1,
		Unconstrained: true, // the Grammar writes the main syntax
		Tolerated:     "\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, deepseek.Format, deepseek.RenderPrompt)
}
