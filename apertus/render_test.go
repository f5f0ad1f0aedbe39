package apertus_test

import (
	"testing"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/formats/formatstest"
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
		{"the golden's two calls, as the template writes them", []toolcall.Call{note, order},
			"<|tools_prefix|>[{\"write_note\": " + noteArgs + "}, {\"lookup_order\": " + orderArgs + "}]<|tools_suffix|>"},
		{"empty arguments are {}", []toolcall.Call{{Name: "f"}}, `<|tools_prefix|>[{"f": {}}]<|tools_suffix|>`},
		{"a name is a JSON string", []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, `<|tools_prefix|>[{"a\"b": {}}]<|tools_suffix|>`},
	} {
		got, err := apertus.RenderCalls(tt.calls)
		if err != nil || got != tt.want {
			t.Errorf("%s: RenderCalls = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := apertus.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
	streamtest.CheckRenderer(t, apertus.Format, apertus.RenderCalls)
	streamtest.CheckTypedRenderer(t, apertus.Format, apertus.RenderCalls)
}

// TestRenderers runs the shared renderer checks on the syntax the
// package writes calls in.
func TestRenderers(t *testing.T) {
	formatstest.CheckRenderer(t, formatstest.Renderer{
		Name: "apertus", Format: apertus.Format, Render: apertus.RenderCalls,
		Tolerated: "<|tools_suffix|>",
		EndsTurn:  []string{"<|assistant_end|>"},
	})
}

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	render := func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
		return apertus.RenderPrompt(m, nil, toolcall.PromptOptions{SpecialTokens: mode})
	}
	formatstest.CheckRenderPromptGuard(t, render, apertus.Format.(interface{ SpecialTokens() []string }).SpecialTokens())
}
