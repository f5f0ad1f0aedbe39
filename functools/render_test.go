package functools_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/toolcall"
)

// renderer is the syntax this package writes calls in, with what
// formatstest.CheckRenderer needs to know of it.
var renderer = formatstest.Renderer{
	Name: "functools", Format: functools.Format, Render: functools.RenderCalls,
	EndsTurn: []string{"<|end|>", "<|endoftext|>", "<|eot_id|>"},
	Writes: []formatstest.Write{
		{Name: "no calls", Want: ""},
		{Name: "the golden's two calls, as FireFunction's template writes them", Calls: []toolcall.Call{note, order},
			Want: "functools[{\"name\": \"write_note\", \"arguments\": " + noteArgs + "}, {\"name\": \"lookup_order\", \"arguments\": " + orderArgs + "}]"},
		{Name: "empty arguments are {}; no IDs", Calls: []toolcall.Call{{Name: "f", ID: "x"}}, Want: `functools[{"name": "f", "arguments": {}}]`},
		{Name: "a name is a JSON string", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, Want: `functools[{"name": "a\"b", "arguments": {}}]`},
	},
	Grammar: func(render func(...toolcall.Call) string) []formatstest.GrammarCase {
		return []formatstest.GrammarCase{
			{Name: "the array not closed", Text: strings.TrimSuffix(render(formatstest.Paris), "]"), Want: false},
			{Name: "the space before the word, as FireFunction writes it, is free text's", Text: " " + render(formatstest.Paris), Want: false},
		}
	},
	Tag: &formatstest.TagWant{Trigger: "functools[", Begin: "functools[", End: "]"},
}

// TestRenderers runs the shared renderer checks on it.
func TestRenderers(t *testing.T) { formatstest.CheckRenderer(t, renderer) }
