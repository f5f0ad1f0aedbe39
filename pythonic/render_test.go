package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of the syntax this
// package writes calls in (it writes no prompts); testdata/writes holds
// rows of what it writes.
var writers = formatstest.Writers{
	Format:    pythonic.Format,
	Renderers: []formatstest.Renderer{{}},
}

// TestWriters: the renderer checks.
func TestWriters(t *testing.T) { writers.Check(t) }

// TestRenderCalls: RenderCalls refuses what Python cannot call.
func TestRenderCalls(t *testing.T) {
	for _, bad := range []toolcall.Call{{Name: "f", Arguments: `[1]`}, {Name: "f", Arguments: `{"a b":1}`}, {Name: "5f", Arguments: `{}`}, {Name: "f", Arguments: `{`}} {
		if _, err := pythonic.RenderCalls([]toolcall.Call{bad}); err == nil {
			t.Errorf("RenderCalls(%+v) gave no error", bad)
		}
	}
	if _, ok := pythonic.Format.(toolcall.Renderer); !ok {
		t.Error("pythonic.Format is not a toolcall.Renderer")
	}
}
