package minimax

import (
	"errors"

	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/tagcall"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is the MiniMax-M2 XML format.
//
// It implements toolcall.Reasoner: the prompt opens <think>, the
// model closes it before it answers; a <minimax:tool_call> while it is
// open ends it too.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("minimax"), methods, constraints,
	&toolcall.Reasoning{Open: thinkOpen, Close: thinkClose, EndedBy: []string{toolCallText}, OpenedByPrompt: true})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   Reply,
		Aliases: []string{"minimax_m2", "minimax-m2"},
		Profiles: []toolcall.Profile{{Name: ProfileM2, Models: []string{"minimax m2"}, OpensReasoning: true,
			Template: []string{toolCallText, invokeText, roleStart + "ai"}}},
		EndOfTurn: []string{turnEnd, roleStart},
	})
}

// Reply writes a whole reply as MiniMax-M2 writes one after its prompt,
// which opened <think>: the reasoning, \n</think>\n\n, the content, the
// calls (a newline before them) and [e~[.
func Reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	return prompt.Reply{Open: thinkOpen, Close: "\n" + thinkClose + "\n\n", Opened: true, Sep: "\n", End: turnEnd, Render: RenderCalls}.Write(reasoning, content, calls)
}

// The format's tags and tokens.
const (
	toolCallText     = "<minimax:tool_call>"
	toolCallEndText  = "</minimax:tool_call>"
	invokeText       = `<invoke name="`
	invokeEndText    = "</invoke>"
	parameterText    = `<parameter name="`
	parameterEndText = "</parameter>"
	nameEndText      = `">`
	thinkOpen        = "<think>"
	thinkClose       = "</think>"
	turnEnd          = "[e~["  // ends every turn
	roleStart        = "]~b]"  // starts a turn's role header
	promptStart      = "]~!b[" // starts the prompt
)

// table reads a <minimax:tool_call> block of tagged calls (Syntax.Marked).
// [e~[ ends the turn, and so does a role header (]~b]) the model writes
// without [e~[ before it.
var table = syntax.Marked(toolCallText, toolCallEndText, turnEnd, roleStart)

// markers are a call's tags, as tagargs reads them: the name and the keys
// are attributes, in double quotes.
var markers = tagargs.Markers{
	Call: invokeText, NameEnd: nameEndText, Param: parameterText, KeyEnd: nameEndText,
	Close: parameterEndText, End: invokeEndText, Outer: []string{toolCallEndText},
	Missing:    true,
	Nest:       true,
	NameMsg:    `<invoke name=" has no closing ">`,
	KeyMsg:     `<parameter name=" has no closing ">`,
	BetweenMsg: "neither <parameter name= nor </invoke> in an invoke",
}

// syntax reads a block's invokes: every one a call.
var syntax = tagcall.Syntax{
	Markers: &markers,
	Start:   tagargs.Open,
	NoCall:  errors.New("the block holds no <invoke name=...>"),
	Between: "text after an invoke in a <minimax:tool_call> block",
	MaxHeld: 256,
}
