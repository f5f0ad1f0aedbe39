package solaropen_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens, templateGoldens.
var writers = formatstest.Writers{
	Format: solaropen.Format, Prompt: solaropen.RenderPrompt, Goldens: templateGoldens,
	Renderers: []formatstest.Renderer{
		{Name: "solar open", Render: solaropen.RenderCalls, Tolerated: "<|tool_call:end|><|calls|>",
			EndsTurn: []string{"<|calls|>", "<|begin|>user", "<|begin|>tool", "<|begin|>system"},
			Writes: []formatstest.Write{
				{Name: "no calls", Want: ""},
				{Name: "the golden's two calls, as the template writes them", Calls: []toolcall.Call{note, order},
					Want: "<|tool_calls|>" + block("a1B2c3D4e", "write_note", noteArgs) + block("f5G6h7J8k", "lookup_order", orderArgs) + "<|calls|>"},
				{Name: "calls without IDs get the template's shape of one", Calls: []toolcall.Call{{Name: "f"}, {Name: "g", Arguments: `{"a":1}`}},
					Want: "<|tool_calls|>" + block("call000001", "f", "{}") + block("call000002", "g", `{"a": 1}`) + "<|calls|>"},
			}},
	},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
