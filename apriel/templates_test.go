package apriel_test

import (
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/formats/formatstest"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render, with jinja2 as
// Hugging Face's apply_chat_template does): apriel16 from llama.cpp's
// copy of Apriel-1.6-15b-Thinker's template
// (models/templates/Apriel-1.6-15b-Thinker-fixed.jinja).
var templateGoldens = []formatstest.Golden{
	{Dir: "apriel16"},
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, apriel.Format, templateGoldens)
}
