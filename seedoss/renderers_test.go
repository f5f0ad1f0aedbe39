package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/toolcall"
)

// TestWriters: the renderer checks on the syntax tagged spells, with
// the goldens' calls as the template writes them, RenderPrompt's
// special-token guard and every golden testdata/templates/goldens.txt
// lists, byte for byte.
func TestWriters(t *testing.T) {
	renderer := tagged.Renderer(formatstest.Renderer{Writes: []formatstest.Write{{
		Name:  "the goldens' calls, as the template writes them, Python's str for the object",
		Calls: []toolcall.Call{formatstest.Note, formatstest.Order}, Want: goldenBlocks,
	}}})
	formatstest.Writers{Format: seedoss.Format, Prompt: seedoss.RenderPrompt, Renderers: []formatstest.Renderer{renderer}}.Check(t)
}
