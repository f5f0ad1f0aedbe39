package apriel_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// renderer is the syntax this package writes calls in, with what
// formatstest.CheckRenderer needs to know of it.
var renderer = formatstest.Renderer{
	Name: "apriel", Format: apriel.Format, Render: apriel.RenderCalls,
	Tolerated: "</tool_calls>",
	EndsTurn:  []string{"<|end|>"},
	Writes: []formatstest.Write{
		{Name: "no calls", Want: ""},
		{Name: "the golden's two calls, as the template writes them", Calls: []toolcall.Call{withID(note, "a1B2c3D4e"), withID(order, "f5G6h7J8k")},
			Want: "<tool_calls>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + ", \"id\": \"a1B2c3D4e\"}, {\"name\": \"lookup_order\", \"arguments\": " + orderArgs + ", \"id\": \"f5G6h7J8k\"}]</tool_calls>"},
		{Name: "no ID, no id member", Calls: []toolcall.Call{note}, Want: "<tool_calls>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + "}]</tool_calls>"},
		{Name: "empty arguments are {}", Calls: []toolcall.Call{{Name: "f"}}, Want: `<tool_calls>[{"name": "f", "arguments": {}}]</tool_calls>`},
		{Name: "a name and an ID are JSON strings", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`, ID: `c\d`}},
			Want: `<tool_calls>[{"name": "a\"b", "arguments": {}, "id": "c\\d"}]</tool_calls>`},
	},
	Grammar: func(render func(...toolcall.Call) string) []formatstest.GrammarCase {
		return []formatstest.GrammarCase{
			{Name: "no end marker", Text: strings.TrimSuffix(render(formatstest.Paris), "</tool_calls>"), Want: false},
			{Name: "a call with the model's ID: the grammar writes none", Text: render(toolcall.Call{Name: "get_time", Arguments: `{}`, ID: "a1"}), Want: false},
		}
	},
	Tag: &formatstest.TagWant{Trigger: "<tool_calls>", Begin: "<tool_calls>[", End: "]</tool_calls>"},
}

// withID is c with the model's ID id.
func withID(c toolcall.Call, id string) toolcall.Call { c.ID = id; return c }

// TestRenderers runs the shared renderer checks on it.
func TestRenderers(t *testing.T) { formatstest.CheckRenderer(t, renderer) }
