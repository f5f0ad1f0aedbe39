package qwen3coder_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/qwen3coder"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
// qwen3_coder's files of conversations-more.json and
// conversations-unseen.json were rendered here from the same template,
// vLLM's examples/tool_chat_template_qwen3coder.jinja.
var templateGoldens = []formatstest.Golden{
	{Dir: "qwen3_coder"},
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, qwen3coder.Format, templateGoldens)
}
