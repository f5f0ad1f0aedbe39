package qwen3coder

import (
	"errors"
	"github.com/toolparse/toolparse/internal/prompt"
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/clip"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/textargs"
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

// valueNext may follow a value's </parameter> (besides the next
// <parameter= and the block's ends): anything else makes the </parameter>
// text in the value.
var valueNext = []string{functionEndText}

// The kinds of block.
const (
	kCall = iota // <tool_call> ... </tool_call>
	kFunc        // <function=NAME> ... </function>, with no <tool_call> around it
)

var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		toolCall:    {Text: toolCallText, Role: block.Opens, Kind: kCall},
		function:    {Text: functionText, Role: block.Opens, Kind: kFunc},
		toolCallEnd: {Text: toolCallEndText}, // an orphan: dropped
		functionEnd: {Text: functionEndText}, // an orphan: dropped
		imEnd:       {Text: "<|im_end|>", EndsTurn: true},
		endOfText:   {Text: "<|endoftext|>", EndsTurn: true},
	},
	Kinds: []block.Kind{
		kCall: {End: toolCallEnd, Yields: []block.Token{toolCall}, Scan: block.ScanTagged, Value: value, ValueEnds: valueEnds, ValueNext: valueNext, Read: readCall, Follow: followCall},
		kFunc: {End: functionEnd, Yields: []block.Token{toolCall, function}, Scan: block.ScanTagged, Value: value, ValueEnds: valueEnds, ValueNext: valueNext, Read: readFunc, Follow: followFunc},
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

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   prompt.Reply{Sep: "\n", End: "<|im_end|>", Render: RenderCalls}.Write,
		Aliases: []string{"qwen3_xml", "qwen3_5"},
		Profiles: []toolcall.Profile{{Name: ProfileQwen3Coder, Models: []string{"qwen3coder", "qwen3.5", "qwen3.6", "nemotron3", "step3.5", "mimov2"},
			Template: []string{"<tool_call>", "<function=", "<parameter=", "!enable_thinking", "!<seed:", "!<|im_start|>assistant\\n<think>"}}},
		EndOfTurn: []string{"<|im_end|>", "<|endoftext|>"},
	})
}

// errNoFunction says a block holds no <function=NAME>.
var errNoFunction = errors.New("the block holds no <function=NAME>")

// readCall reads the body of a <tool_call> block: one or more functions.
func readCall(m *block.Machine, body string) ([]block.Item, error) {
	r := reader{m: m, body: body, items: m.ItemBuffer()}
	i := jsonvalue.SkipSpace(body, 0)
	if i == len(body) {
		return nil, nil
	}
	for i < len(body) {
		if !strings.HasPrefix(body[i:], functionText) {
			if len(r.items) == 0 {
				return nil, errNoFunction
			}
			r.items = append(r.items, block.Item{Content: body[i:], Offset: i, Err: &toolcall.SyntaxError{Offset: i, Msg: "text after a function in a <tool_call> block"}})
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
	r := reader{m: m, body: body, items: m.ItemBuffer()}
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
		return 0, &toolcall.SyntaxError{Offset: i, Msg: "<function= has no '>'"}
	}
	name := body[i : i+gt]
	if !textargs.ValidName(name) {
		return 0, &toolcall.SyntaxError{Offset: i, Msg: "not a function name: " + clip.Quote(name)}
	}
	i += gt + 1
	b := textargs.Get(r.m.Req, name)
	defer textargs.Put(b)
	var repaired []*toolcall.SyntaxError
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
			key, val, next, ok, err := r.parameter(i+len(parameterText), b)
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
				return 0, &toolcall.SyntaxError{Offset: i, Msg: "the JSON arguments do not parse: " + err.Error()}
			}
			if args, err = jsoncall.Arguments(raw, r.m.Parser()); err != nil {
				return 0, &toolcall.SyntaxError{Offset: i, Msg: err.Error()}
			}
			i += j
			continue
		}
		return 0, &toolcall.SyntaxError{Offset: i, Msg: "neither <parameter= nor </function> in a function"}
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
func (r *reader) parameter(i int, b *textargs.Builder) (key, val string, next int, closed bool, err error) {
	body := r.body
	gt := strings.IndexByte(body[i:], '>')
	if gt < 0 || !textargs.ValidKey(body[i:i+gt]) {
		return "", "", 0, false, &toolcall.SyntaxError{Offset: i, Msg: "<parameter= has no '>'"}
	}
	key = body[i : i+gt]
	v := i + gt + 1
	end, next := r.valueEnd(v, fresh{b, key})
	val = body[v:end]
	val = strings.TrimPrefix(val, "\n")
	val = strings.TrimSuffix(val, "\n")
	return key, val, next, next > end, nil
}

// valueEnd finds where the value starting at body[v] ends, and where the
// text after it starts. A tag in a value is text unless what follows makes
// it structure (a file's content may hold <parameter=path>): the value
// ends at the first </parameter> that whitespace and then a <parameter=K>
// for a fresh K (not the value's own, not set yet), </function>,
// </tool_call> or the end of the body follow; or, its </parameter>
// missing, at a <parameter=K> for a fresh K the tool's schema knows (one
// of its properties, when it lists them) that comes first; with neither,
// at the first </function>, or the end of the body.
func (r *reader) valueEnd(v int, b fresh) (end, next int) {
	body := r.body
	from := v // where the search for the next </parameter> goes on
	for {
		p := r.nextEnd(from)
		limit := len(body)
		if p >= 0 {
			limit = p
		}
		if k := r.freshParameter(v, limit, b); k >= 0 { // a missing </parameter>
			return k, k
		}
		if p < 0 {
			break
		}
		if r.structural(p+len(parameterEnd), b) {
			return p, p + len(parameterEnd)
		}
		from = p + len(parameterEnd) // the </parameter> is the value's text
		v = from
	}
	end = len(body)
	if k := strings.Index(body[from:], functionEndText); k >= 0 {
		end = from + k
	}
	return end, end
}

// nextEnd returns where the first </parameter> at or after body[p]
// starts, or -1, remembering it so that values without one do not rescan
// the body.
func (r *reader) nextEnd(p int) int {
	if !r.endKnown || p < r.endFrom || (r.endAt >= 0 && r.endAt < p) {
		r.endKnown, r.endFrom = true, p
		r.endAt = strings.Index(r.body[p:], parameterEnd)
		if r.endAt >= 0 {
			r.endAt += p
		}
	}
	return r.endAt
}

// structural reports whether what follows a </parameter> that ends at
// body[p] makes it the value's end: whitespace, then a <parameter=K> for a
// fresh K, </function>, </tool_call> or the end of the body.
func (r *reader) structural(p int, b fresh) bool {
	rest := r.body[jsonvalue.SkipSpace(r.body, p):]
	switch {
	case rest == "" || strings.HasPrefix(rest, functionEndText) || strings.HasPrefix(rest, toolCallEndText):
		return true
	case strings.HasPrefix(rest, parameterText):
		key, ok := tagKey(rest[len(parameterText):])
		return ok && b.Fresh(key)
	}
	return false
}

// freshParameter returns where the first <parameter=K> in body[from:limit]
// for a fresh K starts, or -1.
func (r *reader) freshParameter(from, limit int, b fresh) int {
	for from < limit {
		k := strings.Index(r.body[from:limit], parameterText)
		if k < 0 {
			return -1
		}
		at := from + k
		if key, ok := tagKey(r.body[at+len(parameterText):]); ok && b.Missing(key) {
			return at
		}
		from = at + len(parameterText)
	}
	return -1
}

// fresh says which keys may begin the next argument: those b.Fresh
// accepts, but the key whose value is being read.
type fresh struct {
	b   *textargs.Builder
	key string
}

// Fresh reports whether key may begin the next argument after a
// </parameter>.
func (f fresh) Fresh(key string) bool { return key != f.key && f.b.Fresh(key) }

// Missing reports whether a <parameter=key> in a value, with no
// </parameter> before it, begins the next argument: a fresh key the
// tool's schema knows.
func (f fresh) Missing(key string) bool { return f.Fresh(key) && f.b.Known(key) }

// tagKey reads the KEY> that a <parameter= tag's text starts with; a key
// is at most maxKey bytes, so that a value full of "<parameter=" costs its
// length to read.
func tagKey(s string) (string, bool) {
	gt := strings.IndexByte(s[:min(len(s), maxKey+1)], '>')
	if gt <= 0 || !textargs.ValidKey(s[:gt]) {
		return "", false
	}
	return s[:gt], true
}

// maxKey is the longest parameter name a tag inside a value is read with.
const maxKey = 256
