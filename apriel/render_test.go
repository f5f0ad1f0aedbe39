package apriel_test

import (
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: its syntax of calls, a JSON array of name-and-arguments
// objects with the model's IDs; and the golden directories of
// testdata/templates/golden (the prompts the models' own chat templates
// render, with jinja2 as Hugging Face's apply_chat_template does):
// apriel16 from llama.cpp's copy of Apriel-1.6-15b-Thinker's template
// (models/templates/Apriel-1.6-15b-Thinker-fixed.jinja); apriel15 from
// llama.cpp's copy of Unsloth's Apriel-1.5-15b-Thinker template
// (models/templates/unsloth-Apriel-1.5.jinja), rendered here the same way
// (testdata/README.md). TestRenderPromptGuard checks RenderPrompt's
// special-token guard.
var writers = formatstest.Writers{
	Format: apriel.Format,
	Renderers: []formatstest.Renderer{formatstest.JSONArray{Open: "<tool_calls>[", Close: "]</tool_calls>"}.Renderer(formatstest.Renderer{
		Writes: []formatstest.Write{
			{Name: "the golden's two calls with the model's IDs, as the template writes them", Calls: []toolcall.Call{withID(formatstest.Note, "a1B2c3D4e"), withID(formatstest.Order, "f5G6h7J8k")},
				Want: "<tool_calls>[{\"name\": \"write_note\", \"arguments\": " + formatstest.NoteArgs + ", \"id\": \"a1B2c3D4e\"}, {\"name\": \"lookup_order\", \"arguments\": " + formatstest.OrderArgs + ", \"id\": \"f5G6h7J8k\"}]</tool_calls>"},
			{Name: "no ID, no id member", Calls: []toolcall.Call{formatstest.Note}, Want: "<tool_calls>[{\"name\": \"write_note\", \"arguments\": " + formatstest.NoteArgs + "}]</tool_calls>"},
			{Name: "a name and an ID are JSON strings", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`, ID: `c\d`}},
				Want: `<tool_calls>[{"name": "a\"b", "arguments": {}, "id": "c\\d"}]</tool_calls>`},
		},
		Grammar: func(render func(...toolcall.Call) string) []formatstest.GrammarCase {
			return []formatstest.GrammarCase{
				{Name: "a call with the model's ID: the grammar writes none", Text: render(toolcall.Call{Name: "get_time", Arguments: `{}`, ID: "a1"}), Want: false},
			}
		},
	})},
	Goldens: []formatstest.Golden{
		{Dir: "apriel16"},
		{Dir: "apriel15", Opts: toolcall.PromptOptions{Profile: apriel.ProfileApriel15}},
	},
}

// withID is c with the model's ID id.
func withID(c toolcall.Call, id string) toolcall.Call { c.ID = id; return c }

// TestWriters: the renderer checks and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }
