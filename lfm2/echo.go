package lfm2

import (
	"slices"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// echo is LFM2's echo repair, as the machine's hooks: after a block, text
// that starts like a call is held; when an orphan end marker closes it and
// it holds the block's calls again, it is dropped.
type echo struct {
	run      block.CallRun
	last     []toolcall.Call // the calls of the last block, copied (the stream's are not the hooks')
	state    echoState
	matching bool // end is matching a marker at mark
	candAt   int  // where the echo starts in the pending item
	mark     int  // where a possible marker starts in the pending item
}

type echoState uint8

const (
	eAfter echoState = iota // whitespace after a block
	eCall                   // an echoed call
	eEnd                    // after an echoed call: another, or the orphan end marker?
)

func (e *echo) Start(*block.Machine, string, int) bool { return false }

func (e *echo) At(*block.Machine, string, int, int) (int, int, bool) { return 0, 0, false }

func (e *echo) AfterBlock(m *block.Machine, b block.Block, s string, i int) {
	e.last = slices.Grow(e.last[:0], len(b.Items)) // one allocation, and none once it has the room
	for _, it := range b.Items {
		if it.Call != nil {
			e.last = append(e.last, *it.Call)
		}
	}
	if len(e.last) == 0 {
		return
	}
	e.state = eAfter
	m.Begin(i)
	m.Enter()
}

// Reading implements block.Reading: an echoed call's reader, while its
// brackets are open.
func (e *echo) Reading() *pythonic.Reader { return e.run.Reading() }

func (e *echo) InCandidate() bool { return e.run.InBrackets() }

func (e *echo) Close(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	return m.Emit(dst, "", 0)
}

func (e *echo) Step(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	switch e.state {
	case eAfter:
		j := i
		for j < len(s) && jsonvalue.IsSpace(s[j]) {
			j++
		}
		if j == len(s) {
			return dst, j
		}
		if s[j] != '[' && !pythonic.IsNameStartByte(s[j]) {
			return m.Abandon(dst, s, j)
		}
		e.candAt = m.Len(s, j)
		e.state = eCall
		e.run.Begin()
		return dst, j
	case eCall:
		dst, j, closed := e.run.Hold(m, dst, s, i)
		if closed {
			e.state, e.matching = eEnd, false
		}
		return dst, j
	}
	return e.end(m, dst, s, i)
}

// end follows an echoed call: separators and another call, or the orphan
// end marker that makes it an echo.
func (e *echo) end(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if !e.matching {
		j := block.SkipSeparators(s, i)
		e.run.Separators(s[i:j])
		if i = j; i == len(s) {
			return dst, i
		}
		switch {
		case pythonic.IsNameStartByte(s[i]):
			e.state = eCall
			e.run.Start()
			return dst, i
		case s[i] != '<':
			return m.Abandon(dst, s, i)
		}
		e.matching, e.mark = true, m.Len(s, i)
	}
	dst, text, end, ended := m.HeldEnd(dst, s, i, e.mark, isEnd) // another marker: no echo
	if !ended {
		return dst, end
	}
	items, err := e.run.Read(m, kBlock, text[e.candAt:e.mark])
	if err == nil && sameCalls(items, e.last) {
		return dst, end // the echo and the orphan marker are dropped
	}
	return m.Content(dst, text[:e.mark]), end
}

// isEnd reports whether tok is the end marker, which ends an echo.
func isEnd(_ *block.Machine, tok block.Token) bool { return tok == block.MarkedEnd }

func sameCalls(items []block.Item, calls []toolcall.Call) bool {
	if len(items) != len(calls) {
		return false
	}
	for i, it := range items {
		if it.Call == nil || it.Call.Name != calls[i].Name || it.Call.Arguments != calls[i].Arguments {
			return false
		}
	}
	return true
}
