package apertus

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	startText = "<|tools_prefix|>"
	endText   = "<|tools_suffix|>"
	eotText   = "<|assistant_end|>" // the end of a turn
	innerOpen = "<|inner_prefix|>"  // reasoning
	innerEnd  = "<|inner_suffix|>"
)

// keys are the members of Apertus's call objects: the tool's name as the
// object's only key, its arguments the value ({"f": {...}}); the
// {"name", "arguments"} spelling is read too.
var keys = func() block.Keys { k := block.CallKeys; k.NameKeyed = true; return k }()

// table reads the JSON array of calls between the markers.
var table = block.Marked{Open: startText, End: endText, Kind: block.JSONArray(block.MarkedEnd, keys), TurnEnds: []string{eotText}}.Format()

// Format is the Apertus format.
//
// It implements toolcall.Reasoner: the model opens
// <|inner_prefix|> itself (the prompt never does), and a
// <|tools_prefix|> written before <|inner_suffix|> ends the reasoning.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("apertus"), methods, constraints,
	&toolcall.Reasoning{Open: innerOpen, Close: innerEnd, EndedBy: []string{startText}})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format: Format,
		Reply:  prompt.Reply{Open: innerOpen, Close: innerEnd, End: eotText, Render: RenderCalls}.Write,
		Profiles: []toolcall.Profile{
			{Name: ProfileApertus, Models: []string{"apertus"},
				Template: []string{startText, endText, innerOpen, "<|assistant_start|>", "<|developer_start|>"}},
		},
		EndOfTurn: []string{eotText},
	})
}
