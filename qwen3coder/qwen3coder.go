package qwen3coder

import (
	"errors"
	"github.com/toolparse/toolparse/internal/prompt"
	"strings"
	"sync"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/clip"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/tagargs"
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
		Profiles: []toolcall.Profile{
			{Name: ProfileQwen3Coder, Models: []string{"qwen3coder"},
				Template: []string{"<tool_call>", "<function=", "<parameter=", "!enable_thinking", "!<seed:", "!<|im_start|>assistant\\n<think>"}},
			{Name: ProfileQwen35, Models: []string{"qwen3.5"}, OpensReasoning: true,
				Template: []string{"<tool_call>", "<function=", "<parameter=", "enable_thinking", "<|vision_start|>", "No user query found in messages."}},
			{Name: ProfileQwen36, Models: []string{"qwen3.6"}, OpensReasoning: true},
			{Name: ProfileNemotron3Nano, Models: []string{"nemotron3"}, OpensReasoning: true,
				Template: []string{"<tool_call>", "<function=", "<parameter=", "render_extra_keys", "truncate_history_thinking"}},
			{Name: ProfileNemotron3Super, Models: []string{"nemotron3 super"}, OpensReasoning: true},
			{Name: ProfileStep35, Models: []string{"step3.5", "mimov2"}, OpensReasoning: true,
				Template: []string{"<tool_call>", "<function=", "<parameter=", "<|im_start|>tool_response", "in JSONSchema format"}},
		},
		EndOfTurn: []string{"<|im_end|>", "<|endoftext|>"},
	})
}

// markers are the format's tags, as tagargs reads them.
var markers = tagargs.Markers{
	Call: functionText, NameEnd: ">", Param: parameterText, KeyEnd: ">",
	Close: parameterEnd, End: functionEndText, Outer: []string{toolCallEndText},
	JSONArgs: true, Missing: true,
	NameMsg: "<function= has no '>'", KeyMsg: "<parameter= has no '>'",
	BetweenMsg: "neither <parameter= nor </function> in a function",
}

// errNoFunction says a block holds no <function=NAME>.
var errNoFunction = errors.New("the block holds no <function=NAME>")

// readCall reads the body of a <tool_call> block: one or more functions.
func readCall(m *block.Machine, body string) ([]block.Item, error) {
	return read(m, body, tagargs.Open)
}

// readFunc reads the body of <function=NAME> ... </function> written
// without <tool_call>: NAME> and the parameters.
func readFunc(m *block.Machine, body string) ([]block.Item, error) {
	return read(m, body, tagargs.Name)
}

// read reads a block's body with the reader that also follows it (see
// follower), from state st: Open for a <tool_call> block, whose functions
// it reads; Name for a bare function, whose text after its first function
// it ignores.
func read(m *block.Machine, body string, st tagargs.State) ([]block.Item, error) {
	w := readers.Get().(*wholeReader)
	defer release(w)
	w.m, w.body, w.items, w.single = m, body, m.ItemBuffer(), st == tagargs.Name
	w.b, w.name, w.start, w.key, w.keyAt, w.args, w.repaired, w.err = nil, "", 0, "", 0, "", nil, nil
	w.r.Reset(&markers, w, st, 0)
	w.r.Feed(body)
	for {
		resume := w.r.Close()
		if resume < 0 || w.single || w.err != nil {
			break
		}
		w.r.ResumeAt(resume) // the end tag that ended a value was the first after it
		w.r.Feed(body[resume:])
	}
	defer w.put()
	switch {
	case w.r.State() == tagargs.Failed:
		return nil, w.r.Err
	case w.err != nil:
		return nil, w.err
	case w.r.State() == tagargs.Between && w.b != nil: // a function the end of the body ends
		// A missing </function> is tolerated, but not arguments the end
		// of the response cut: none yet, or a value not closed.
		if m.CutOff() && (!w.r.Closed() || w.b.Len() == 0 || !w.b.Complete()) && w.args == "" {
			return nil, block.ErrCutOff
		}
		w.call()
	}
	if len(w.items) == 0 {
		return nil, nil
	}
	return w.items, nil
}

// readers keeps wholeReaders, so that reading a block allocates none.
var readers = sync.Pool{New: func() any { return new(wholeReader) }}

// release gives w back to the pool, holding nothing of the block.
func release(w *wholeReader) {
	w.m, w.body, w.name, w.key = nil, "", "", ""
	w.items = nil
	readers.Put(w)
}

// wholeReader is the tagargs.Handler of a whole block's body: it gathers
// each function's values and makes a call of it.
type wholeReader struct {
	m        *block.Machine
	body     string
	r        tagargs.Reader
	items    []block.Item
	b        *textargs.Builder // the function's arguments
	name     string
	start    int // where the function starts
	key      string
	keyAt    int
	args     string // JSON arguments
	repaired []*toolcall.SyntaxError
	single   bool
	err      error
}

func (w *wholeReader) Name(name string, at int) string {
	if msg := nameMsg(name); msg != "" {
		return msg
	}
	w.put()
	w.name, w.start, w.args, w.repaired = name, max(0, at-len(functionText)), "", nil
	w.b = textargs.Get(w.m.Req, name)
	return ""
}

// nameMsg says why name is no function's name, or "".
func nameMsg(name string) string {
	if !textargs.ValidName(name) {
		return "not a function name: " + clip.Quote(name)
	}
	return ""
}

func (w *wholeReader) Key(key string, at int) { w.key, w.keyAt = key, at }

func (*wholeReader) Text(string) {}

func (w *wholeReader) EndValue(from, to int, _ bool) {
	val := strings.TrimPrefix(w.body[from:to], "\n")
	val = strings.TrimSuffix(val, "\n")
	if note := w.b.Set(w.key, val, w.keyAt); note != nil {
		w.repaired = append(w.repaired, note)
	}
}

func (w *wholeReader) End(int) bool {
	w.call()
	return !w.single
}

func (w *wholeReader) JSON(from, to int) string {
	raw, err := jsoncall.Value(w.body[from:to], w.m.Parser())
	if err != nil {
		return "the JSON arguments do not parse: " + err.Error()
	}
	if w.args, err = jsoncall.Arguments(raw, w.m.Parser()); err != nil {
		return err.Error()
	}
	return ""
}

func (w *wholeReader) Trailing(at int) {
	if len(w.items) == 0 {
		w.err = errNoFunction
		return
	}
	w.items = append(w.items, block.Item{Content: w.body[at:], Offset: at, Err: &toolcall.SyntaxError{Offset: at, Msg: "text after a function in a <tool_call> block"}})
}

func (*wholeReader) Unsure() {}

func (w *wholeReader) Fresh(key string) bool { return w.b.Fresh(key) }

func (w *wholeReader) Known(key string) bool { return w.b.Known(key) }

// call makes a call of the function read.
func (w *wholeReader) call() {
	args := w.args
	if args == "" {
		args = w.b.JSON()
	}
	c := toolcall.Call{Name: w.name, Arguments: args}
	w.items = append(w.items, block.Item{Call: &c, Offset: w.start, Repaired: w.repaired})
	w.put()
}

// put gives the function's Builder back.
func (w *wholeReader) put() {
	if w.b != nil {
		textargs.Put(w.b)
		w.b = nil
	}
}
