package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: seedoss.Format, Prompt: seedoss.RenderPrompt, Goldens: templateGoldens,
	Renderers: []formatstest.Renderer{{
		Tolerated: "\n</function>\n</seed:tool_call>", ValueClose: "</parameter>",
		EndsTurn: []string{"<seed:eos>", "<seed:bos>"},
	}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }

// RenderCalls writes the goldens' calls as the template does, Python's
// str for the object.
func TestRenderCallsAsTheTemplate(t *testing.T) {
	got, err := seedoss.RenderCalls([]toolcall.Call{note, order})
	if err != nil {
		t.Fatal(err)
	}
	if want := goldenCalls[:len(goldenCalls)-len("<seed:eos>")]; got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
