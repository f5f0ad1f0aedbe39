package hermes_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
// smollm3@nothink (enable_thinking=false) was rendered here from
// smollm3's template, the llama.cpp fork's HuggingFaceTB-SmolLM3-3B.jinja.
var templateGoldens = []formatstest.Golden{
	{Dir: "qwen3"},
	{Dir: "qwen3@nothink", Opts: toolcall.PromptOptions{Thinking: new(false)}},
	{Dir: "qwen25", Opts: toolcall.PromptOptions{Profile: hermes.ProfileQwen25}},
	{Dir: "hermes3", Opts: toolcall.PromptOptions{Profile: hermes.ProfileHermes}},
	{Dir: "granite40", Opts: toolcall.PromptOptions{Profile: hermes.ProfileGranite40}},
	{Dir: "smollm3", Opts: toolcall.PromptOptions{Profile: hermes.ProfileSmolLM3}},
	{Dir: "smollm3@nothink", Opts: toolcall.PromptOptions{Profile: hermes.ProfileSmolLM3, Thinking: new(false)}},
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, hermes.Format, templateGoldens)
}

// goldenModels name, for each golden directory (before its '@'), the
// model whose template wrote it.
var goldenModels = map[string]string{
	"qwen3":     "Qwen/Qwen3-8B",
	"qwen25":    "Qwen/Qwen2.5-7B-Instruct",
	"hermes3":   "NousResearch/Hermes-3-Llama-3.1-8B",
	"granite40": "ibm-granite/granite-4.0-h-small",
	"smollm3":   "HuggingFaceTB/SmolLM3-3B",
}

// TestLookupPicksTheGoldensProfile: models.Lookup gives each golden's
// model this format and the profile its goldens are checked with.
func TestLookupPicksTheGoldensProfile(t *testing.T) {
	formatstest.CheckGoldenModels(t, hermes.Format, templateGoldens, goldenModels)
}
