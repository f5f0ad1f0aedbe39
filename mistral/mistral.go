package mistral

import (
	"errors"
	"github.com/toolparse/toolparse/internal/prompt"
	"math/rand/v2"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// The control tokens.
const (
	toolCallsText = "[TOOL_CALLS]"
	argsText      = "[ARGS]"
	callIDText    = "[CALL_ID]"
	eosText       = "</s>"
)

// The format's markers, keyed by these tokens.
const (
	toolCalls block.Token = iota
	eos
)

const kCalls = 0 // the one kind of block: [TOOL_CALLS] and what follows, to its JSON's end

var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		toolCalls: {Text: toolCallsText, Role: block.Opens, Kind: kCalls},
		eos:       {Text: eosText, EndsTurn: true},
	},
	Kinds: []block.Kind{kCalls: {End: block.NoToken, Scan: block.ScanValue, Read: readCalls, Follow: block.FollowArgs(head)}},
}

// Format is the Mistral format.
//
// It implements toolcall.Reasoner.
var Format toolcall.Format = format{formatdef.NewReasoned(table.Named("mistral"), methods, constraints,
	&toolcall.Reasoning{Open: "[THINK]", Close: "[/THINK]"})}

type format struct{ formatdef.Reasoned }

// NewCallID is the ID the stream gives a call the text gave none (the
// stream asks a format that has this method): 9 letters and digits.
func (format) NewCallID(toolcall.Call) string { return NewID() }

const idAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// NewID returns a random call ID as mistral-common wants one: 9 letters
// and digits.
func NewID() string {
	var b [9]byte
	x := rand.Uint64() // one number for nine characters: 62^9 < 2^64
	for i := range b {
		b[i] = idAlphabet[x%uint64(len(idAlphabet))]
		x /= uint64(len(idAlphabet))
	}
	return string(b[:])
}

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     prompt.Reply{Sep: "", End: "</s>", Render: RenderCalls}.Write,
		Aliases:   []string{"mistral_v11", "mistral_v13", "ministral", "devstral", "magistral"},
		Profiles:  profiles,
		EndOfTurn: []string{"</s>"},
	})
}

var errNoCall = errors.New("no call after [TOOL_CALLS]")

// readCalls reads what follows [TOOL_CALLS]: an array of call objects, or
// NAME([CALL_ID]ID)?[ARGS] and an object.
func readCalls(m *block.Machine, body string) ([]block.Item, error) {
	trimmed := strings.TrimSpace(body)
	if trimmed == "" {
		return nil, errNoCall
	}
	lo := jsonvalue.SkipSpace(body, 0)
	if trimmed[0] == '[' {
		if next := strings.TrimLeft(trimmed[1:], jsonvalue.Spaces); !strings.HasPrefix(next, "{") && !strings.HasPrefix(next, "[") && !strings.HasPrefix(next, "(") {
			return nil, errNoCall // not an array of objects, or of name and arguments pairs
		}
		return readArray(m, trimmed, lo)
	}
	open := strings.IndexByte(body, '{')
	if open < 0 {
		return nil, errNoCall
	}
	name, id, ok := head(body[:open])
	if !ok {
		return nil, &toolcall.SyntaxError{Offset: lo, Msg: "not a function name before the arguments"}
	}
	raw, err := m.ReadValue(body, open)
	args := ""
	if err == nil {
		args, err = jsoncall.Arguments(raw, m.Parser())
	}
	if err != nil {
		return nil, &toolcall.SyntaxError{Offset: open, Msg: "the arguments of " + name + " do not parse: " + err.Error()}
	}
	return m.OneCall(toolcall.Call{ID: id, Name: name, Arguments: args}, lo), nil
}

// head reads what comes before a call's arguments: NAME, then [CALL_ID]
// and an ID (v11), then [ARGS].
func head(text string) (name, id string, ok bool) {
	name = strings.TrimSuffix(strings.TrimSpace(text), argsText)
	if k := strings.Index(name, callIDText); k >= 0 {
		name, id = name[:k], strings.TrimSpace(name[k+len(callIDText):])
	}
	name = strings.TrimSpace(name)
	return name, id, textargs.ValidName(name) && strings.IndexByte(name, '[') < 0 && strings.IndexByte(name, ']') < 0
}

// readArray reads the pre-v11 array of call objects, with their IDs.
func readArray(m *block.Machine, text string, lo int) ([]block.Item, error) {
	calls, err := jsoncall.Parse(text, m.Parser(), m.Requested)
	if err != nil {
		return nil, &toolcall.SyntaxError{Offset: lo, Msg: "not an array of calls: " + err.Error()}
	}
	if v, err := jsonvalue.Decode(text); err == nil && v.Kind == jsonvalue.Array && len(v.Items) == len(calls) {
		for i := range v.Items {
			if id := v.Items[i].Get("id"); id != nil && id.Kind == jsonvalue.String && id.Str != "null" {
				calls[i].ID = id.Str
			}
		}
	}
	items := make([]block.Item, len(calls))
	for i := range calls {
		items[i] = block.Item{Call: &calls[i], Offset: lo}
	}
	return items, nil
}
