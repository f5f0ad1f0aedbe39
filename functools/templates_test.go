package functools_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (testdata/README.md says how each was rendered) and the options with
// which the format must write the same bytes: phi4_mini only for the
// conversation whose history holds no call and whose first message is a
// system message (the template drops calls and writes no tools without
// one; the package doc says what RenderPrompt writes instead).
var templateGoldens = []formatstest.Golden{
	{Dir: "phi4_mini", Only: []string{"reasoning"}},
	{Dir: "firefunction_v2", Opts: toolcall.PromptOptions{Profile: functools.ProfileFireFunctionV2, Date: formatstest.GoldenDate}},
}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, functools.Format, templateGoldens)
}
