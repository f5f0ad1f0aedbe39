package glm45_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/glm45"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "glm45", Format: glm45.Format, Render: glm45.RenderCalls,
		Typed: true, Textual: true,
		Tolerated:  "\n</tool_call>",
		ValueClose: "</arg_value>",
		EndsTurn:   []string{"<|user|>", "<|observation|>", "<|endoftext|>", "<|role_end|>", "</assistant>"},
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, glm45.Format, glm45.RenderPrompt)
}
