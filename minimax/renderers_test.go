package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimax"
)

// renderer is the syntax this package writes calls in, with what
// formatstest.CheckRenderer needs to know of it.
var renderer = formatstest.Renderer{
	Name: "minimax", Format: minimax.Format, Render: minimax.RenderCalls,
	Typed: true, Textual: true,
	Tolerated:  "\n</invoke>\n</minimax:tool_call>",
	ValueClose: "</parameter>",
	EndsTurn:   []string{"[e~[", "]~b]"},
}

// TestRenderer runs the shared renderer checks.
func TestRenderer(t *testing.T) { formatstest.CheckRenderer(t, renderer) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, minimax.Format, minimax.RenderPrompt)
}
