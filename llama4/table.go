package llama4

import (
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	pythonStart = "<|python_start|>"
	pythonEnd   = "<|python_end|>"
	functionTag = "<function="
	functionEnd = "</function>"
	header      = "<|header_start|>assistant<|header_end|>"
)

// The format's markers, keyed by these tokens.
const (
	eot block.Token = iota
	eom
	endOfText
	eotID
	eomID
	headerTok
	pythonEndTok
	functionEndTok
	pythonStartTok
	functionTagTok
)

// The kinds of block.
const (
	kBlock = iota // <|python_start|> ... <|python_end|>
	kFunc         // <function=NAME>{...}</function>
)

// maxName bounds a function tag's name, and a name held at the end of a
// delta.
const maxName = 256

// markers returns the format's marker table; inside a python block,
// another <|python_start|> is dropped (blocks do not nest).
func markers(explicit bool) []block.Marker {
	start := block.Marker{Text: pythonStart, Role: block.Opens, Kind: kBlock}
	if explicit {
		start = block.Marker{Text: pythonStart}
	}
	return []block.Marker{
		eot:            {Text: "<|eot|>", EndsTurn: true},
		eom:            {Text: "<|eom|>", EndsTurn: true},
		endOfText:      {Text: "<|end_of_text|>", EndsTurn: true},
		eotID:          {Text: "<|eot_id|>", EndsTurn: true}, // Llama 3.x's, for the models on it
		eomID:          {Text: "<|eom_id|>", EndsTurn: true},
		headerTok:      {Text: header},      // consumed
		pythonEndTok:   {Text: pythonEnd},   // an orphan: dropped
		functionEndTok: {Text: functionEnd}, // an orphan: dropped
		pythonStartTok: start,
		functionTagTok: {Text: functionTag, Role: block.Opens, Kind: kFunc},
	}
}

var kinds = []block.Kind{
	kBlock: {End: pythonEndTok, Scan: block.ScanCode, Read: readBlock, Follow: block.FollowDecode},
	kFunc:  {End: functionEndTok, Scan: block.ScanValue, Head: funcHeadByte, MaxHead: maxName, Read: readFunc, Follow: followFunc},
}

// table is Llama 4's format; explicitTable reads the inside of a python
// block, where every well-formed call counts (set in init: readBlock
// reads with it).
var (
	table = block.Format{
		TurnEnds: true, // an end-of-turn token ends the response
		Markers:  markers(false), Kinds: kinds, Triggers: "[{(", Tail: true,
		Hooks: func() block.Hooks { return &heads{tailFrom: -1} },
	}
	explicitTable block.Format
	preciseTable  block.Format
)

func init() {
	preciseTable = block.Format{
		TurnEnds: true,
		Markers:  markers(false), Kinds: kinds, Triggers: "[{(", Tail: true,
		Hooks: func() block.Hooks { return &heads{precise: true, tailFrom: -1} },
	}
	explicitTable = block.Format{
		TurnEnds: true,
		Markers:  markers(true), Kinds: kinds, Triggers: "[{(", Tail: true,
		Hooks: func() block.Hooks { return &heads{explicit: true, tailFrom: -1} },
	}
}

// funcHeadByte says which bytes may stand between <function= and the
// arguments' '{': the name, its '>' and whitespace.
func funcHeadByte(c byte) bool {
	return pythonic.IsNameByte(c) || c >= 0x80 || c == '>' || jsonvalue.IsSpace(c)
}

// readFunc reads a function tag's body: NAME>, then its JSON arguments or
// nothing.
func readFunc(m *block.Machine, body string) ([]block.Item, error) {
	name, gt, ok := funcName(body)
	if !ok {
		return nil, &toolcall.SyntaxError{Msg: "not a function tag"}
	}
	args := "{}"
	rest := strings.TrimSpace(body[gt+1:])
	if rest == "" && m.CutOff() {
		return nil, block.ErrCutOff
	}
	if rest != "" {
		if rest[0] != '{' {
			return nil, &toolcall.SyntaxError{Offset: gt + 1, Msg: "a function tag holds no JSON object"}
		}
		raw, err := m.ReadValue(body, gt+1)
		if err == nil {
			args, err = jsoncall.Arguments(raw, m.Parser())
		}
		if err != nil {
			return nil, &toolcall.SyntaxError{Offset: gt + 1, Msg: "the arguments of a function tag do not parse: " + err.Error()}
		}
	}
	return m.OneCall(toolcall.Call{Name: name, Arguments: args}, 0), nil
}

// funcName reads the NAME> a function tag's body starts with.
func funcName(body string) (name string, gt int, ok bool) {
	gt = strings.IndexByte(body, '>')
	if gt <= 0 || strings.IndexFunc(body[:gt], func(r rune) bool { return r < 0x80 && !pythonic.IsNameByte(byte(r)) }) >= 0 {
		return "", 0, false
	}
	return body[:gt], gt, true
}

// followFunc follows a function tag's call while it arrives: its header is
// NAME> and blanks.
var followFunc = block.FollowArgs(func(h string) (name, id string, ok bool) {
	name, gt, ok := funcName(h)
	return name, "", ok && strings.TrimSpace(h[gt+1:]) == ""
})

// readBlock reads the inside of a python block: calls in any of the forms
// (each well-formed one counts); else, when the request offers
// code_interpreter, a call to it with the inside as code; else the inside
// as content, without the markers.
func readBlock(m *block.Machine, body string) ([]block.Item, error) {
	start := m.BodyStart()
	sub := block.NewDecoder(&explicitTable, m.Req).(*block.Machine)
	sub.Configure(protocol.Config{Limits: m.Limits})
	sub.SetOffset(start)
	evs := sub.Close(sub.Feed(nil, body))
	calls, prose := 0, false
	for _, e := range evs {
		if e.Call != nil {
			calls++
		} else if strings.TrimSpace(e.Content) != "" {
			prose = true
		}
	}
	trimmed := strings.TrimSpace(body)
	if (calls == 0 || prose) && block.LooksLikeOneCall(trimmed) {
		// One call that did not parse cleanly: its last string may hold
		// quotes of its own kind.
		if c, err := m.Parser().ParseCallReread(trimmed); err == nil {
			return []block.Item{{Call: &c}}, nil
		}
	}
	if calls > 0 {
		m.Adopt(sub.Diagnostics())
		var items []block.Item
		n := 0
		for _, e := range evs {
			if e.Call != nil {
				items = append(items, block.Item{Call: e.Call, Offset: sub.CallOffset(n) - start})
				n++
			} else {
				items = append(items, block.Item{Content: e.Content})
			}
		}
		return items, nil
	}
	if m.Req.Match("code_interpreter") >= 0 && trimmed != "" {
		args := jsonvalue.AppendString([]byte(`{"code":`), trimmed)
		c := toolcall.Call{Name: "code_interpreter", Arguments: string(append(args, '}'))}
		return []block.Item{{Call: &c}}, nil
	}
	if trimmed == "" {
		return nil, nil
	}
	return []block.Item{{Content: body, Err: &toolcall.SyntaxError{Msg: "a python block holds no call"}}}, nil
}
