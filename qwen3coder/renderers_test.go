package qwen3coder_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/qwen3coder"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "qwen3_coder", Format: qwen3coder.Format, Render: qwen3coder.RenderCalls,
		Typed: true, Textual: true,
		Tolerated:  "\n</function>\n</tool_call>",
		ValueClose: "</parameter>",
		EndsTurn:   []string{"<|im_end|>", "<|endoftext|>"},
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, qwen3coder.Format, qwen3coder.RenderPrompt)
}
