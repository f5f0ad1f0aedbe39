package deepseek

import (
	"github.com/toolparse/toolparse/internal/prompt"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	callsBeginText = "<｜tool▁calls▁begin｜>"
	callsEndText   = "<｜tool▁calls▁end｜>"
	callBeginText  = "<｜tool▁call▁begin｜>"
	callEndText    = "<｜tool▁call▁end｜>"
	sepText        = "<｜tool▁sep｜>"
	eosText        = "<｜end▁of▁sentence｜>"
)

// The format's markers, keyed by these tokens.
const (
	callsBegin block.Token = iota
	callBegin
	callsEnd
	callEnd
	eos
)

// The kinds of block.
const (
	kSection = iota // <｜tool▁calls▁begin｜> ... <｜tool▁calls▁end｜>
	kCall           // a call with no section around it
)

var table = block.Format{
	Markers: []block.Marker{
		callsBegin: {Text: callsBeginText, Role: block.Opens, Kind: kSection},
		callBegin:  {Text: callBeginText, Role: block.Opens, Kind: kCall},
		callsEnd:   {Text: callsEndText}, // orphans: dropped
		callEnd:    {Text: callEndText},
		eos:        {Text: eosText, EndsTurn: true},
	},
	Kinds: []block.Kind{
		kSection: {End: callsEnd, Scan: block.ScanPlain, Read: readSection, Follow: follow},
		kCall:    {End: callEnd, Yields: []block.Token{callBegin, callsBegin}, Scan: block.ScanPlain, Read: readCall, Follow: follow},
	},
	TurnEnds: true, // an end-of-turn token ends the response
}

// Format is the DeepSeek V3 / R1 / V3.1 format.
//
// It implements toolcall.Reasoner.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("deepseek"), methods, constraints,
	&toolcall.Reasoning{Open: "<think>", Close: "</think>", EndedBy: []string{callsBeginText, callBeginText}, OpenedByPrompt: true})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   prompt.Reply{Sep: "", End: "<｜end▁of▁sentence｜>", Render: RenderCalls}.Write,
		Aliases: []string{"deepseek_v3", "deepseek_r1", "deepseek_v31"},
		Profiles: []toolcall.Profile{
			{Name: ProfileV31, Models: []string{"deepseek !v3.2 !v4", "deepseek v3.2 exp", "cogito"},
				Template: []string{"<｜tool▁calls▁begin｜>", "<｜tool▁sep｜>", "!```json", "!DSML"}},
			{Name: ProfileR1, Models: []string{"deepseek r1", "deepseek v3 !v3.1 !v3.2"}, OpensReasoning: true,
				Template: []string{"<｜tool▁calls▁begin｜>", "<｜tool▁sep｜>", "```json", "!DSML"}},
		},
		EndOfTurn: []string{"<｜end▁of▁sentence｜>"},
	})
}

var readSection, readCall = block.Sections(callBeginText, callEndText, readOne)

// follow follows the first call of a section, or a call, while it
// arrives: its header is the text before the arguments' '{'.
var follow = block.FollowArgs(func(h string) (name, id string, ok bool) {
	h = strings.TrimPrefix(strings.TrimLeft(h, jsonvalue.Spaces), callBeginText)
	name, args, err := split(h, 0)
	return name, "", err == nil && strings.TrimSpace(args) == ""
})

// split cuts one call's text into its name and its arguments' text: NAME
// <｜tool▁sep｜> JSON (V3.1), or TYPE <｜tool▁sep｜> NAME and the JSON in a
// fence (V3, R1).
func split(text string, off int) (name, args string, err error) {
	sep := strings.Index(text, sepText)
	if sep < 0 {
		return "", "", &toolcall.SyntaxError{Offset: off, Msg: "a call without <｜tool▁sep｜>"}
	}
	name, args = strings.TrimSpace(text[:sep]), text[sep+len(sepText):]
	if nl := strings.IndexByte(args, '\n'); nl >= 0 && strings.HasPrefix(strings.TrimLeft(args[nl:], "\n"), "```") {
		// V3/R1: the type, then NAME on its line and the JSON in a fence.
		name = strings.TrimSpace(args[:nl])
		args = strings.TrimLeft(args[nl:], "\n")
		args = strings.TrimPrefix(strings.TrimPrefix(args, "```json"), "```")
		// The closing fence, or what the response's end left of it (JSON
		// never ends with a backtick).
		args = strings.TrimRight(strings.TrimSpace(args), "`")
	}
	if name == "" || strings.ContainsAny(name, " \t\r\n<>{}") {
		return "", "", &toolcall.SyntaxError{Offset: off, Msg: "not a function name"}
	}
	return name, args, nil
}

// readOne reads one call's text, between its markers, at offset off.
func readOne(m *block.Machine, text string, off int) (toolcall.Call, error) {
	name, args, err := split(text, off)
	if err != nil {
		return toolcall.Call{}, err
	}
	sep := strings.Index(text, sepText)
	out := "{}"
	if args = strings.TrimSpace(args); args == "" && m.CutOff() {
		return toolcall.Call{}, block.ErrCutOff
	}
	if args != "" {
		var err error
		if out, err = jsoncall.ValueArguments(args, m.Parser()); err != nil {
			return toolcall.Call{}, &toolcall.SyntaxError{Offset: off + sep, Msg: "the arguments of " + name + " do not parse: " + err.Error()}
		}
	}
	return toolcall.Call{Name: name, Arguments: out}, nil
}
