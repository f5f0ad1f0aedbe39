package olmo3

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// untagged is OLMo 3's reading of a response that is nothing but calls,
// as the machine's hooks: a response that starts with a name is held,
// call by call, until its end or an end-of-turn token shows it held
// nothing else.
type untagged struct {
	run   block.CallRun
	state untaggedState
	done  int // calls read so far
	mark  int // where a possible end-of-turn token starts in the pending item
}

type untaggedState uint8

const (
	uCall    untaggedState = iota // a call
	uBetween                      // separators after a call
	uEOT                          // '<' after a call: an end-of-turn token?
)

func (u *untagged) Start(m *block.Machine, s string, i int) bool {
	if !pythonic.IsNameStartByte(s[i]) {
		return false
	}
	m.Begin(i)
	m.Enter()
	u.state, u.done = uCall, 0
	u.run.Begin()
	return true
}

func (u *untagged) AfterBlock(*block.Machine, block.Block, string, int) {}

func (u *untagged) At(*block.Machine, string, int, int) (int, int, bool) { return 0, 0, false }

// Reading implements block.Reading: a call's reader, while its brackets
// are open.
func (u *untagged) Reading() *pythonic.Reader { return u.run.Reading() }

func (u *untagged) InCandidate() bool { return u.run.InBrackets() }

func (u *untagged) Close(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	if u.state == uBetween && u.done > 0 {
		start := m.Start()
		text := m.Text("", 0)
		return u.decide(m, dst, text, text, start)
	}
	return m.Emit(dst, "", 0)
}

func (u *untagged) Step(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	switch u.state {
	case uCall:
		dst, j, closed := u.run.Hold(m, dst, s, i)
		if closed {
			u.done++
			u.state = uBetween
		}
		return dst, j
	case uBetween:
		j := block.SkipSeparators(s, i)
		u.run.Separators(s[i:j])
		switch {
		case j == len(s):
		case s[j] == '<':
			u.state, u.mark = uEOT, m.Len(s, j)
		default:
			u.state = uCall
			u.run.Start()
		}
		return dst, j
	}
	dst, text, end, ended := m.HeldEnd(dst, s, i, u.mark, endsTurn) // another: a block, or an orphan
	if !ended {
		return dst, end
	}
	return u.decide(m, dst, text, text[:u.mark], m.Start()), end
}

// endsTurn reports whether tok ends the turn, and so a response of calls.
func endsTurn(m *block.Machine, tok block.Token) bool { return m.Marker(tok).EndsTurn }

// decide reads a response that held nothing but calls: they are calls when
// every name is a requested tool; otherwise the text is content.
func (u *untagged) decide(m *block.Machine, dst []toolcall.Event, text, calls string, start int) []toolcall.Event {
	items, err := u.run.Read(m, kBlock, calls)
	if err != nil || len(items) == 0 {
		if err != nil {
			m.DiagErr(err, start, "")
		}
		return m.Content(dst, text)
	}
	for _, it := range items {
		if it.Call == nil || !m.Req.IsKnownTool(it.Call.Name) {
			if it.Call != nil {
				m.Diag(toolcall.KindUnknownTool, start+it.Offset, it.Call.Name, "a call outside the tags names a tool the request does not offer")
			}
			return m.Content(dst, text)
		}
	}
	if m.RefuseCalls(len(items), start) { // more calls than the response may hand on
		return m.Content(dst, text)
	}
	for _, it := range items {
		dst = m.CallAt(dst, it.Call, start+it.Offset) // the run's items are fresh: the events hold their calls
	}
	return dst
}
