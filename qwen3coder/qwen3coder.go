package qwen3coder

import (
	"errors"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is the Qwen3-Coder XML format.
var Format toolcall.Format = format{}

// The tags of the format.
const (
	toolCallText    = "<tool_call>"
	toolCallEndText = "</tool_call>"
	functionText    = "<function="
	functionEndText = "</function>"
	parameterText   = "<parameter="
	parameterEnd    = "</parameter>"
)

// The format's markers, keyed by these tokens.
const (
	toolCall block.Token = iota
	function
	toolCallEnd
	functionEnd
	imEnd
	endOfText
)

// value is how a block's values are tagged: inside one, no marker counts
// but its end.
var value = [2]string{parameterText, parameterEnd}

// valueEnds end a value whose </parameter> is missing.
var valueEnds = []string{functionEndText}

// The kinds of block.
const (
	kCall = iota // <tool_call> ... </tool_call>
	kFunc        // <function=NAME> ... </function>, with no <tool_call> around it
)

var table = block.Format{
	Markers: []block.Marker{
		toolCall:    {Text: toolCallText, Role: block.Opens, Kind: kCall},
		function:    {Text: functionText, Role: block.Opens, Kind: kFunc},
		toolCallEnd: {Text: toolCallEndText}, // an orphan: dropped
		functionEnd: {Text: functionEndText}, // an orphan: dropped
		imEnd:       {Text: "<|im_end|>", EndsTurn: true},
		endOfText:   {Text: "<|endoftext|>", EndsTurn: true},
	},
	Kinds: []block.Kind{
		kCall: {End: toolCallEnd, Yields: []block.Token{toolCall}, Scan: block.ScanTagged, Value: value, ValueEnds: valueEnds, Read: readCall, Follow: followCall},
		kFunc: {End: functionEnd, Yields: []block.Token{toolCall, function}, Scan: block.ScanTagged, Value: value, ValueEnds: valueEnds, Read: readFunc, Follow: followFunc},
	},
}

type format struct{}

// Reasoning implements toolcall.Reasoner.
func (format) Reasoning() toolcall.Reasoning {
	return toolcall.Reasoning{Open: "<think>", Close: "</think>", EndedBy: []string{toolCallText, functionText}}
}

func (format) Name() string { return "qwen3_coder" }

func (format) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	return block.NewDecoder(&table, req)
}

func init() { toolcall.Register(Format, "qwen3_xml", "qwen3_5") }

// errNoFunction says a block holds no <function=NAME>.
var errNoFunction = errors.New("the block holds no <function=NAME>")

// readCall reads the body of a <tool_call> block: one or more functions.
func readCall(m *block.Machine, body string) ([]block.Item, error) {
	r := reader{m: m, body: body}
	i := jsonvalue.SkipSpace(body, 0)
	if i == len(body) {
		return nil, nil
	}
	for i < len(body) {
		if !strings.HasPrefix(body[i:], functionText) {
			if len(r.items) == 0 {
				return nil, errNoFunction
			}
			r.items = append(r.items, block.Item{Content: body[i:], Offset: i, Err: &pythonic.SyntaxError{Offset: i, Msg: "text after a function in a <tool_call> block"}})
			break
		}
		next, err := r.function(i, i+len(functionText))
		if err != nil {
			return nil, err
		}
		i = jsonvalue.SkipSpace(body, next)
	}
	return r.items, nil
}

// readFunc reads the body of <function=NAME> ... </function> written
// without <tool_call>: NAME> and the parameters.
func readFunc(m *block.Machine, body string) ([]block.Item, error) {
	r := reader{m: m, body: body}
	if _, err := r.function(0, 0); err != nil {
		return nil, err
	}
	return r.items, nil
}

// reader reads functions from a block's body.
type reader struct {
	m     *block.Machine
	body  string
	items []block.Item
	// The next structural </parameter> at or after endFrom is at endAt
	// (-1: none), so that values without one do not rescan the body.
	endFrom, endAt int
	endKnown       bool
}

// function reads the function whose text starts at body[start] and whose
// name starts at body[i], and returns where it ends.
func (r *reader) function(start, i int) (int, error) {
	body := r.body
	gt := strings.IndexByte(body[i:], '>')
	if gt < 0 {
		return 0, &pythonic.SyntaxError{Offset: i, Msg: "<function= has no '>'"}
	}
	name := body[i : i+gt]
	if !validName(name) {
		return 0, &pythonic.SyntaxError{Offset: i, Msg: "not a function name: " + quote(name)}
	}
	i += gt + 1
	var b textargs.Builder
	b.Reset(r.m.Req, name)
	var repaired []*pythonic.SyntaxError
	args := ""
	end := len(body)
	closed := false // the last value read ended at its </parameter>
	for {
		i = jsonvalue.SkipSpace(body, i)
		if i == len(body) {
			// A missing </function> is tolerated, but not arguments the
			// end of the response cut: none yet, or a value not closed.
			if r.m.CutOff() && (!closed || b.Len() == 0 || !b.Complete()) && args == "" {
				return 0, block.ErrCutOff
			}
			break
		}
		rest := body[i:]
		if strings.HasPrefix(rest, functionEndText) {
			end = i + len(functionEndText)
			break
		}
		if strings.HasPrefix(rest, parameterText) {
			key, val, next, ok, err := r.parameter(i + len(parameterText))
			if err != nil {
				return 0, err
			}
			closed = ok
			if note := b.Set(key, val, i); note != nil {
				repaired = append(repaired, note)
			}
			i = next
			continue
		}
		if b.Len() == 0 && args == "" && rest[0] == '{' {
			j := strings.Index(rest, functionEndText)
			if j < 0 {
				j = len(rest)
			}
			raw, err := jsoncall.Value(rest[:j], r.m.Parser())
			if err != nil {
				return 0, &pythonic.SyntaxError{Offset: i, Msg: "the JSON arguments do not parse: " + err.Error()}
			}
			if args, err = jsoncall.Arguments(raw, r.m.Parser()); err != nil {
				return 0, &pythonic.SyntaxError{Offset: i, Msg: err.Error()}
			}
			i += j
			continue
		}
		return 0, &pythonic.SyntaxError{Offset: i, Msg: "neither <parameter= nor </function> in a function"}
	}
	if args == "" {
		args = b.JSON()
	}
	c := toolcall.Call{Name: name, Arguments: args}
	r.items = append(r.items, block.Item{Call: &c, Offset: start, Repaired: repaired})
	return end, nil
}

// parameter reads the parameter whose key starts at body[i]: its key, its
// value (one leading and one trailing newline removed), where it ends, and
// whether its </parameter> closed it.
func (r *reader) parameter(i int) (key, val string, next int, closed bool, err error) {
	body := r.body
	gt := strings.IndexByte(body[i:], '>')
	if gt < 0 || strings.ContainsAny(body[i:i+gt], "\n<") {
		return "", "", 0, false, &pythonic.SyntaxError{Offset: i, Msg: "<parameter= has no '>'"}
	}
	key = body[i : i+gt]
	v := i + gt + 1
	end, next := r.valueEnd(v)
	val = body[v:end]
	val = strings.TrimPrefix(val, "\n")
	val = strings.TrimSuffix(val, "\n")
	return key, val, next, next > end, nil
}

// valueEnd finds where the value starting at body[v] ends, and where the
// text after its </parameter> starts: at the first </parameter> that
// another <parameter=, </function>, </tool_call> or the end of the body
// follows, unless a <parameter= comes first (a missing </parameter>); with
// no such </parameter>, at the next <parameter= or </function>, or the end
// of the body.
func (r *reader) valueEnd(v int) (end, next int) {
	body := r.body
	if !r.endKnown || v < r.endFrom || (r.endAt >= 0 && r.endAt < v) {
		r.endKnown, r.endFrom, r.endAt = true, v, r.structuralEnd(v)
	}
	limit := len(body)
	if r.endAt >= 0 {
		limit = r.endAt
	}
	if k := strings.Index(body[v:limit], parameterText); k >= 0 { // a missing </parameter>
		return v + k, v + k
	}
	if r.endAt >= 0 {
		return r.endAt, r.endAt + len(parameterEnd)
	}
	end = len(body)
	if k := strings.Index(body[v:], functionEndText); k >= 0 {
		end = v + k
	}
	return end, end
}

// structuralEnd returns where the first </parameter> at or after body[p]
// that another <parameter=, </function>, </tool_call> or the end of the
// body follows starts, or -1.
func (r *reader) structuralEnd(p int) int {
	body := r.body
	for {
		k := strings.Index(body[p:], parameterEnd)
		if k < 0 {
			return -1
		}
		p += k
		rest := body[jsonvalue.SkipSpace(body, p+len(parameterEnd)):]
		if rest == "" || strings.HasPrefix(rest, parameterText) || strings.HasPrefix(rest, functionEndText) || strings.HasPrefix(rest, toolCallEndText) {
			return p
		}
		p += len(parameterEnd)
	}
}

// validName reports whether name can be a function's name: not empty, no
// whitespace and none of {}<>"'.
func validName(name string) bool {
	return name != "" && !strings.ContainsAny(name, "{}<>\"' \t\r\n")
}

func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return string(jsonvalue.AppendString(nil, s))
}
