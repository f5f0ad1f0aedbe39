package nemotronv2

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	startText = "<TOOLCALL>"
	endText   = "</TOOLCALL>"
	eotText   = "<SPECIAL_12>" // the end of a turn
)

// table reads the JSON array of calls between the markers.
var table = block.Marked{Open: startText, End: endText, Kind: block.JSONArray(block.MarkedEnd, block.CallKeys), TurnEnds: []string{eotText}}.Format()

// Format is the Nemotron Nano v2 format.
//
// It implements toolcall.Reasoner: the template's generation
// prompt opens <think> unless thinking is off, and a <TOOLCALL> written
// before </think> ends the reasoning.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("nemotron_v2"), methods, constraints,
	&toolcall.Reasoning{Open: "<think>", Close: "</think>", EndedBy: []string{startText}, OpenedByPrompt: true})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   prompt.Reply{Open: "<think>", Close: "\n</think>\n\n", Opened: true, Sep: "\n", End: "\n" + eotText, Render: RenderCalls}.Write,
		Aliases: []string{"nemotron_nano_v2", "nemotron_nano2"},
		Profiles: []toolcall.Profile{
			{Name: ProfileNemotronNanoV2, Models: []string{"nemotron nano v2 !nemotron3"}, OpensReasoning: true,
				Template: []string{startText + "[", "<AVAILABLE_TOOLS>", "<SPECIAL_11>Assistant", eotText}},
			{Name: ProfileVLLM, OpensReasoning: true,
				Template: []string{startText + "[", "<AVAILABLE_TOOLS>", "<SPECIAL_11>Assistant", eotText, `]</TOOL_RESPONSE>\n'`}},
		},
		EndOfTurn: []string{eotText},
	})
}
