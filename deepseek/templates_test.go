package deepseek_test

import (
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "deepseek_v31", NoTools: true},
	{Dir: "deepseek_v31@think", Opts: toolcall.PromptOptions{Thinking: new(true)}, NoTools: true},
	{Dir: "deepseek_r1", Opts: toolcall.PromptOptions{Profile: deepseek.ProfileR1}, NoTools: true},
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, deepseek.Format, templateGoldens)
}
