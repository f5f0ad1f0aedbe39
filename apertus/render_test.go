package apertus_test

import (
	"testing"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// array is Apertus's syntax of calls, a JSON array of {NAME: ARGUMENTS}
// objects between <|tools_prefix|> and <|tools_suffix|>.
var array = formatstest.JSONArray{
	Open: "<|tools_prefix|>[", Close: "]<|tools_suffix|>",
	Item: func(c toolcall.Call) string { return "{" + streamtest.JSONString(c.Name) + ": " + c.Arguments + "}" },
}

// writers are what the shared checks need to know of what this package
// writes: its syntax of calls, a JSON array of {NAME: ARGUMENTS}
// objects; RenderPrompt; and the golden directory of
// testdata/templates/golden (what llama.cpp's copy of
// Apertus-8B-Instruct-2509's chat template renders for the shared
// conversations) with the options with which the format must write the
// same bytes (the *_no_system ones rendered here from the same template,
// as formats/formatstest/testdata/README.md says).
var writers = formatstest.Writers{
	Format: apertus.Format, Prompt: apertus.RenderPrompt,
	Renderers: []formatstest.Renderer{array.Renderer(formatstest.Renderer{})},
	Goldens:   []formatstest.Golden{{Dir: "apertus", Opts: toolcall.PromptOptions{Date: formatstest.GoldenDate}}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token guard
// and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
