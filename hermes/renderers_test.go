package hermes_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: its syntax of calls; RenderPrompt; the golden directories of
// testdata/templates/golden (the prompts the models' own chat templates
// render; formats/formatstest/testdata/README.md says where each
// template came from) with the options with which the format must write
// the same bytes, and for each directory (before its '@') the model
// whose template wrote it. smollm3@nothink (enable_thinking=false) was
// rendered here from smollm3's template, the llama.cpp fork's
// HuggingFaceTB-SmolLM3-3B.jinja.
var writers = formatstest.Writers{
	Format: hermes.Format, Prompt: hermes.RenderPrompt,
	Renderers: []formatstest.Renderer{{Tolerated: "\n</tool_call>"}},
	Goldens: []formatstest.Golden{
		{Dir: "qwen3"},
		{Dir: "qwen3@nothink", Opts: toolcall.PromptOptions{Thinking: new(false)}},
		{Dir: "qwen25", Opts: toolcall.PromptOptions{Profile: hermes.ProfileQwen25}},
		{Dir: "hermes3", Opts: toolcall.PromptOptions{Profile: hermes.ProfileHermes}},
		{Dir: "granite40", Opts: toolcall.PromptOptions{Profile: hermes.ProfileGranite40}},
		{Dir: "smollm3", Opts: toolcall.PromptOptions{Profile: hermes.ProfileSmolLM3}},
		{Dir: "smollm3@nothink", Opts: toolcall.PromptOptions{Profile: hermes.ProfileSmolLM3, Thinking: new(false)}},
	},
	Models: map[string]string{
		"qwen3":     "Qwen/Qwen3-8B",
		"qwen25":    "Qwen/Qwen2.5-7B-Instruct",
		"hermes3":   "NousResearch/Hermes-3-Llama-3.1-8B",
		"granite40": "ibm-granite/granite-4.0-h-small",
		"smollm3":   "HuggingFaceTB/SmolLM3-3B",
	},
}

// TestWriters: the renderer checks, RenderPrompt's special-token guard,
// every golden, byte for byte, and models.Lookup giving each golden's
// model this format and the profile its goldens are checked with.
func TestWriters(t *testing.T) { writers.Check(t) }
