package gigachat_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in (testdata/writes holds rows
// of what they write); RenderPrompt; and the template goldens
// testdata/templates/goldens.txt lists.
var writers = formatstest.Writers{
	Format: gigachat.Format, Prompt: gigachat.RenderPrompt,
	Renderers: []formatstest.Renderer{
		{Name: "gigachat 3.1", Render: gigachat.RenderCalls},
		{Name: "gigachat 3", Render: gigachat.RenderCalls3, EndsTurn: []string{"</s>", "<|message_sep|>\n\n"}},
	},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
