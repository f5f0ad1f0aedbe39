package solaropen_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/solaropen"
)

// TestWriters: the renderer checks on the syntax of Solar Open
// (testdata/writes holds rows of what it writes), RenderPrompt's
// special-token guard and every golden testdata/templates/goldens.txt
// lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: solaropen.Format, Prompt: solaropen.RenderPrompt, Renderers: []formatstest.Renderer{{
		Name: "solar open", Render: solaropen.RenderCalls, Tolerated: "<|tool_call:end|><|calls|>",
		EndsTurn: []string{"<|calls|>", "<|begin|>user", "<|begin|>tool", "<|begin|>system"},
	}}}.Check(t)
}
