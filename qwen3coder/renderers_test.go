package qwen3coder_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/qwen3coder"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: qwen3coder.Format, Prompt: qwen3coder.RenderPrompt, Goldens: templateGoldens,
	Models: goldenModels,
	Renderers: []formatstest.Renderer{{
		Tolerated: "\n</function>\n</tool_call>", ValueClose: "</parameter>",
		EndsTurn: []string{"<|im_end|>", "<|endoftext|>"},
	}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard, every golden, byte for byte and models.Lookup giving each
// golden's model this format and the profile its goldens are checked
// with.
func TestWriters(t *testing.T) { writers.Check(t) }
