package kimik3

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The channels' markers. Each is one or more of the model's special
// tokens: <|open|>, <|close|> and <|sep|> around a channel's name.
const (
	thinkOpenText     = "<|open|>think<|sep|>"
	thinkCloseText    = "<|close|>think<|sep|>"
	responseOpenText  = "<|open|>response<|sep|>"
	responseCloseText = "<|close|>response<|sep|>"
	toolsOpenText     = "<|open|>tools<|sep|>"
	toolsCloseText    = "<|close|>tools<|sep|>"
	callOpenText      = "<|open|>call"
	callCloseText     = "<|close|>call<|sep|>"
	argOpenText       = "<|open|>argument"
	argCloseText      = "<|close|>argument<|sep|>"
	jsonOpenText      = "<|open|>json"
	jsonCloseText     = "<|close|>json<|sep|>"
	messageCloseText  = "<|close|>message<|sep|>"
	endOfMsgText      = "<|end_of_msg|>"
	sepText           = "<|sep|>"
)

// The format's markers, keyed by these tokens.
const (
	callOpen block.Token = iota
	callClose
	toolsOpen
	toolsClose
	responseOpen
	responseClose
	thinkClose
	messageClose
	endOfMsg
	argClose
	jsonClose
)

const kCall = 0 // the one kind of block: a call channel

var table = block.Format{
	TurnEnds: true, // <|end_of_msg|> ends the response
	Hooks:    func() block.Hooks { return new(messageEnd) },
	Markers: []block.Marker{
		callOpen:      {Text: callOpenText, Role: block.Opens, Kind: kCall},
		callClose:     {Text: callCloseText}, // an orphan: dropped
		toolsOpen:     {Text: toolsOpenText},
		toolsClose:    {Text: toolsCloseText},
		responseOpen:  {Text: responseOpenText},
		responseClose: {Text: responseCloseText},
		thinkClose:    {Text: thinkCloseText}, // reasoning the stream was not told of
		// <|close|>message<|sep|> closes the message; <|end_of_msg|>
		// follows it, which the hooks read (messageEnd).
		messageClose: {Text: messageCloseText, Restarts: true},
		endOfMsg:     {Text: endOfMsgText, EndsTurn: true},
		argClose:     {Text: argCloseText}, // orphans: dropped
		jsonClose:    {Text: jsonCloseText},
	},
	// A call ends at its <|close|>call<|sep|>; a value in it only at its
	// <|close|>argument<|sep|>, and only where the next argument, the
	// call's end or the message's end follows that (else it is text in
	// the value: readCall says which exactly). A call whose end is missing
	// ends where the next call or the end of the tools channel begins, and
	// is then no call (readCall).
	Kinds: []block.Kind{kCall: {
		End:       callClose,
		Yields:    []block.Token{callOpen, toolsClose},
		Scan:      block.ScanTagged,
		Value:     [2]string{argOpenText, argCloseText},
		ValueNext: []string{messageCloseText},
		CutOff:    "the response ends inside a call, before its <|close|>call<|sep|>: it is cut off, so it is no call",
		Read:      readCall,
		Follow:    follow,
	}},
}

// Format is the Kimi K3 format.
//
// It implements toolcall.Reasoner: the think channel. Its template
// opens it at the end of the prompt; the response channel, the tools
// channel or a call opened while it is open end it too.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("kimi_k3"), methods, constraints,
	&toolcall.Reasoning{
		Open:           thinkOpenText,
		Close:          thinkCloseText,
		EndedBy:        []string{responseOpenText, responseCloseText, toolsOpenText, callOpenText},
		OpenedByPrompt: true,
	})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     Reply,
		Aliases:   []string{"kimi3", "kimik3"},
		Profiles:  []toolcall.Profile{{Name: ProfileK3, Models: []string{"kimi k3"}, OpensReasoning: true}},
		EndOfTurn: []string{endOfMsgText, messageCloseText},
	})
}

// Reply writes a whole reply as Kimi K3 writes one after its prompt,
// which opened the think channel: the reasoning and the channel's close,
// the response channel holding content, the tools channel holding calls
// (when there are any), the message's close and <|end_of_msg|>.
func Reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	return prompt.Reply{Open: thinkOpenText, Close: thinkCloseText, Opened: true, End: messageCloseText + endOfMsgText, Render: RenderCalls}.
		Write(reasoning, responseOpenText+content+responseCloseText, calls)
}
