package apriel_test

import (
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render, with jinja2 as
// Hugging Face's apply_chat_template does): apriel16 from llama.cpp's
// copy of Apriel-1.6-15b-Thinker's template
// (models/templates/Apriel-1.6-15b-Thinker-fixed.jinja); apriel15 from
// llama.cpp's copy of Unsloth's Apriel-1.5-15b-Thinker template
// (models/templates/unsloth-Apriel-1.5.jinja), rendered here the same way
// (testdata/README.md).
var templateGoldens = []formatstest.Golden{
	{Dir: "apriel16"},
	{Dir: "apriel15", Opts: toolcall.PromptOptions{Profile: apriel.ProfileApriel15}},
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, apriel.Format, templateGoldens)
}
