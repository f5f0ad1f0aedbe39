// Package jsonprose reads JSON call objects written bare in prose, as a
// block.Format's hooks (Llama 3's custom tool calls; Qwen2.5 without its
// <tool_call> tags): from a '{', the object is held while it starts like a
// call (its first key "name", "parameters", "arguments", "type" or
// "function") and until it closes; then it is calls if every call it holds
// names a requested tool (Options.Strict), or any tool when the request
// offers none (not strict), and it describes no tool (a listing's line, a
// tool's definition: jsoncall.Describes); else it is prose. With Options.LineStart only
// an object that starts a line is read. At the end of the response, an
// object complete but for its closing brackets (Llama 3.2 under vLLM ends
// OpenAI's {"type": "function", "function": {...}} wrapper one brace short)
// is closed, with a diagnostic, when nothing inside it is cut: no string
// left open, and its last byte closes an object or an array. Calls
// separated by ';' or whitespace make a run. An object inside a Markdown
// code fence opened after prose (a line of three backticks or more, with
// prose before it outside any fence) is an example, not a call: it is
// content, with a "policy" diagnostic when it holds calls; in a fence that
// opens the response it is read as ever.
package jsonprose

import (
	"slices"
	"strconv"
	"unsafe"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// Options say which bare objects are read.
type Options struct {
	// Strict: a call must name one of the request's tools, even when it
	// offers none.
	Strict bool
	// LineStart: only an object that starts a line (after spaces and
	// tabs, or at the response's start, or right after a call) is read;
	// one inside a sentence stays prose.
	LineStart bool
}

// New returns the hooks for a block.Format's Hooks.
func New(o Options) block.Hooks { return &objects{opts: o} }

// objects reads JSON call objects in prose, as the machine's hooks.
type objects struct {
	opts  Options
	value *pylit.Reader // the object, read as it arrives (from a pool while one is open)
	state objState
	// fenced says the object is in a Markdown code fence opened after
	// prose: an example, not a call. It is asked once the head is read:
	// the content noted by then is all that came before the candidate
	// (the prose before it was noted when At took it; the candidate's
	// own text is pending), so the answer is the one its start would get.
	fenced bool
	key    []byte // the first key, as it comes
	at     int    // where the object starts in the pending item
	// known is the request's IsKnownTool, made once for the response's
	// objects (a method value costs an allocation each time it is made).
	known func(string) bool
}

type objState uint8

const (
	oOpen  objState = iota // after '{': whitespace, then '"'
	oKey                   // the first key
	oBody                  // the rest of the object
	oAfter                 // separators after a call: another object?
)

// startKeys are the first keys an object that is a call may have.
var startKeys = map[string]bool{"name": true, "parameters": true, "arguments": true, "type": true, "function": true}

func (o *objects) Start(m *block.Machine, _ string, _ int) bool {
	m.TrackFences = true
	return false
}

func (o *objects) AfterBlock(*block.Machine, block.Block, string, int) {}

func (o *objects) At(m *block.Machine, s string, from, i int) (start, next int, took bool) {
	if o.opts.LineStart && !m.AtLineStart(s[from:i]) {
		return i, i, false
	}
	m.Begin(i)
	m.Enter()
	o.begin(m, 0)
	return i, i, true
}

// never accepts no name: a fenced object's call is not announced while it
// arrives.
func never(string) bool { return false }

// begin starts an object at offset at of the pending item.
func (o *objects) begin(m *block.Machine, at int) {
	o.state, o.key, o.at = oOpen, o.key[:0], at
}

// Release implements block.Releaser: the reader goes back to the pool when
// the machine is recycled. Until then it stays from object to object
// (RenewValue), with the buffers it grew: a response of many objects takes
// it from the pool once. The calls it read were handed on as copies.
func (o *objects) Release() {
	if o.value != nil {
		pylit.ReleaseValue(o.value)
		o.value = nil
	}
}

func (o *objects) InCandidate() bool { return o.state == oBody }

func (o *objects) Close(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	if o.state != oBody {
		return m.Emit(m.Settle(dst, nil), "", 0)
	}
	start := m.Start()
	text := m.Text("", 0)
	if closers, ok := missingClosers(text[o.at:]); ok {
		var calls []toolcall.Call
		raw, err := jsoncall.Value(text[o.at:]+closers, m.Parser())
		described := false
		if err == nil {
			calls, described, err = jsoncall.CallsOrDescription(raw, m.Parser(), m.Requested)
		}
		if err == nil && !described && o.allKnown(m, calls) && !o.example(m, start+o.at, calls[0].Name) && !m.RefuseCalls(len(calls), start+o.at) {
			dst = m.Settle(dst, &calls[0])
			m.Diag(toolcall.KindSyntax, start+o.at, calls[0].Name, "the response ended "+strconv.Itoa(len(closers))+" closing brackets short of its call object: they are added")
			for _, c := range calls {
				dst = m.Call(dst, c, start+o.at)
			}
			return dst
		}
	}
	m.Leave()
	return m.Content(m.Settle(dst, nil), text)
}

// missingClosers returns the brackets that close what text leaves open,
// when text is a JSON value complete but for them: no string left open,
// and the last byte other than whitespace closes an object or an array
// (so every value inside is complete: {"type": "function", "function":
// {..., "parameters": {...}} lacks one brace). Strings in single quotes
// count as strings too, as the lenient reader reads them.
func missingClosers(text string) (string, bool) {
	var stack []byte
	var quote byte
	last := byte(0)
	for i := 0; i < len(text); i++ {
		c := text[i]
		if quote != 0 {
			switch c {
			case '\\':
				i++
			case quote:
				quote = 0
			}
			last = c
			continue
		}
		switch c {
		case '"', '\'':
			quote = c
		case '{':
			stack = append(stack, '}')
		case '[':
			stack = append(stack, ']')
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return "", false
			}
			stack = stack[:len(stack)-1]
		}
		if !jsonvalue.IsSpace(c) {
			last = c
		}
	}
	if quote != 0 || len(stack) == 0 || last != '}' && last != ']' {
		return "", false
	}
	slices.Reverse(stack)
	return string(stack), true
}

// example reports whether the calls of the object at offset at are in a
// code fence opened after prose, which makes them content, with a
// diagnostic.
func (o *objects) example(m *block.Machine, at int, name string) bool {
	if o.fenced {
		m.Diag(toolcall.KindPolicy, at, name, "a call object inside a code fence opened after prose is content: an example")
	}
	return o.fenced
}

// allKnown reports whether every call names a tool the options accept.
func (o *objects) allKnown(m *block.Machine, calls []toolcall.Call) bool {
	ok := len(calls) > 0
	for _, c := range calls {
		ok = ok && (m.Req.IsKnownTool(c.Name) && !o.opts.Strict || m.Req.Match(c.Name) >= 0)
	}
	return ok
}

// Reading implements block.Reading: the open object's reader, once its
// head is read.
func (o *objects) Reading() *pylit.Reader {
	if o.state != oBody {
		return nil
	}
	return o.value
}

func (o *objects) Step(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	switch o.state {
	case oAfter:
		j := block.SkipSeparators(s, i)
		switch {
		case j == len(s):
			return dst, j
		case s[j] == '{':
			o.begin(m, m.Len(s, j))
			return dst, j
		}
		return m.Abandon(dst, s, j) // the separators are prose
	case oOpen, oKey:
		return o.head(m, dst, s, i)
	}
	from := i
	st, i := m.FeedReader(o.value, s, i)
	m.FollowFeed(s[from:i])
	switch {
	case st == pylit.Open && i == len(s):
		return dst, i
	case st == pylit.Closed:
		return o.decide(m, dst, s, i), i
	}
	return m.Abandon(m.Settle(dst, nil), s, i)
}

// head follows the object's start while it may be a call's: '{', spaces,
// then a first key that calls start with.
func (o *objects) head(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	j := i
	if m.Len(s, i) == o.at { // the '{'
		j++
	}
	for ; j < len(s); j++ {
		c := s[j]
		if o.state == oOpen {
			switch {
			case jsonvalue.IsSpace(c):
				continue
			case c == '"':
				o.state = oKey
				continue
			}
			return m.Abandon(dst, s, j)
		}
		if c == '"' {
			if !startKeys[string(o.key)] {
				return m.Abandon(dst, s, j)
			}
			o.state = oBody
			j++
			break
		}
		if len(o.key) >= 10 {
			return m.Abandon(dst, s, j)
		}
		o.key = append(o.key, c)
	}
	if o.state == oBody { // the reader reads the head's bytes too, from the object's start
		o.value = pylit.RenewValue(o.value, *m.Parser())
		o.value.HoldObjects() // a small object cut by deltas is read whole, in one pass
		if o.known == nil {
			o.known = m.Req.IsKnownTool
		}
		o.fenced = m.InFenceAfterProse("")
		if o.fenced {
			m.FollowWith(block.FollowCallObject, never)
		} else {
			m.FollowWith(block.FollowCallObject, o.known)
		}
		if k, ok := m.InDelta(o.at); ok {
			// The head is in this delta: the next step feeds the reader
			// from the '{' on, the rest of the object with it (read in
			// one pass when the object is whole here and flat).
			return dst, k
		}
		// The head's bytes from earlier deltas, then this delta's: the
		// reader keeps no part of what it is fed, so a buffer on the
		// stack does (and an object it holds back, it copies).
		var buf [64]byte
		held := m.AppendHeldFrom(buf[:0], o.at)
		o.value.Feed(unsafe.String(unsafe.SliceData(held), len(held)))
		o.value.Feed(s[:j])
		if m.Streaming {
			m.FollowFeed(m.Peek(s, j, o.at))
		}
	}
	return dst, j
}

// decide ends an object that closed at s[i]: calls, or prose.
func (o *objects) decide(m *block.Machine, dst []toolcall.Event, s string, i int) []toolcall.Event {
	start := m.Start()
	text := m.Text(s, i)
	raw, err := o.value.Stable(), o.value.Close() // read as it arrived
	var calls []toolcall.Call
	ok := err == nil
	if ok {
		var described bool // a tool's description is prose
		calls, described, err = jsoncall.CallsOrDescription(raw, m.Parser(), m.Requested)
		ok = err == nil && !described && o.allKnown(m, calls) && !o.example(m, start+o.at, calls[0].Name) && !m.RefuseCalls(len(calls), start+o.at)
	}
	if !ok {
		m.Leave()
		return m.Content(m.Settle(dst, nil), text)
	}
	dst = m.Settle(dst, &calls[0])
	for k := range calls { // the separators before it, between calls, are dropped; the calls are the events'
		dst = m.CallAt(dst, &calls[k], start+o.at)
	}
	m.Begin(i)
	o.state = oAfter
	return dst
}
