package gigachat_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/toolcall"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{Name: "gigachat 3.1", Format: gigachat.Format, Render: gigachat.RenderCalls, EndsTurn: []string{"</s>", "<|message_sep|>"},
		Writes: []formatstest.Write{
			{Name: "no calls", Want: ""},
			{Name: "the golden's call, as GigaChat 3.1's template writes it", Calls: []toolcall.Call{order}, Want: head31 + orderCall},
			{Name: "two calls back to back", Calls: []toolcall.Call{{Name: "f"}, {Name: "g", Arguments: `{"a":1}`}},
				Want: head31 + `{"name": "f", "arguments": {}}` + head31 + `{"name": "g", "arguments": {"a": 1}}`},
			{Name: "a name is a JSON string", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, Want: head31 + `{"name": "a\"b", "arguments": {}}`},
		}},
	{Name: "gigachat 3", Format: gigachat.Format, Render: gigachat.RenderCalls3, EndsTurn: []string{"</s>", "<|message_sep|>\n\n"},
		Writes: []formatstest.Write{
			{Name: "the golden's call, as GigaChat 3's template writes it", Calls: []toolcall.Call{order}, Want: head3 + orderCall},
		}},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }
