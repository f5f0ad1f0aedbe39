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
var templateGoldens = []formatstest.Golden{
	{Dir: "qwen3"},
	{Dir: "qwen3@nothink", Opts: toolcall.PromptOptions{Thinking: new(false)}},
	{Dir: "qwen25", Opts: toolcall.PromptOptions{Profile: hermes.ProfileQwen25}},
	{Dir: "hermes3", Opts: toolcall.PromptOptions{Profile: hermes.ProfileHermes}},
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, hermes.Format, templateGoldens)
}
