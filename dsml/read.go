package dsml

import (
	"errors"
	"slices"
	"strings"
	"sync"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/tagcall"
	"github.com/toolparse/toolparse/toolcall"
)

// valueType is what a parameter's tag says of its value.
type valueType uint8

const (
	untyped    valueType = iota // no string attribute: the tool's schema types the text
	stringType                  // string="true": the text is the string
	jsonType                    // string="false": the text is JSON
)

// keyName returns the name a parameter tag's key text holds: what comes
// before its first quote (`K" string="true` holds K).
func keyName(key string) string {
	name, _, _ := strings.Cut(key, `"`)
	return name
}

// parseKey reads a parameter tag's key text, the tag's text between
// name=" and its closing ">: the name, then, maybe, a string attribute.
// ok is false for a tag that is not name="K" or name="K" string="true"
// or name="K" string="false" (spaces before string= may be more).
func parseKey(key string) (name string, typ valueType, ok bool) {
	name, rest, quoted := strings.Cut(key, `"`)
	if name == "" {
		return "", untyped, false
	}
	if !quoted {
		return name, untyped, true
	}
	attr := strings.TrimLeft(rest, " ")
	if len(attr) == len(rest) {
		return name, untyped, false // no space after the name's quote
	}
	switch attr {
	case `string="true`:
		return name, stringType, true
	case `string="false`:
		return name, jsonType, true
	}
	return name, untyped, false
}

// badKeyMsg is the diagnostic of a parameter tag parseKey refuses.
const badKeyMsg = `a parameter's tag is not name="K" string="true" or string="false"`

// appendValue appends, as JSON, the value text of the parameter name
// whose tag says typ, for a call to tool (nil: none): string="true" is
// the text as a string; string="false" the JSON the text holds (read as
// the pythonic parser reads a value: Python's literals too), but null
// where the schema names the property's types and null is not one, which
// is read as the text; a text that is no JSON, and a value whose tag says
// no type, as the schema reads a text value (schemacore.TextValue).
func appendValue(dst []byte, tool *schemacore.Schema, p *pylit.Parser, name string, typ valueType, text string) []byte {
	switch typ {
	case stringType:
		return jsonvalue.AppendString(dst, text)
	case jsonType:
		if v, err := jsoncall.Value(strings.TrimSpace(text), p); err == nil {
			types := tool.PropertyTypes(name)
			if string(v) != "null" || len(types) == 0 || slices.Contains(types, "null") {
				return append(dst, v...)
			}
		}
	}
	v, _ := tool.TextValue(name, text)
	return append(dst, v...)
}

// errNoInvoke says a block holds no invoke.
var errNoInvoke = errors.New("the block holds no invoke")

func readV32(m *block.Machine, body string) ([]block.Item, error) { return read(m, body, v32) }
func readV4(m *block.Machine, body string) ([]block.Item, error)  { return read(m, body, v4) }
func readV41(m *block.Machine, body string) ([]block.Item, error) { return read(m, body, v41) }

// read reads a block's body in spelling s with the reader that also
// follows it (see follower): invokes, each a call once its end tag came.
// An invoke that the end of the body leaves open (the response's end cut
// it, or an end-of-turn token or the next block came first), or one whose
// value its close tag did not end, is no call: its text is content, with
// a diagnostic, and the invokes before it are calls. A body that does not
// read (a tag out of place, a parameter's tag that is none) is content
// whole.
func read(m *block.Machine, body string, s *spelling) ([]block.Item, error) {
	w := readers.Get().(*wholeReader)
	defer release(w)
	w.s, w.typ, w.open, w.done = s, untyped, nil, 0
	w.Reset(m, body)
	w.R.Reset(&s.markers, w, tagargs.Open, 0)
	w.R.Feed(body)
	w.R.Close() // a value its close tag did not end broke its invoke: nothing resumes
	defer w.Put()
	var err error
	switch st := w.R.State(); {
	case w.Err != nil: // a parameter's tag that is none, or a block of no invoke
		return nil, w.Err
	case w.open != nil: // a value without its close tag
		err = w.open
		if m.CutOff() {
			err = block.ErrCutOff
		}
	case st == tagargs.Failed:
		err = w.R.Err
		if !m.CutOff() { // a tag out of place, not one the end cut
			return nil, err
		}
	case st == tagargs.Between: // an invoke with no end tag
		err = &toolcall.SyntaxError{Offset: w.Start, Msg: "an invoke without " + s.invokeEnd + " is no call"}
		if m.CutOff() {
			err = block.ErrCutOff
		}
	}
	switch {
	case err != nil && len(w.Items) == 0:
		return nil, err
	case err != nil: // the invokes before the open one are calls; it is content
		w.Items = append(w.Items, block.Item{Content: body[w.done:], Offset: w.done, Err: err})
	case len(w.Items) == 0:
		return nil, errNoInvoke
	}
	return w.Items, nil
}

// readers keeps wholeReaders, so that reading a block allocates none.
var readers = sync.Pool{New: func() any { return new(wholeReader) }}

// release gives w back to the pool, holding nothing of the block.
func release(w *wholeReader) {
	w.s = nil
	w.Release()
	readers.Put(w)
}

// wholeReader is the tagargs.Handler of a whole block's body: it gathers
// each invoke's values and makes a call of it at its end tag.
type wholeReader struct {
	tagcall.Whole
	s    *spelling
	typ  valueType
	open error  // a value its close tag did not end: the invoke is no call
	done int    // where the text after the last call starts
	val  []byte // a value's JSON, before the Builder takes it
}

func (w *wholeReader) Name(name string, at int) string {
	if msg := tagcall.NameMsg(name); msg != "" {
		return msg
	}
	w.NewCall(name, max(0, at-len(w.s.invoke)))
	return ""
}

func (w *wholeReader) Key(key string, at int) {
	name, typ, ok := parseKey(key)
	if !ok && w.Err == nil {
		w.Err = &toolcall.SyntaxError{Offset: at, Msg: badKeyMsg}
	}
	w.Param, w.typ, w.ParamAt = name, typ, at
}

func (w *wholeReader) EndValue(from, to int, closed bool) {
	if !closed && w.open == nil {
		w.open = &toolcall.SyntaxError{Offset: from, Msg: "a value without " + w.s.paramEnd + ": its invoke is no call"}
	}
	if w.Err != nil || w.open != nil {
		return
	}
	w.val = appendValue(w.val[:0], w.B.Schema(), w.M.Parser(), w.Param, w.typ, w.Body[from:to])
	w.Note(w.B.SetJSON(w.Param, w.val, w.ParamAt))
}

func (w *wholeReader) End(at int) bool {
	if w.Err != nil || w.open != nil {
		return false
	}
	w.EndCall()
	w.done = at
	return true
}

func (w *wholeReader) Trailing(at int) {
	if len(w.Items) == 0 {
		w.Err = errNoInvoke
		return
	}
	w.Items = append(w.Items, block.Item{Content: w.Body[at:], Offset: at, Err: &toolcall.SyntaxError{Offset: at, Msg: "text after an invoke in a block of calls"}})
	w.done = len(w.Body)
}

func (w *wholeReader) Fresh(key string) bool {
	name, _, ok := parseKey(key)
	return ok && w.B.Fresh(name)
}

func (w *wholeReader) Known(key string) bool { return w.B.Known(keyName(key)) }
