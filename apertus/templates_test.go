package apertus_test

import (
	"testing"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (what llama.cpp's copy of Apertus-8B-Instruct-2509's chat template
// renders for the shared conversations) and the options with which the
// format must write the same bytes (the *_no_system ones rendered here
// from the same template, as formats/formatstest/testdata/README.md says).
var templateGoldens = []formatstest.Golden{{Dir: "apertus", Opts: toolcall.PromptOptions{Date: formatstest.GoldenDate}}}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, apertus.Format, templateGoldens)
}
