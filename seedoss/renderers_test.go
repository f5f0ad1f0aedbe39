package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens testdata/templates/goldens.txt lists.
var writers = formatstest.Writers{
	Format: seedoss.Format, Prompt: seedoss.RenderPrompt,
	Renderers: []formatstest.Renderer{{
		Tolerated: "\n</function>\n</seed:tool_call>", ValueClose: "</parameter>",
		Writes: []formatstest.Write{{Name: "the goldens' calls, as the template writes them, Python's str for the object", Calls: []toolcall.Call{formatstest.Note, formatstest.Order}, Want: goldenBlocks}},
	}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
