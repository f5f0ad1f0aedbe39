package solaropen_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{Name: "solar open", Format: solaropen.Format, Render: solaropen.RenderCalls, Tolerated: "<|tool_call:end|><|calls|>",
		EndsTurn: []string{"<|calls|>", "<|begin|>user", "<|begin|>tool", "<|begin|>system"}},
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
		name  string
		calls []toolcall.Call
		want  string
	}{
		{"no calls", nil, ""},
		{"the golden's two calls, as the template writes them", []toolcall.Call{note, order},
			"<|tool_calls|>" + block("a1B2c3D4e", "write_note", noteArgs) + block("f5G6h7J8k", "lookup_order", orderArgs) + "<|calls|>"},
		{"calls without IDs get the template's shape of one", []toolcall.Call{{Name: "f"}, {Name: "g", Arguments: `{"a":1}`}},
			"<|tool_calls|>" + block("call000001", "f", "{}") + block("call000002", "g", `{"a": 1}`) + "<|calls|>"},
	} {
		got, err := solaropen.RenderCalls(tt.calls)
		if err != nil || got != tt.want {
			t.Errorf("%s: %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := solaropen.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
	streamtest.CheckTypedRenderer(t, solaropen.Format, solaropen.RenderCalls)
}
