package cohere

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers the model writes.
const (
	actionText        = "<|START_ACTION|>"
	actionEndText     = "<|END_ACTION|>"
	thinkingText      = "<|START_THINKING|>"
	thinkingEndText   = "<|END_THINKING|>"
	responseText      = "<|START_RESPONSE|>"
	responseEndText   = "<|END_RESPONSE|>"
	textText          = "<|START_TEXT|>"
	textEndText       = "<|END_TEXT|>"
	endOfTurnText     = "<|END_OF_TURN_TOKEN|>"
	startOfTurnText   = "<|START_OF_TURN_TOKEN|>"
	bosText           = "<BOS_TOKEN>"
	systemTokenText   = "<|SYSTEM_TOKEN|>"
	userTokenText     = "<|USER_TOKEN|>"
	chatbotTokenText  = "<|CHATBOT_TOKEN|>"
	toolResultText    = "<|START_TOOL_RESULT|>"
	toolResultEndText = "<|END_TOOL_RESULT|>"
)

// The format's markers, keyed by these tokens.
const (
	action block.Token = iota
	actionEnd
	endOfTurn
	response
	responseEnd
	text
	textEnd
	thinkingEnd
)

// table reads a JSON array of calls between <|START_ACTION|> and
// <|END_ACTION|> with the shared reader, in Cohere's spelling; the prose
// markers are dropped, so that what stands between them is content.
var table = block.Format{
	Markers: []block.Marker{
		action:      {Text: actionText, Role: block.Opens},
		actionEnd:   {Text: actionEndText}, // an orphan: dropped
		endOfTurn:   {Text: endOfTurnText, EndsTurn: true},
		response:    {Text: responseText},
		responseEnd: {Text: responseEndText},
		text:        {Text: textText},
		textEnd:     {Text: textEndText},
		thinkingEnd: {Text: thinkingEndText}, // after a prompt that closed the reasoning
	},
	Kinds: []block.Kind{block.JSONArray(actionEnd, keys)},
	// What follows <|END_OF_TURN_TOKEN|> is the next turn the server did
	// not stop before: not the response's.
	TurnEnds: true,
}

// keys are the members of Cohere's call objects: tool_call_id, tool_name
// and parameters (block.CallKeys, which also reads them spelled name,
// arguments and id).
var keys = block.CallKeys

// Format is Cohere Command's format (Command R7B, Command A).
//
// It implements toolcall.Reasoner: <|START_THINKING|> ...
// <|END_THINKING|>, which an action or a response also ends.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("cohere"), methods, constraints,
	&toolcall.Reasoning{Open: thinkingText, Close: thinkingEndText, EndedBy: []string{actionText, responseText, textText}})

// Reply writes a whole reply as Command R7B writes one: the reasoning
// between <|START_THINKING|> and <|END_THINKING|>, the text between
// <|START_RESPONSE|> and <|END_RESPONSE|>, the calls as RenderCalls writes
// them, then <|END_OF_TURN_TOKEN|>. Each part is left out when empty.
func Reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	if content != "" {
		content = responseText + content + responseEndText
	}
	return prompt.Reply{Open: thinkingText, Close: thinkingEndText, End: endOfTurnText, Render: RenderCalls}.Write(reasoning, content, calls)
}

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   Reply,
		Aliases: []string{"command_r7b", "command_a"},
		// Command A and A Reasoning write the same calls; their prompts
		// are read as R7B's (see the package doc).
		Profiles: []toolcall.Profile{{Name: ProfileR7B, Models: []string{"command r7b", "command-a", "c4ai command !command-r-v01 !command-r-plus !command-r-08"},
			Template: []string{actionText, thinkingText, "tool_call_id", chatbotTokenText}}},
		EndOfTurn: []string{endOfTurnText},
	})
}
