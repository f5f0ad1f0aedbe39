package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimax"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens testdata/templates/goldens.txt lists.
var writers = formatstest.Writers{
	Format: minimax.Format, Prompt: minimax.RenderPrompt,
	Renderers: []formatstest.Renderer{{Tolerated: "\n</invoke>\n</minimax:tool_call>", ValueClose: "</parameter>"}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
