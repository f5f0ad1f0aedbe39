package kimik2_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/kimik2"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "kimi_k2_thinking"},
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, kimik2.Format, templateGoldens)
}
