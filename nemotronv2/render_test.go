package nemotronv2_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/nemotronv2"
)

// writers are what the shared checks need to know of what this package
// writes: its syntax of calls, a JSON array between <TOOLCALL> and
// </TOOLCALL>; RenderPrompt; and the golden directory nemotron_nano_v2 (what the
// model's own template, llama.cpp's copy of NVIDIA-Nemotron-Nano-9B-v2's,
// renders for the shared conversations, with jinja2 as Hugging Face's
// apply_chat_template does), the reasoning left open.
var writers = formatstest.Writers{
	Format: nemotronv2.Format, Prompt: nemotronv2.RenderPrompt,
	Renderers: []formatstest.Renderer{formatstest.JSONArray{Open: "<TOOLCALL>[", Close: "]</TOOLCALL>"}.Renderer(formatstest.Renderer{})},
	Goldens:   []formatstest.Golden{{Dir: "nemotron_nano_v2", Reasoning: formatstest.ReasoningOpen}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token guard
// and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
