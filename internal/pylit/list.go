package pylit

import (
	"errors"
	"sync"

	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/toolcall"
)

// List reads a call list in a response while it arrives, for a decoder
// built on the engine: its Reader decides where the list ends and writes
// each call's JSON in the same pass, so the list is never read again; with
// argument streaming it reports each call's progress (engine.Base's
// Started, Fragment and Retract), and Decide or Abandon ends what it
// started.
//
// The zero List reads a list with the default settings.
type List struct {
	r      Reader
	reset  bool  // Reset ran
	starts []int // where each call started for streaming begins, in the list
	sent   int   // how much of the latest call's JSON went out
	seen   int   // elements Progress has seen
}

// Reset begins a list read with p's settings.
func (l *List) Reset(p Parser) {
	l.r.Reset(p, GoalList)
	l.r.Stream()
	l.starts, l.sent, l.seen = l.starts[:0], 0, 0
	l.reset = true
}

// Feed reads s and returns how many of its bytes belong to the list (all
// of them while it is Open).
func (l *List) Feed(s string) int {
	if !l.reset {
		l.Reset(Parser{})
	}
	return l.r.Feed(s)
}

// Reader is the list's Reader, once Reset has run: a decoder may feed it
// directly, as Feed would.
func (l *List) Reader() *Reader { return &l.r }

// Status is the verdict on the list so far.
func (l *List) Status() Status { return l.r.Status() }

// Progress reports, with argument streaming, the calls the list holds so
// far: a start for each call accept takes (nil: any), once, and the JSON
// of the open call's arguments that grew stable since the last Progress.
func (l *List) Progress(b *engine.Base, dst []toolcall.Event, accept func(string) bool) []toolcall.Event {
	if b == nil || !b.Streaming {
		return dst
	}
	took := func(name string) bool { return accept == nil || accept(name) }
	elems := l.r.Elements()
	for _, el := range elems[l.seen:] { // calls that ended since the last Progress
		if n := len(l.starts); el.Err == nil && (n == 0 || l.starts[n-1] < el.Start) && took(el.Call.Name) {
			l.starts = append(l.starts, el.Start)
			dst = b.Started(dst, el.Call.Name, "")
		}
	}
	l.seen = len(elems)
	name, start, stable, ok := l.r.OpenCall()
	if !ok {
		return dst
	}
	if n := len(l.starts); n == 0 || l.starts[n-1] != start {
		if !took(name) {
			return dst
		}
		l.starts = append(l.starts, start)
		l.sent = 0
		dst = b.Started(dst, name, "")
	}
	if len(stable) > l.sent {
		dst = b.Fragment(dst, stable[l.sent:])
		l.sent = len(stable)
	}
	return dst
}

// Abandon ends every call the list started: the list is not calls.
func (l *List) Abandon(b *engine.Base, dst []toolcall.Event) []toolcall.Event {
	if b == nil {
		return dst
	}
	for range l.starts {
		dst = b.Retract(dst)
	}
	l.starts = l.starts[:0]
	return dst
}

// Clean reports whether the closed list is calls only, each to a tool
// accept takes (nil: any): then Decide reads nothing of its text.
func (l *List) Clean(accept func(string) bool) bool {
	if l.r.Close() != nil {
		return false
	}
	for _, el := range l.r.Elements() {
		if el.Err != nil || accept != nil && !accept(el.Call.Name) {
			return false
		}
	}
	return true
}

// Decide hands on the closed list, whose text starts at offset start of
// the response: its calls, and the text of each element that did not parse
// as content with a diagnostic. When the list does not parse, or a call
// names a tool accept refuses (nil: any), the whole text is content. It
// returns whether the list was calls.
func (l *List) Decide(b *engine.Base, dst []toolcall.Event, text string, start int, accept func(string) bool) ([]toolcall.Event, bool) {
	if b == nil {
		return dst, false
	}
	err := l.r.Close()
	elems := l.r.Elements()
	if err != nil {
		DiagnoseAt(b, err, start, "")
		return b.Content(l.Abandon(b, dst), text), false
	}
	calls := 0
	for _, el := range elems {
		if accept != nil && !accept(el.Call.Name) {
			b.Diag(toolcall.KindUnknownTool, start+el.Start, el.Call.Name, "a call list in prose names a tool the request does not offer")
			return b.Content(l.Abandon(b, dst), text), false
		}
		if el.Err == nil {
			calls++
		}
	}
	if b.RefuseCalls(calls, start) { // more calls than the response may hand on
		return b.Content(l.Abandon(b, dst), text), false
	}
	b.Said.Say()
	k := 0 // the next started call
	for _, el := range elems {
		began := k < len(l.starts) && l.starts[k] == el.Start
		if began {
			k++
		}
		if el.Err != nil {
			if began {
				dst = b.Retract(dst)
			}
			DiagnoseAt(b, el.Err, start, el.Call.Name)
			dst = b.Content(dst, text[el.Start:el.End])
			continue
		}
		if !began {
			dst = b.Started(dst, el.Call.Name, "") // every call is started once any is
		}
		for _, r := range el.Repaired {
			DiagnoseAt(b, r, start, el.Call.Name)
		}
		dst = b.Call(dst, el.Call, start+el.Start)
	}
	l.starts = l.starts[:0]
	return dst, true
}

// Free lets go of what the last list's calls held.
func (l *List) Free(p Parser) { l.r.Reset(p, GoalList) }

// lists keep Lists for reuse, with the buffers they grew.
var lists = sync.Pool{New: func() any { return new(List) }}

// NewList returns a List to read one list with, from a pool: a decoder
// that meets lists now and then (a block of its own per list) need not
// grow a reader for each. Give it back with Release once its list is
// decided.
func NewList() *List { return lists.Get().(*List) }

// Release gives l back for reuse; l must not be used after.
func (l *List) Release() {
	if l != nil {
		lists.Put(l)
	}
}

// values keep streamed Readers for reuse.
var values = sync.Pool{New: func() any { return new(Reader) }}

// NewReader returns a Reader, from a pool, that reads for goal with p's
// settings and decides where what it reads ends (Stream): a decoder that
// meets candidates now and then need not grow a reader for each. Give it
// back with ReleaseValue once its candidate is decided.
func NewReader(p Parser, goal Goal) *Reader {
	r := values.Get().(*Reader)
	r.Reset(p, goal)
	r.Stream()
	return r
}

// Renew makes r read for goal with p's settings and decide where what it
// reads ends, as a Reader from NewReader does; a nil r is one from the
// pool. A decoder that keeps one reader from candidate to candidate keeps
// the buffers it grew, whatever the pool does; it gives it back with
// ReleaseValue when the response is done.
func Renew(r *Reader, p Parser, goal Goal) *Reader {
	if r == nil {
		return NewReader(p, goal)
	}
	r.Reset(p, goal)
	r.Stream()
	return r
}

// RenewValue is Renew for one JSON value, as NewValue reads one.
func RenewValue(r *Reader, p Parser) *Reader {
	p.JSONEscapes = true
	return Renew(r, p, GoalValue)
}

// NewValue returns a streamed Reader, from the pool, that reads one JSON
// value as jsoncall reads one (p with JSONEscapes on).
func NewValue(p Parser) *Reader {
	p.JSONEscapes = true
	return NewReader(p, GoalValue)
}

// NewCall returns a streamed Reader, from the pool, that reads one call,
// name(args), as the first call of a run (GoalRun: its Element, or the
// error of Close when no call began).
func NewCall(p Parser) *Reader { return NewReader(p, GoalRun) }

// ReleaseValue gives r, from NewReader, NewValue or NewCall, back for
// reuse; r must not be used after.
func ReleaseValue(r *Reader) {
	if r != nil {
		values.Put(r)
	}
}

// DiagnoseAt records err, a *SyntaxError found in text at offset start of
// the response, as a diagnostic: of kind "limit" when it is ErrTooDeep,
// else "syntax"; call names the call it concerns, if any. ErrTooMany (a
// list of more calls than the response may still hand on) ends the
// response's calls (engine.Base.CapCalls), which says so.
func DiagnoseAt(b *engine.Base, err error, start int, call string) {
	if b == nil || err == nil {
		return
	}
	var se *SyntaxError
	if !errors.As(err, &se) {
		b.Diag(toolcall.KindSyntax, start, call, err.Error())
		return
	}
	if errors.Is(se, ErrTooMany) {
		b.CapCalls(start + se.Offset)
		return
	}
	kind := toolcall.KindSyntax
	if errors.Is(se, ErrTooDeep) {
		kind = toolcall.KindLimit
	}
	b.Diag(kind, start+se.Offset, call, se.Msg)
}
