package granite_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/granite"
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
		{"the golden's two calls, as the model writes them", []toolcall.Call{note, order},
			"<|tool_call|>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + "}, {\"name\": \"lookup_order\", \"arguments\": " + orderArgs + "}]"},
		{"empty arguments are {}", []toolcall.Call{{Name: "f"}}, `<|tool_call|>[{"name": "f", "arguments": {}}]`},
		{"a name is a JSON string", []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, `<|tool_call|>[{"name": "a\"b", "arguments": {}}]`},
	} {
		got, err := granite.RenderCalls(tt.calls)
		if err != nil || got != tt.want {
			t.Errorf("%s: RenderCalls = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := granite.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
	streamtest.CheckRenderer(t, granite.Format, granite.RenderCalls)
	streamtest.CheckTypedRenderer(t, granite.Format, granite.RenderCalls)
}

// TestRenderers runs the shared renderer checks on the syntax the
// package writes calls in: no end marker, so none is tolerated missing.
func TestRenderers(t *testing.T) {
	formatstest.CheckRenderer(t, formatstest.Renderer{
		Name: "granite", Format: granite.Format, Render: granite.RenderCalls,
		EndsTurn: []string{"<|end_of_text|>"},
	})
}

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	render := func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
		return granite.RenderPrompt(m, nil, toolcall.PromptOptions{SpecialTokens: mode})
	}
	formatstest.CheckRenderPromptGuard(t, render, granite.Format.(interface{ SpecialTokens() []string }).SpecialTokens())
}
