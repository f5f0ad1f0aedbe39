package solaropen_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/toolcall"
)

// renderers are the syntaxes this package writes calls in, with what
// formatstest.CheckRenderer needs to know of each.
var renderers = []formatstest.Renderer{
	{Name: "solar open", Format: solaropen.Format, Render: solaropen.RenderCalls, Tolerated: "<|tool_call:end|><|calls|>",
		EndsTurn: []string{"<|calls|>", "<|begin|>user", "<|begin|>tool", "<|begin|>system"},
		Writes: []formatstest.Write{
			{Name: "no calls", Want: ""},
			{Name: "the golden's two calls, as the template writes them", Calls: []toolcall.Call{note, order},
				Want: "<|tool_calls|>" + block("a1B2c3D4e", "write_note", noteArgs) + block("f5G6h7J8k", "lookup_order", orderArgs) + "<|calls|>"},
			{Name: "calls without IDs get the template's shape of one", Calls: []toolcall.Call{{Name: "f"}, {Name: "g", Arguments: `{"a":1}`}},
				Want: "<|tool_calls|>" + block("call000001", "f", "{}") + block("call000002", "g", `{"a": 1}`) + "<|calls|>"},
		}},
}

// TestRenderers runs the shared renderer checks on every syntax the
// package writes calls in.
func TestRenderers(t *testing.T) { formatstest.CheckRenderers(t, renderers...) }
