package minimax_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimax"
)

// TestWriters: the renderer checks on the syntax tagged spells,
// RenderPrompt's special-token guard and every golden
// testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: minimax.Format, Prompt: minimax.RenderPrompt, Renderers: []formatstest.Renderer{tagged.Renderer(formatstest.Renderer{})}}.Check(t)
}
