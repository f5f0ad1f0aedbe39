package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/pythonic"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{
		Name: "pythonic", Format: pythonic.Format, Render: pythonic.RenderCalls,
		EndsTurn: []string{"<|eot_id|>", "<|eom_id|>", "<|eot|>", "<|eom|>", "<|im_end|>", "<|endoftext|>", "</s>", "<end_of_turn>", "<|role_end|>"},
	},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }
