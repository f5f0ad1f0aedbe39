package glm45

import (
	"github.com/toolparse/toolparse/internal/prompt"
	"strings"
	"sync"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/tagcall"
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

// profiles are the prompt profiles as the descriptor gives them, the
// default first: the models each template is for, and the texts that tell
// the template.
var profiles = []toolcall.Profile{
	{Name: ProfileGLM47, Models: []string{"glm4.7", "ling3", "ringflash", "spark2.5"}, OpensReasoning: true,
		Template: []string{"<arg_key>", "<arg_value>", "else '<think>'", "!<available_tools>"}},
	{Name: ProfileGLM46, Models: []string{"glm4"}, Template: []string{"<arg_key>", "<arg_value>", "'\\n<think></think>' if"}},
	// GLM-5 and GLM-5.1 get GLM-5.2's template, their newest kin's.
	{Name: ProfileGLM52, Models: []string{"glm5"}, OpensReasoning: true},
	{Name: ProfileLaguna, Models: []string{"laguna"}, OpensReasoning: true, Template: []string{"<arg_key>", "<available_tools>"}},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     prompt.Reply{Open: "<think>", Close: "</think>", Opened: true, Sep: "\n", End: "<|user|>", Render: RenderCalls}.Write,
		Aliases:   []string{"glm4_5", "glm47", "glm4_7", "glm"},
		Profiles:  profiles,
		EndOfTurn: []string{"<|user|>", "<|observation|>", "<|endoftext|>", "<|role_end|>", "</assistant>"},
	})
}

// RenderCalls writes calls in GLM-4.5/4.6's newline form: per call
// <tool_call>NAME\n, per argument <arg_key>K</arg_key>\n<arg_value>V</arg_value>\n,
// then </tool_call>; calls joined by a newline. A string value is written
// raw, any other as JSON with the spaces Jinja's tojson writes. No calls is
// "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return textargs.Render("glm45", calls, frame)
}

// RenderCallsCompact writes calls in GLM-4.7's form, which has no
// newlines: <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value>...
// </tool_call>, calls back to back.
func RenderCallsCompact(calls []toolcall.Call) (string, error) {
	return textargs.Render("glm45", calls, compactFrame)
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
	w.Reset(m, body)
	w.R.Reset(&markers, w, tagargs.Name, 0)
	w.R.Feed(body)
	w.R.Close()
	defer w.Put()
	if err := w.Failure(); err != nil {
		return nil, err
	}
	if w.B == nil { // only whitespace
		return nil, nil
	}
	if m.CutOff() && (w.B.Len() == 0 || !w.B.Complete()) { // the end of the response came before the arguments did
		return nil, block.ErrCutOff
	}
	w.EndCall()
	return w.Items, nil
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
	w.Release()
	readers.Put(w)
}

// wholeReader is the tagargs.Handler of a whole block's body.
type wholeReader struct{ tagcall.Whole }

func (w *wholeReader) Name(name string, at int) string {
	if msg := nameMsg(name); msg != "" {
		return msg
	}
	w.NewCall(name, at)
	return ""
}

func (w *wholeReader) Key(key string, at int) { w.Param, w.ParamAt = key, at+len(keyText) }

func (w *wholeReader) EndValue(from, to int, closed bool) {
	val := w.Body[from:to]
	if !closed { // a missing </arg_value> at the end of the block
		if w.M.CutOff() { // the end of the response cut the value
			w.Err = block.ErrCutOff
		}
		val = strings.TrimSuffix(val, "\n")
	}
	w.Note(w.B.Set(w.Param, val, w.ParamAt))
}

func (*wholeReader) End(int) bool { return false }

func (*wholeReader) Trailing(int) {}

func (*wholeReader) Known(string) bool { return false }
