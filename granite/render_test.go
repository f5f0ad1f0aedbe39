package granite_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/granite"
	"github.com/toolparse/toolparse/toolcall"
)

// array is the syntax of calls, a JSON array after <|tool_call|>.
var array = formatstest.JSONArray{Open: "<|tool_call|>[", Close: "]", Source: "the model"}

// writers are what the shared checks need to know of what this package
// writes: its syntax of calls, a JSON array after <|tool_call|> (no end
// marker, so none is tolerated missing); RenderPrompt; and the golden
// directory of testdata/templates/golden (what llama.cpp's copy of
// granite-3.3-2b-instruct's chat template renders for the shared
// conversations) with the options with which the format must write the
// same bytes (the *_no_system ones rendered here from the same template,
// as formats/formatstest/testdata/README.md says).
var writers = formatstest.Writers{
	Format: granite.Format, Prompt: granite.RenderPrompt,
	Renderers: []formatstest.Renderer{array.Renderer(formatstest.Renderer{})},
	Goldens:   []formatstest.Golden{{Dir: "granite33", Opts: toolcall.PromptOptions{Date: formatstest.GoldenDate}}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token guard
// and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
