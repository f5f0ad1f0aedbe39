package apriel_test

import (
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestRenderCalls(t *testing.T) {
	withIDs := func(c toolcall.Call, id string) toolcall.Call { c.ID = id; return c }
	for _, tt := range []struct {
		name  string
		calls []toolcall.Call
		want  string
	}{
		{"no calls", nil, ""},
		{"the golden's two calls, as the template writes them", []toolcall.Call{withIDs(note, "a1B2c3D4e"), withIDs(order, "f5G6h7J8k")},
			"<tool_calls>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + ", \"id\": \"a1B2c3D4e\"}, {\"name\": \"lookup_order\", \"arguments\": " + orderArgs + ", \"id\": \"f5G6h7J8k\"}]</tool_calls>"},
		{"no ID, no id member", []toolcall.Call{note}, "<tool_calls>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + "}]</tool_calls>"},
		{"empty arguments are {}", []toolcall.Call{{Name: "f"}}, `<tool_calls>[{"name": "f", "arguments": {}}]</tool_calls>`},
		{"a name and an ID are JSON strings", []toolcall.Call{{Name: `a"b`, Arguments: `{}`, ID: `c\d`}}, `<tool_calls>[{"name": "a\"b", "arguments": {}, "id": "c\\d"}]</tool_calls>`},
	} {
		got, err := apriel.RenderCalls(tt.calls)
		if err != nil || got != tt.want {
			t.Errorf("%s: RenderCalls = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := apriel.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
	streamtest.CheckRenderer(t, apriel.Format, apriel.RenderCalls)
	streamtest.CheckTypedRenderer(t, apriel.Format, apriel.RenderCalls)
}

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{Name: "apriel", Format: apriel.Format, Render: apriel.RenderCalls, Tolerated: "</tool_calls>", EndsTurn: []string{"<|end|>"}},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) {
	for _, r := range renderers {
		t.Run(r.Name, func(t *testing.T) { formatstest.CheckRenderer(t, r) })
	}
}
