package glm45

import (
	"github.com/toolparse/toolparse/internal/prompt"
	"strings"
	"sync"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// The tags of the format.
const (
	startText    = "<tool_call>"
	endText      = "</tool_call>"
	keyText      = "<arg_key>"
	keyEndText   = "</arg_key>"
	valueText    = "<arg_value>"
	valueEndText = "</arg_value>"
)

// table reads a <tool_call> block of tagged arguments. A value's
// </arg_value> is followed by the next <arg_key> or the block's end;
// followed by anything else, it is text in the value.
var table = block.Marked{
	Open: startText, End: endText,
	Kind: block.Kind{End: block.MarkedEnd, Scan: block.ScanTagged, Value: [2]string{valueText, valueEndText},
		ValueNext: []string{keyText}, Read: readCall, Follow: follow},
	TurnEnds: []string{"<|user|>", "<|observation|>", "<|endoftext|>", "<|role_end|>", "</assistant>"},
	Hooks:    func() block.Hooks { return new(markerless) },
}.Format()

// Format is the GLM-4.5 / 4.6 / 4.7 format.
//
// It implements toolcall.Reasoner.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("glm45"), methods, constraints,
	&toolcall.Reasoning{Open: "<think>", Close: "</think>", EndedBy: []string{startText}, OpenedByPrompt: true})

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   prompt.Reply{Open: "<think>", Close: "</think>", Opened: true, Sep: "\n", End: "<|user|>", Render: RenderCalls}.Write,
		Aliases: []string{"glm4_5", "glm47", "glm4_7", "glm"},
		Profiles: []toolcall.Profile{
			{Name: ProfileGLM47, Models: []string{"glm4.7", "ling3", "ringflash", "spark2.5"}, OpensReasoning: true,
				Template: []string{"<arg_key>", "<arg_value>", "else '<think>'", "!<available_tools>"}},
			{Name: ProfileGLM46, Models: []string{"glm4"}, Template: []string{"<arg_key>", "<arg_value>", "'\\n<think></think>' if"}},
			// GLM-5 and GLM-5.1 get GLM-5.2's template, their newest kin's.
			{Name: ProfileGLM52, Models: []string{"glm5"}, OpensReasoning: true},
			{Name: ProfileLaguna, Models: []string{"laguna"}, OpensReasoning: true, Template: []string{"<arg_key>", "<available_tools>"}},
		},
		EndOfTurn: []string{"<|user|>", "<|observation|>", "<|endoftext|>", "<|role_end|>", "</assistant>"},
	})
}

// markers are the format's tags, as tagargs reads them: the name comes
// first, with no tag; no tag ends the call but the block's end.
var markers = tagargs.Markers{
	Param: keyText, KeyEnd: keyEndText, ValueOpen: valueText, Close: valueEndText,
	// What may end the block after a value (the end-of-turn tokens end
	// it): a follower fed the start of one waits.
	Outer:   []string{endText, "<|user|>", "<|observation|>", "<|endoftext|>", "<|role_end|>"},
	AnyKey:  true,
	Trim:    true,
	KeyMsg:  "an <arg_key> is not closed",
	OpenMsg: "expected <arg_value>", BetweenMsg: "expected <arg_key>",
}

// readers keeps wholeReaders, so that reading a block allocates none.
var readers = sync.Pool{New: func() any { return new(wholeReader) }}

// readCall reads a <tool_call> block's body: a name, then key and value
// pairs, with the reader that also follows it (see follower).
func readCall(m *block.Machine, body string) ([]block.Item, error) {
	w := readers.Get().(*wholeReader)
	defer release(w)
	w.m, w.body, w.b, w.name, w.start, w.key, w.keyAt, w.repaired, w.err = m, body, nil, "", 0, "", 0, nil, nil
	w.r.Reset(&markers, w, tagargs.Name, 0)
	w.r.Feed(body)
	w.r.Close()
	defer w.put()
	switch {
	case w.r.State() == tagargs.Failed:
		return nil, w.r.Err
	case w.err != nil:
		return nil, w.err
	case w.b == nil: // only whitespace
		return nil, nil
	}
	if m.CutOff() && (w.b.Len() == 0 || !w.b.Complete()) { // the end of the response came before the arguments did
		return nil, block.ErrCutOff
	}
	c := toolcall.Call{Name: w.name, Arguments: w.b.JSON()}
	return append(m.ItemBuffer(), block.Item{Call: &c, Offset: w.start, Repaired: w.repaired}), nil
}

// nameMsg says why name is no function's name, or "".
func nameMsg(name string) string {
	if !textargs.ValidName(name) {
		return "not a function name: " + strings.TrimSpace(name[:min(len(name), 40)])
	}
	return ""
}

// release gives w back to the pool, holding nothing of the block.
func release(w *wholeReader) {
	w.m, w.body, w.name, w.key = nil, "", "", ""
	readers.Put(w)
}

// wholeReader is the tagargs.Handler of a whole block's body.
type wholeReader struct {
	m        *block.Machine
	body     string
	r        tagargs.Reader
	b        *textargs.Builder
	name     string
	start    int
	key      string
	keyAt    int
	repaired []*toolcall.SyntaxError
	err      error
}

func (w *wholeReader) Name(name string, at int) string {
	if msg := nameMsg(name); msg != "" {
		return msg
	}
	w.name, w.start = name, at
	w.b = textargs.Get(w.m.Req, name)
	return ""
}

func (w *wholeReader) Key(key string, at int) { w.key, w.keyAt = key, at+len(keyText) }

func (*wholeReader) Text(string) {}

func (w *wholeReader) EndValue(from, to int, closed bool) {
	val := w.body[from:to]
	if !closed { // a missing </arg_value> at the end of the block
		if w.m.CutOff() { // the end of the response cut the value
			w.err = block.ErrCutOff
		}
		val = strings.TrimSuffix(val, "\n")
	}
	if note := w.b.Set(w.key, val, w.keyAt); note != nil {
		w.repaired = append(w.repaired, note)
	}
}

func (*wholeReader) End(int) bool { return false }

func (*wholeReader) JSON(int, int) string { return "" }

func (*wholeReader) Trailing(int) {}

func (*wholeReader) Unsure() {}

func (w *wholeReader) Fresh(key string) bool { return w.b.Fresh(key) }

func (*wholeReader) Known(string) bool { return false }

// put gives the call's Builder back.
func (w *wholeReader) put() {
	if w.b != nil {
		textargs.Put(w.b)
		w.b = nil
	}
}
