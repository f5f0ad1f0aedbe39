package solaropen_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/solaropen"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in (testdata/writes holds rows
// of what they write); RenderPrompt; and the template goldens
// testdata/templates/goldens.txt lists.
var writers = formatstest.Writers{
	Format: solaropen.Format, Prompt: solaropen.RenderPrompt,
	Renderers: []formatstest.Renderer{
		{Name: "solar open", Render: solaropen.RenderCalls, Tolerated: "<|tool_call:end|><|calls|>",
			EndsTurn: []string{"<|calls|>", "<|begin|>user", "<|begin|>tool", "<|begin|>system"}},
	},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
