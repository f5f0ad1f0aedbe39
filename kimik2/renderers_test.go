package kimik2_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/toolcall"
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
	render := func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
		return kimik2.RenderPrompt(m, nil, toolcall.PromptOptions{SpecialTokens: mode})
	}
	formatstest.CheckRenderPromptGuard(t, render, kimik2.Format.(interface{ SpecialTokens() []string }).SpecialTokens())
}
