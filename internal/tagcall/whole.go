package tagcall

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// Whole is the part of the tagargs.Handler of a whole body (a block's
// Read) that every syntax of tags shares: the body and its reader, the
// items read, and the call being read, its values gathered in B or its
// JSON arguments in Args. A reader embeds it, hands R itself as the
// handler, and sets the values.
type Whole struct {
	M        *block.Machine
	Body     string
	R        tagargs.Reader
	Items    []block.Item
	B        *textargs.Builder // the call's arguments
	Fn       string            // the call's name
	Start    int               // where the call starts
	Param    string            // the key of the value being read
	ParamAt  int               // where its parameter starts
	Args     string            // JSON arguments
	Repaired []*toolcall.SyntaxError
	Err      error
}

// Reset starts reading body, a body of m's, holding nothing read before.
func (w *Whole) Reset(m *block.Machine, body string) {
	w.M, w.Body, w.Items = m, body, m.ItemBuffer()
	w.B, w.Fn, w.Start, w.Param, w.ParamAt, w.Args, w.Repaired, w.Err = nil, "", 0, "", 0, "", nil, nil
}

// Release drops what w holds of the body, before w goes back to a pool.
func (w *Whole) Release() {
	w.M, w.Body, w.Fn, w.Param, w.Items = nil, "", "", "", nil
}

// Failure returns why the body is no call, as the reader or the handler
// found it, or nil.
func (w *Whole) Failure() error {
	if w.R.State() == tagargs.Failed {
		return w.R.Err
	}
	return w.Err
}

// NewCall begins the call named name that starts at offset start.
func (w *Whole) NewCall(name string, start int) {
	w.Put()
	w.Fn, w.Start, w.Args, w.Repaired = name, start, "", nil
	w.B = textargs.Get(w.M.Req, name)
}

// Note keeps a note of a value, if there is one, for the call's
// diagnostics.
func (w *Whole) Note(note *toolcall.SyntaxError) {
	if note != nil {
		w.Repaired = append(w.Repaired, note)
	}
}

// EndCall makes a call of the one read, with its JSON arguments or else
// the values gathered, and gives its Builder back.
func (w *Whole) EndCall() {
	args := w.Args
	if args == "" {
		args = w.B.JSON()
	}
	c := toolcall.Call{Name: w.Fn, Arguments: args}
	w.Items = append(w.Items, block.Item{Call: &c, Offset: w.Start, Repaired: w.Repaired})
	w.Put()
}

// Put gives the call's Builder back.
func (w *Whole) Put() {
	if w.B != nil {
		textargs.Put(w.B)
		w.B = nil
	}
}

// JSON implements tagargs.Handler: it reads the call's JSON arguments
// into Args.
func (w *Whole) JSON(from, to int) string {
	raw, err := jsoncall.Value(w.Body[from:to], w.M.Parser())
	if err != nil {
		return "the JSON arguments do not parse: " + err.Error()
	}
	if w.Args, err = jsoncall.Arguments(raw, w.M.Parser()); err != nil {
		return err.Error()
	}
	return ""
}

// Text implements tagargs.Handler: the value comes whole, at EndValue.
func (*Whole) Text(string) {}

// Unsure implements tagargs.Handler: the whole body tells.
func (*Whole) Unsure() {}

// Fresh implements tagargs.Handler: a key not set yet (Builder.Fresh).
func (w *Whole) Fresh(key string) bool { return w.B.Fresh(key) }
