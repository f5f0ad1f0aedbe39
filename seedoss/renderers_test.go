package seedoss_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/toolcall"
)

// renderer is the syntax this package writes calls in, with what
// formatstest.CheckRenderer needs to know of it.
var renderer = formatstest.Renderer{
	Name: "seed_oss", Format: seedoss.Format, Render: seedoss.RenderCalls,
	Typed: true, Textual: true,
	Tolerated:  "\n</function>\n</seed:tool_call>",
	ValueClose: "</parameter>",
	EndsTurn:   []string{"<seed:eos>", "<seed:bos>"},
}

// TestRenderer runs the shared renderer checks.
func TestRenderer(t *testing.T) { formatstest.CheckRenderer(t, renderer) }

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	formatstest.CheckFormatPromptGuard(t, seedoss.Format, seedoss.RenderPrompt)
}

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
