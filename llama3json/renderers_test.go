package llama3json_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama3json"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "llama3_json", Format: llama3json.Format, Render: llama3json.RenderCalls,
		// a call object one brace short at the end is closed (Llama 3.2
		// under vLLM ends its calls so): its arguments are complete
		Tolerated: "}",
		EndsTurn:  []string{"<|eot_id|>", "<|eom_id|>"},
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, llama3json.Format, llama3json.RenderPrompt)
}
