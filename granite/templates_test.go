package granite_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/granite"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (what llama.cpp's copy of granite-3.3-2b-instruct's chat template
// renders for the shared conversations) and the options with which the
// format must write the same bytes.
var templateGoldens = []formatstest.Golden{{Dir: "granite33"}}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, granite.Format, templateGoldens)
}
