package llama4_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama4"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: llama4.Format, Prompt: llama4.RenderPrompt, Goldens: templateGoldens,
	// llama4_pythonic_vllm is broken (vLLM's llama4 pythonic template
	// lists no tools): no options follow it, and the package doc says why.
	Broken: []string{"llama4_pythonic_vllm"},
	Renderers: []formatstest.Renderer{
		{
			Name: "llama4 list", Render: llama4.RenderCalls,
			EndsTurn: []string{"<|eot|>", "<|eom|>", "<|end_of_text|>"},
		},
		{
			Name: "llama4 function tags", Render: llama4.RenderFunctionTags,
			Tolerated: "</function>",
		},
		{
			Name: "llama4 JSON", Render: llama4.RenderJSON,
			Unconstrained: true, // the Grammar writes the main syntax
		},
	},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
