package solaropen

import (
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	callsText     = "<|tool_calls|>"      // the calls' section opens
	callsEndText  = "<|calls|>"           // and closes, ending the turn
	callText      = "<|tool_call:begin|>" // a call opens, with its ID
	nameText      = "<|tool_call:name|>"  // the call's name follows
	argsText      = "<|tool_call:args|>"  // its JSON arguments follow
	callEndText   = "<|tool_call:end|>"   // the call closes
	beginText     = "<|begin|>"           // a message opens, with its role
	contentText   = "<|content|>"         // a message's text follows
	endText       = "<|end|>"             // a message closes
	thinkText     = "<|think|>"           // reasoning follows
	flushText     = "<|flush|>"
	assistantText = beginText + "assistant"
)

// The format's markers, keyed by these tokens.
const (
	call block.Token = iota
	callEnd
	calls
	callsEnd
	assistant
	content
	end
	flush
	user
	tool
	system
)

// table reads each call between <|tool_call:begin|> and
// <|tool_call:end|>; the markers that frame the assistant's messages are
// dropped, <|calls|> ends the turn, and a message of another role begins
// the next one.
var table = block.Format{
	TurnEnds: true,
	Markers: []block.Marker{
		call:      {Text: callText, Role: block.Opens},
		callEnd:   {Text: callEndText}, // an orphan: dropped
		calls:     {Text: callsText},
		callsEnd:  {Text: callsEndText, EndsTurn: true},
		assistant: {Text: assistantText},
		content:   {Text: contentText},
		end:       {Text: endText},
		flush:     {Text: flushText},
		user:      {Text: beginText + "user", EndsTurn: true},
		tool:      {Text: beginText + "tool", EndsTurn: true},
		system:    {Text: beginText + "system", EndsTurn: true},
	},
	// A call ends at its end marker wherever it stands (a special token,
	// which a JSON string does not hold), or, when that is missing, where
	// the next call begins.
	Kinds: []block.Kind{{End: callEnd, Yields: []block.Token{call}, Scan: block.ScanPlain, Read: readCall, Follow: followCall}},
}

// Format is Solar Open's format.
//
// It implements toolcall.Reasoner: <|think|> ... <|end|>, which
// the text's or the calls' marker also ends.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("solar_open"), methods, constraints,
	&toolcall.Reasoning{Open: thinkText, Close: endText, EndedBy: []string{contentText, callsText, callText}})

// header reads a call's header, ID<|tool_call:name|>NAME<|tool_call:args|>,
// and where its arguments start; ok is false when it is no header.
func header(h string) (id, name string, args int, ok bool) {
	i := strings.Index(h, nameText)
	if i < 0 {
		return "", "", 0, false
	}
	j := strings.Index(h[i+len(nameText):], argsText)
	if j < 0 {
		return "", "", 0, false
	}
	id = strings.TrimSpace(h[:i])
	name = strings.TrimSpace(h[i+len(nameText) : i+len(nameText)+j])
	if name == "" || strings.Contains(name, "<|") || strings.Contains(id, "<|") {
		return "", "", 0, false
	}
	return id, name, i + len(nameText) + j + len(argsText), true
}

// followCall follows a call while it arrives, once its header is read.
var followCall = block.FollowArgs(func(h string) (name, id string, ok bool) {
	id, name, args, ok := header(h)
	return name, id, ok && strings.TrimSpace(h[args:]) == ""
})

// readCall reads ID<|tool_call:name|>NAME<|tool_call:args|>{...} after
// <|tool_call:begin|>.
func readCall(m *block.Machine, body string) ([]block.Item, error) {
	id, name, at, ok := header(body)
	if !ok {
		return nil, &toolcall.SyntaxError{Msg: "a call's header is not ID" + nameText + "NAME" + argsText}
	}
	args := "{}"
	switch {
	case strings.TrimSpace(body[at:]) == "" && m.CutOff():
		return nil, block.ErrCutOff // the end came before the arguments
	case strings.TrimSpace(body[at:]) != "":
		var err error
		if args, err = jsoncall.ValueArguments(body[at:], m.Parser()); err != nil {
			return nil, &toolcall.SyntaxError{Offset: at, Msg: "the arguments of " + name + ": " + err.Error()}
		}
	}
	return m.OneCall(toolcall.Call{ID: id, Name: name, Arguments: args}, 0), nil
}

// Reply writes a whole reply as Solar Open writes one after its prompt:
// the reasoning between <|think|> and <|end|>, then <|begin|>assistant;
// the content between <|content|> and <|end|>, then, when calls follow,
// <|begin|>assistant; the calls as RenderCalls writes them, which end the
// turn. Each part is left out when empty.
func Reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	if content != "" {
		content = contentText + content + endText
		if len(calls) > 0 {
			content += assistantText
		}
	}
	return prompt.Reply{Open: thinkText, Close: endText + assistantText, Render: RenderCalls}.Write(reasoning, content, calls)
}

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   Reply,
		Aliases: []string{"solar"},
		Profiles: []toolcall.Profile{
			{Name: ProfileSolarOpen, Models: []string{"solar-open !solar-open2"},
				Template: []string{callText, nameText, argsText, callsEndText, assistantText}},
		},
		EndOfTurn: []string{callsEndText, beginText + "user"},
	})
}
