package mistral_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/mistral"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: mistral.Format, Prompt: mistral.RenderPrompt, Goldens: templateGoldens,
	Renderers: []formatstest.Renderer{
		{EndsTurn: []string{"</s>"}},
		{
			Name: "mistral v3", Render: mistral.RenderCallsV3,
			Unconstrained: true, // the Grammar writes the main syntax
		},
	},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
