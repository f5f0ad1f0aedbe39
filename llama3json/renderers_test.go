package llama3json_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama3json"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: llama3json.Format, Prompt: llama3json.RenderPrompt, Goldens: templateGoldens,
	Renderers: []formatstest.Renderer{{
		// a call object one brace short at the end is closed (Llama 3.2
		// under vLLM ends its calls so): its arguments are complete
		Tolerated: "}",
		EndsTurn:  []string{"<|eot_id|>", "<|eom_id|>"},
	}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
