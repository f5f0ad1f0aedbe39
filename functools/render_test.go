package functools_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/toolcall"
)

// array is the syntax of calls, a JSON array after the word functools.
var array = formatstest.JSONArray{Open: "functools[", Close: "]", Trigger: "functools[", Source: "FireFunction's template"}

// writers are what the shared checks need to know of what this package
// writes: its syntax of calls, a JSON array after the word functools;
// and the golden directories of testdata/templates/golden
// (testdata/README.md says how each was rendered) with the options with
// which the format must write the same bytes: phi4_mini only for the
// conversation whose history holds no call and whose first message is a
// system message (the template drops calls and writes no tools without
// one; the package doc says what RenderPrompt writes instead).
// TestRenderPromptGuard checks RenderPrompt's special-token guard.
var writers = formatstest.Writers{
	Format: functools.Format,
	Renderers: []formatstest.Renderer{array.Renderer(formatstest.Renderer{
		Writes: []formatstest.Write{{Name: "empty arguments are {}; no IDs", Calls: []toolcall.Call{{Name: "f", ID: "x"}}, Want: `functools[{"name": "f", "arguments": {}}]`}},
		Grammar: func(render func(...toolcall.Call) string) []formatstest.GrammarCase {
			return []formatstest.GrammarCase{
				{Name: "the space before the word, as FireFunction writes it, is free text's", Text: " " + render(formatstest.Paris), Want: false},
			}
		},
	})},
	Goldens: []formatstest.Golden{
		{Dir: "phi4_mini", Only: []string{"reasoning"}},
		{Dir: "firefunction_v2", Opts: toolcall.PromptOptions{Profile: functools.ProfileFireFunctionV2, Date: formatstest.GoldenDate}},
	},
}

// TestWriters: the renderer checks and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
