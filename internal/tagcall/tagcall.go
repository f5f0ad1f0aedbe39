// Package tagcall reads the calls of a block whose arguments stand in
// tags, for a format on the block machine: a Syntax gives a kind of block
// its Read (the whole body) and its Follow (the body's first call while it
// arrives, for argument streaming), both on one tagargs.Reader, so that
// the rule for tags inside values is tagargs's alone; Syntax.Marked is the
// table of a format whose calls stand in such blocks. A format that
// writes its values its own way builds its follower on Following, and its
// reader of whole bodies on Whole.
package tagcall

import (
	"errors"
	"strings"
	"sync"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/clip"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// Syntax is how a kind of block holds its calls.
type Syntax struct {
	// Markers are the tags of a call.
	Markers *tagargs.Markers
	// Start is where a body begins: tagargs.Open, before calls with their
	// open tags (one or more); tagargs.Name, at a call's name, whose call
	// is the body's only one (what follows its end tag is ignored).
	Start tagargs.State
	// TrimNewline drops a value's first and last newline, which the
	// format's template writes around every value (Qwen3-Coder's).
	TrimNewline bool
	// NoCall is the error of a body that holds no call; Between the
	// diagnostic of text after a call that opens none.
	NoCall  error
	Between string
	// MaxHeld bounds what a follower holds undecided (a tag a value may
	// end at, a name, a key).
	MaxHeld int
}

// NameMsg says why name is no function's name, or "".
func NameMsg(name string) string {
	if !textargs.ValidName(name) {
		return "not a function name: " + clip.Quote(name)
	}
	return ""
}

// ErrNoCall is a Syntax's NoCall when it sets none.
var ErrNoCall = errors.New("the block holds no call")

// Read reads a block's body with the reader that also follows it (see
// Follow). A call whose end tag is missing at the end of the body is a
// call, unless the end of the response cut its arguments: none yet, a
// value whose close tag never came, or an argument the tool's schema
// requires still missing (block.ErrCutOff).
func (s *Syntax) Read(m *block.Machine, body string) ([]block.Item, error) {
	if body == "" && s.Start != tagargs.Name { // an empty block holds no call: no reader needed
		return nil, nil
	}
	w := readers.Get().(*whole)
	defer release(w)
	w.s = s
	w.Reset(m, body)
	w.R.Reset(s.Markers, w, s.Start, 0)
	w.R.Feed(body)
	for {
		resume := w.R.Close()
		if resume < 0 || s.Start == tagargs.Name || w.Err != nil {
			break
		}
		w.R.ResumeAt(resume) // the end tag that ended a value was the first after it
		w.R.Feed(body[resume:])
	}
	defer w.Put()
	if err := w.Failure(); err != nil {
		return nil, err
	}
	if w.R.State() == tagargs.Between && w.B != nil { // a call the end of the body ends
		if m.CutOff() && (!w.R.Closed() || w.B.Len() == 0 || !w.B.Complete()) && w.Args == "" {
			return nil, block.ErrCutOff
		}
		w.EndCall()
	}
	if len(w.Items) == 0 {
		return nil, nil
	}
	return w.Items, nil
}

// readers keeps wholes, so that reading a block allocates none.
var readers = sync.Pool{New: func() any { return new(whole) }}

// release gives w back to the pool, holding nothing of the block.
func release(w *whole) {
	w.s = nil
	w.Release()
	readers.Put(w)
}

// whole is the tagargs.Handler of a whole body: it gathers each call's
// values and makes a call of it.
type whole struct {
	Whole
	s *Syntax
}

func (w *whole) Name(name string, at int) string {
	if msg := NameMsg(name); msg != "" {
		return msg
	}
	w.NewCall(name, max(0, at-len(w.s.Markers.Call)))
	return ""
}

func (w *whole) Key(key string, at int) { w.Param, w.ParamAt = key, at }

func (w *whole) EndValue(from, to int, _ bool) {
	val := w.Body[from:to]
	if w.s.TrimNewline {
		val = strings.TrimPrefix(val, "\n")
		val = strings.TrimSuffix(val, "\n")
	}
	w.Note(w.B.Set(w.Param, val, w.ParamAt))
}

func (w *whole) End(int) bool {
	w.EndCall()
	return w.s.Start != tagargs.Name
}

func (w *whole) Trailing(at int) {
	if len(w.Items) == 0 {
		w.Err = w.s.NoCall
		if w.Err == nil {
			w.Err = ErrNoCall
		}
		return
	}
	w.Items = append(w.Items, block.Item{Content: w.Body[at:], Offset: at, Err: &toolcall.SyntaxError{Offset: at, Msg: w.s.Between}})
}

func (w *whole) Known(key string) bool { return w.B.Known(key) }

// Follow returns the follower of a block of the kind: it follows the
// body's first call while it arrives, with the reader that reads the
// whole body (Read): its name, then each value as JSON string text. What
// the reader holds undecided (a '<' that may start a tag that ends the
// value) waits; what only the whole body tells (an end tag inside a
// value, which ends it only when no close tag follows; a repeated key;
// JSON arguments; a value the schema may make null) stops the following,
// and the call then comes whole.
func (s *Syntax) Follow(m *block.Machine) block.Follower {
	f := &follower{s: s}
	f.M = m
	f.R.Reset(s.Markers, f, s.Start, s.MaxHeld)
	return f
}

// follower is the tagargs.Handler that follows a body's first call.
type follower struct {
	Following
	s     *Syntax
	first bool // the value's first byte is next (TrimNewline drops a newline there)
}

func (f *follower) Key(key string, _ int) {
	f.Dead = f.Dead || !f.W.Key(key)
	f.first = f.s.TrimNewline
}

func (f *follower) Text(t string) {
	if f.Dead || t == "" {
		return
	}
	if f.first {
		f.first = false
		if t[0] == '\n' {
			t = t[1:]
		}
	}
	f.W.Text(t)
}

func (f *follower) EndValue(int, int, bool) {
	if !f.Dead {
		f.W.EndValue(f.s.TrimNewline)
	}
}

func (f *follower) Fresh(key string) bool { return f.W.Fresh(key) }

func (f *follower) Known(key string) bool { return f.W.Known(key) }

// Marked is the table of a format whose calls stand in blocks of s.Kind
// from open to end, and whose turn ends at each of turnEnds (the next
// turn: the response ended). Inside a value no marker counts but its close
// tag (and the call's end tag, which closes a value whose close is
// missing); a second open outside a value ends a block whose end is
// missing and opens the next. An end, or a call's end tag, outside a
// block is dropped.
func (s *Syntax) Marked(open, end string, turnEnds ...string) block.Format {
	return block.Marked{
		Open: open, End: end, Kind: s.Kind(block.MarkedEnd, block.MarkedOpen),
		TurnEnds: turnEnds, More: []block.Marker{{Text: s.Markers.End}},
	}.Format()
}

// Kind is a kind of block that s reads, its calls standing in one block
// that end closes: a second opening of one of yields ends a block whose
// end is missing; inside a value no marker counts but the value's close
// (Markers.Close) and the call's end tag (Markers.End), which closes a
// value whose close is missing.
func (s *Syntax) Kind(end block.Token, yields ...block.Token) block.Kind {
	m := s.Markers
	return block.Kind{
		End:        end,
		Yields:     yields,
		Scan:       block.ScanTagged,
		Value:      [2]string{m.Param, m.Close},
		ValueEnds:  []string{m.End},
		ValueNext:  []string{m.End},
		ValueNests: m.NestTags(),
		Read:       s.Read,
		Follow:     s.Follow,
	}
}
