package apertus_test

import (
	"testing"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/formats/formatstest"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (what llama.cpp's copy of Apertus-8B-Instruct-2509's chat template
// renders for the shared conversations) and the options with which the
// format must write the same bytes.
var templateGoldens = []formatstest.Golden{{Dir: "apertus"}}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, apertus.Format, templateGoldens)
}
