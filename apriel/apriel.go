package apriel

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	startText     = "<tool_calls>"
	endText       = "</tool_calls>"
	eotText       = "<|end|>" // the end of a turn
	finalText     = "[BEGIN FINAL RESPONSE]"
	finalEndText  = "[END FINAL RESPONSE]" // Apriel 1.5 closes its answer with it
	reasoningHead = "Here are my reasoning steps:"
)

// table reads the JSON array of calls between the markers.
var table = block.Marked{
	Open: startText, End: endText, Kind: block.JSONArray(block.MarkedEnd, block.CallKeys), TurnEnds: []string{eotText},
	More: []block.Marker{
		{Text: finalText},    // outside reasoning: dropped
		{Text: finalEndText}, // dropped
	},
}.Format()

// Format is the Apriel format (Apriel 1.5 and 1.6 Thinker).
//
// It implements toolcall.Reasoner: the reasoning runs from "Here
// are my reasoning steps:" (which Apriel 1.6's prompt writes for the
// model) to [BEGIN FINAL RESPONSE]; a <tool_calls> before that marker
// ends it too.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("apriel"), methods, constraints,
	&toolcall.Reasoning{Open: reasoningHead, Close: finalText, EndedBy: []string{startText}, OpenedByPrompt: true})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format: Format,
		Reply: prompt.Reply{Open: reasoningHead + "\n", Close: "\n" + finalText + "\n", Opened: true,
			Sep: "\n", End: "\n" + eotText, Render: RenderCalls}.Write,
		Aliases: []string{"apriel_thinker"},
		Profiles: []toolcall.Profile{
			{Name: ProfileApriel16, Models: []string{"apriel 1.6", "apriel thinker !1.5 !nemotron"}, OpensReasoning: true,
				Template: []string{startText + "[", "<|begin_assistant|>", finalText, reasoningHead}},
			{Name: ProfileApriel15, Models: []string{"apriel 1.5"},
				Template: []string{startText + "[", "<|assistant|>", "<|tool_result|>", finalText, finalEndText, "!<|begin_assistant|>"}},
		},
		EndOfTurn: []string{eotText},
	})
}
