package gigachat_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
)

// TestWriters: the renderer checks on the syntaxes of GigaChat 3.1 and
// GigaChat 3 (testdata/writes holds rows of what they write),
// RenderPrompt's special-token guard and every golden
// testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: gigachat.Format, Prompt: gigachat.RenderPrompt, Renderers: []formatstest.Renderer{
		{Name: "gigachat 3.1", Render: gigachat.RenderCalls},
		{Name: "gigachat 3", Render: gigachat.RenderCalls3, EndsTurn: []string{"</s>", "<|message_sep|>\n\n"}},
	}}.Check(t)
}
