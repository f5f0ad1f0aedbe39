package kimik2_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/kimik2"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "kimi_k2", Format: kimik2.Format, Render: kimik2.RenderCalls,
		Tolerated: "<|tool_call_end|><|tool_calls_section_end|>",
		EndsTurn:  []string{"<|im_end|>"},
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, kimik2.Format, kimik2.RenderPrompt)
}
