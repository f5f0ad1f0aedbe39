package gemma4

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// Gemma 4's tokens.
const (
	startText  = "<|tool_call>"
	endText    = "<tool_call|>"
	quoteText  = `<|"|>`
	turnEnd    = "<turn|>"
	respStart  = "<|tool_response>"
	thinkOpen  = "<|channel>thought\n"
	thinkClose = "<channel|>"
)

// FunctionGemma's tokens.
const (
	fgStartText = "<start_function_call>"
	fgEndText   = "<end_function_call>"
	fgQuoteText = "<escape>"
	fgTurnEnd   = "<end_of_turn>"
	fgRespStart = "<start_function_response>"
)

// The format's markers, keyed by these tokens.
const (
	toolCall block.Token = iota
	toolCallEnd
	fgCall
	fgCallEnd
	turnEndTok
	respStartTok
	fgTurnEndTok
	fgRespStartTok
)

// The kinds of block: Gemma 4's and FunctionGemma's.
const (
	kGemma = iota
	kFunction
)

var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		toolCall:       {Text: startText, Role: block.Opens, Kind: kGemma},
		toolCallEnd:    {Text: endText}, // an orphan (a repeated end marker): dropped
		fgCall:         {Text: fgStartText, Role: block.Opens, Kind: kFunction},
		fgCallEnd:      {Text: fgEndText}, // an orphan: dropped
		turnEndTok:     {Text: turnEnd, EndsTurn: true},
		respStartTok:   {Text: respStart, EndsTurn: true},
		fgTurnEndTok:   {Text: fgTurnEnd, EndsTurn: true},
		fgRespStartTok: {Text: fgRespStart, EndsTurn: true},
	},
	// Inside a string (between its quote tokens) no marker counts but the
	// closing quote: a <tool_call|> there is data. A start marker outside
	// a string ends a block whose end marker is missing, and opens the next.
	Kinds: []block.Kind{
		kGemma: {End: toolCallEnd, Yields: []block.Token{toolCall, fgCall}, Scan: block.ScanTagged,
			Value: [2]string{quoteText, quoteText}, Read: readGemma, Follow: followGemma},
		kFunction: {End: fgCallEnd, Yields: []block.Token{toolCall, fgCall}, Scan: block.ScanTagged,
			Value: [2]string{fgQuoteText, fgQuoteText}, Read: readFunctionGemma, Follow: followFunctionGemma},
	},
}

// Format is the Gemma 4 / FunctionGemma format.
//
// It implements toolcall.Reasoner: Gemma 4's thought channel.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("gemma4"), methods, constraints,
	&toolcall.Reasoning{Open: thinkOpen, Close: thinkClose})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   prompt.Reply{Open: thinkOpen, Close: thinkClose, End: turnEnd, Render: RenderCalls}.Write,
		Aliases: []string{"functiongemma"},
		Profiles: []toolcall.Profile{
			{Name: ProfileGemma4, Models: []string{"gemma4"}},
			{Name: ProfileFunctionGemma, Models: []string{"functiongemma"}},
		},
		EndOfTurn: []string{turnEnd, respStart, fgTurnEnd, fgRespStart},
	})
}
