package glm45_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/glm45"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: glm45.Format, Prompt: glm45.RenderPrompt, Goldens: templateGoldens,
	Renderers: []formatstest.Renderer{{
		Tolerated: "\n</tool_call>", ValueClose: "</arg_value>",
		EndsTurn: []string{"<|user|>", "<|observation|>", "<|endoftext|>", "<|role_end|>", "</assistant>"},
	}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
