package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimax"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the golden
// directories of testdata/templates/golden (the prompts MiniMax-M2's
// own chat template renders, llama.cpp's copy
// models/templates/MiniMax-M2.jinja), with the options with which the
// format must write the same bytes.
var writers = formatstest.Writers{
	Format: minimax.Format, Prompt: minimax.RenderPrompt,
	Goldens:   []formatstest.Golden{{Dir: "minimax_m2"}},
	Renderers: []formatstest.Renderer{{Tolerated: "\n</invoke>\n</minimax:tool_call>", ValueClose: "</parameter>"}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
