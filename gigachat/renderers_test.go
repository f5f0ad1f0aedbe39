package gigachat_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{Name: "gigachat 3.1", Format: gigachat.Format, Render: gigachat.RenderCalls, EndsTurn: []string{"</s>", "<|message_sep|>"}},
	{Name: "gigachat 3", Format: gigachat.Format, Render: gigachat.RenderCalls3, EndsTurn: []string{"</s>", "<|message_sep|>\n\n"}},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) {
	for _, r := range renderers {
		t.Run(r.Name, func(t *testing.T) { formatstest.CheckRenderer(t, r) })
	}
}

func TestRenderCalls(t *testing.T) {
	for _, tt := range []struct {
		name   string
		render func([]toolcall.Call) (string, error)
		calls  []toolcall.Call
		want   string
	}{
		{"no calls", gigachat.RenderCalls, nil, ""},
		{"the golden's call, as GigaChat 3.1's template writes it", gigachat.RenderCalls, []toolcall.Call{order}, head31 + orderCall},
		{"the golden's call, as GigaChat 3's template writes it", gigachat.RenderCalls3, []toolcall.Call{order}, head3 + orderCall},
		{"two calls back to back", gigachat.RenderCalls, []toolcall.Call{{Name: "f"}, {Name: "g", Arguments: `{"a":1}`}},
			head31 + `{"name": "f", "arguments": {}}` + head31 + `{"name": "g", "arguments": {"a": 1}}`},
		{"a name is a JSON string", gigachat.RenderCalls, []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, head31 + `{"name": "a\"b", "arguments": {}}`},
	} {
		got, err := tt.render(tt.calls)
		if err != nil || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := gigachat.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
	streamtest.CheckTypedRenderer(t, gigachat.Format, gigachat.RenderCalls3)
}
