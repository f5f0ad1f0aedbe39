package nemotronv2_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/nemotronv2"
	"github.com/toolparse/toolparse/toolcall"
)

// renderer is the syntax this package writes calls in, with what
// formatstest.CheckRenderer needs to know of it.
var renderer = formatstest.Renderer{
	Name: "nemotronv2", Format: nemotronv2.Format, Render: nemotronv2.RenderCalls,
	Tolerated: "</TOOLCALL>",
	EndsTurn:  []string{"<SPECIAL_12>"},
	Writes: []formatstest.Write{
		{Name: "no calls", Want: ""},
		{Name: "the golden's two calls, as the template writes them", Calls: []toolcall.Call{note, order},
			Want: "<TOOLCALL>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + "}, {\"name\": \"lookup_order\", \"arguments\": " + orderArgs + "}]</TOOLCALL>"},
		{Name: "empty arguments are {}", Calls: []toolcall.Call{{Name: "f"}}, Want: `<TOOLCALL>[{"name": "f", "arguments": {}}]</TOOLCALL>`},
		{Name: "a name is a JSON string", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, Want: `<TOOLCALL>[{"name": "a\"b", "arguments": {}}]</TOOLCALL>`},
	},
	Grammar: func(render func(...toolcall.Call) string) []formatstest.GrammarCase {
		return []formatstest.GrammarCase{
			{Name: "no end marker", Text: strings.TrimSuffix(render(formatstest.Paris), "</TOOLCALL>"), Want: false},
		}
	},
	Tag: &formatstest.TagWant{Trigger: "<TOOLCALL>", Begin: "<TOOLCALL>[", End: "]</TOOLCALL>"},
}

// TestRenderers runs the shared renderer checks on it.
func TestRenderers(t *testing.T) { formatstest.CheckRenderer(t, renderer) }
