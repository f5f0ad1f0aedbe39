package lfm2_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/lfm2"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: lfm2.Format, Prompt: lfm2.RenderPrompt, Goldens: templateGoldens,
	Renderers: []formatstest.Renderer{{Tolerated: "<|tool_call_end|>", EndsTurn: []string{"<|im_end|>", "<|endoftext|>"}}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
