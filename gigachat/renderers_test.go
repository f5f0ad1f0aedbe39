package gigachat_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: gigachat.Format, Prompt: gigachat.RenderPrompt, Goldens: templateGoldens,
	Renderers: []formatstest.Renderer{
		{Name: "gigachat 3.1", Render: gigachat.RenderCalls,
			Writes: []formatstest.Write{
				{Name: "no calls", Want: ""},
				{Name: "the golden's call, as GigaChat 3.1's template writes it", Calls: []toolcall.Call{order}, Want: head31 + orderCall},
				{Name: "two calls back to back", Calls: []toolcall.Call{{Name: "f"}, {Name: "g", Arguments: `{"a":1}`}},
					Want: head31 + `{"name": "f", "arguments": {}}` + head31 + `{"name": "g", "arguments": {"a": 1}}`},
				{Name: "a name is a JSON string", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, Want: head31 + `{"name": "a\"b", "arguments": {}}`},
			}},
		{Name: "gigachat 3", Render: gigachat.RenderCalls3, EndsTurn: []string{"</s>", "<|message_sep|>\n\n"},
			Writes: []formatstest.Write{
				{Name: "the golden's call, as GigaChat 3's template writes it", Calls: []toolcall.Call{order}, Want: head3 + orderCall},
			}},
	},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
