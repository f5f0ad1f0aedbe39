package granite

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	startText    = "<|tool_call|>"
	startTagText = "<tool_call>" // Granite 3.1 may spell the marker as text
	tagEndText   = "</tool_call>"
	eotText      = "<|end_of_text|>" // the end of a turn
	thinkOpen    = "<think>"
	thinkClose   = "</think>"
	respOpen     = "<response>"
	respClose    = "</response>"
)

// The format's markers, keyed by these tokens.
const (
	toolCall block.Token = iota
	toolCallTag
	toolCallTagEnd
	response
	responseEnd
	endOfTurn
)

const kCalls = 0 // the one kind of block: a JSON array of calls

// table reads the JSON array after <|tool_call|> (or <tool_call>) with
// the shared reader, up to the array's own close: the marker has no end
// of its own. The answer's <response> tags are dropped, so that what
// stands between them is content.
var table = block.Format{
	Markers: []block.Marker{
		toolCall:       {Text: startText, Role: block.Opens, Kind: kCalls},
		toolCallTag:    {Text: startTagText, Role: block.Opens, Kind: kCalls},
		toolCallTagEnd: {Text: tagEndText}, // an orphan: dropped
		response:       {Text: respOpen},
		responseEnd:    {Text: respClose},
		endOfTurn:      {Text: eotText, EndsTurn: true},
	},
	Kinds:    []block.Kind{kCalls: block.JSONArray(block.NoToken, block.CallKeys)},
	TurnEnds: true, // an end-of-turn token ends the response
}

// Format is the Granite 3.x format.
//
// It implements toolcall.Reasoner: with thinking on the model
// writes <think>...</think> itself (the prompt never opens it), and a
// <|tool_call|> before </think> ends the reasoning.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("granite"), methods, constraints,
	&toolcall.Reasoning{Open: thinkOpen, Close: thinkClose, EndedBy: []string{startText}})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   Reply,
		Aliases: []string{"granite3"},
		// Granite 3.0 to 3.3; Granite 4 writes <tool_call> blocks (hermes),
		// its guardian and code models no calls.
		Profiles: []toolcall.Profile{{Name: ProfileGranite33, Models: []string{"granite3 !guardian !code !vision !embedding !speech"},
			Template: []string{startText, "<|start_of_role|>", "<|end_of_role|>", eotText}}},
		EndOfTurn: []string{eotText},
	})
}

// RenderCalls writes calls as Granite 3.x writes them: <|tool_call|>[,
// per call {"name": "NAME", "arguments": ARGS} with the spaces Jinja's
// tojson writes, calls separated by ", ", then ] (the array's close ends
// the calls: there is no end marker). No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) { return array.Render(calls) }

// array is how Granite writes calls.
var array = prompt.JSONArray{Format: "granite", Open: startText, Begin: prompt.NameArgumentsBegin}

// Reply writes a whole reply as Granite 3.3 writes one: the reasoning
// between <think> and </think>, then the text, between <response> and
// </response> after reasoning; the calls as RenderCalls writes them;
// then <|end_of_text|>. Each part is left out when empty.
func Reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	if reasoning != "" && content != "" {
		content = respOpen + content + respClose
	}
	return prompt.Reply{Open: thinkOpen, Close: thinkClose, End: eotText, Render: RenderCalls}.Write(reasoning, content, calls)
}
