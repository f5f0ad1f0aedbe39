package functools_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestRenderCalls(t *testing.T) {
	for _, tt := range []struct {
		name  string
		calls []toolcall.Call
		want  string
	}{
		{"no calls", nil, ""},
		{"the golden's two calls, as FireFunction's template writes them", []toolcall.Call{note, order},
			"functools[{\"name\": \"write_note\", \"arguments\": " + noteArgs + "}, {\"name\": \"lookup_order\", \"arguments\": " + orderArgs + "}]"},
		{"empty arguments are {}; no IDs", []toolcall.Call{{Name: "f", ID: "x"}}, `functools[{"name": "f", "arguments": {}}]`},
		{"a name is a JSON string", []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, `functools[{"name": "a\"b", "arguments": {}}]`},
	} {
		got, err := functools.RenderCalls(tt.calls)
		if err != nil || got != tt.want {
			t.Errorf("%s: RenderCalls = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := functools.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
	streamtest.CheckRenderer(t, functools.Format, functools.RenderCalls)
	streamtest.CheckTypedRenderer(t, functools.Format, functools.RenderCalls)
}

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{Name: "functools", Format: functools.Format, Render: functools.RenderCalls, EndsTurn: []string{"<|end|>", "<|endoftext|>", "<|eot_id|>"}},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) {
	for _, r := range renderers {
		t.Run(r.Name, func(t *testing.T) { formatstest.CheckRenderer(t, r) })
	}
}
