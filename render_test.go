package toolparse_test

import (
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

// TestEveryFormatRenders: every shipped format is a toolcall.Renderer.
// (Each format package runs formatstest.CheckRenderer on its renderers:
// the corpus round trip, argument streaming, cut-off calls, grammars.)
func TestEveryFormatRenders(t *testing.T) {
	for _, d := range shipped(t) {
		if _, ok := d.Format.(toolcall.Renderer); !ok {
			t.Errorf("%s is not a toolcall.Renderer", d.Format.Name())
		}
	}
}
