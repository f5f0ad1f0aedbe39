package deepseek_test

import (
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: its two syntaxes of calls; RenderPrompt; and the golden
// directories of testdata/templates/golden (the prompts the models' own
// chat templates render; formats/formatstest/testdata/README.md says
// where each template came from) with the options with which the format
// must write the same bytes.
var writers = formatstest.Writers{
	Format: deepseek.Format, Prompt: deepseek.RenderPrompt,
	Renderers: []formatstest.Renderer{
		{Tolerated: "<｜tool▁call▁end｜><｜tool▁calls▁end｜>", EndsTurn: []string{"<｜end▁of▁sentence｜>"}},
		{
			Name: "deepseek R1", Render: deepseek.RenderCallsR1,
			Unconstrained: true, // the Grammar writes the main syntax
			Tolerated:     "\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
		},
	},
	Goldens: []formatstest.Golden{
		{Dir: "deepseek_v31", NoTools: true},
		{Dir: "deepseek_v31@think", Opts: toolcall.PromptOptions{Thinking: new(true)}, NoTools: true},
		{Dir: "deepseek_r1", Opts: toolcall.PromptOptions{Profile: deepseek.ProfileR1}, NoTools: true},
	},
}

// TestWriters: the renderer checks on every syntax the package writes
// calls in, RenderPrompt's special-token guard and every golden, byte
// for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
