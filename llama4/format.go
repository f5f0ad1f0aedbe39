package llama4

import (
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/selection"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is Llama 4 Scout and Maverick's tool-call format, read leniently:
// every syntax the model writes, anywhere in the response, in any mix.
var Format toolcall.Format = format{formatdef.New(table.Named("llama4"), methods, constraints)}

// Precise is Format with the precision option on: outside
// <|python_start|>, calls in a Markdown code fence opened after prose
// (``` on a line of its own, after an explanation: an example, not a call)
// and bare calls inside a sentence (prose before them and a word after
// them on the same line: "You can call get_weather(city) to ...") are
// content, each with a "policy" diagnostic. A fence that opens the
// response, before any prose, is read as calls; so is a bare call that
// ends its line (or the response), with only spaces and sentence
// punctuation after it. The gateway example serves it by default.
var Precise toolcall.Format = format{formatdef.New(preciseTable.Named("llama4"), methods, constraints)}

type format struct{ formatdef.Format }

// DefaultPolicy implements policy.Defaulter: Llama 4 plans whole
// tasks as one parallel list, so by default only calls that cannot depend
// on an earlier call of the same response are returned.
func (format) DefaultPolicy() selection.Mode { return selection.Independent }

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   prompt.Reply{Sep: "\n", End: "<|eom|>", Render: RenderCalls}.Write,
		Strict:  Precise,
		Aliases: []string{"llama4_pythonic", "llama4_lenient", "llama4_json"},
		Profiles: []toolcall.Profile{
			{Name: ProfileMeta, Models: []string{"llama4", "functionary", "xlam"}},
			{Name: ProfileHF},
		},
		EndOfTurn:     []string{"<|eom|>", "<|eot|>", "<|end_of_text|>", "<|eot_id|>", "<|eom_id|>"},
		DefaultPolicy: string(selection.Independent),
	})
}
