package kimik3

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/toolcall"
)

// endOfMsg is the one marker that may follow <|close|>message<|sep|>.
var endOfMsgSet = marker.NewSet(endOfMsgText)

// spaces are the whitespace before <|end_of_msg|>.
var spaces = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// messageEnd reads what follows <|close|>message<|sep|>, which closes the
// assistant's message: whitespace and <|end_of_msg|>, which end the turn
// without a word; anything else is after the end of the turn, dropped with
// a diagnostic, as what follows <|end_of_msg|> is.
type messageEnd struct {
	started bool // the response's start was seen (the first Start)
}

// Start is asked at the response's first byte other than whitespace,
// which it leaves to prose, and after each <|close|>message<|sep|> (a
// marker that Restarts), where it takes over.
func (h *messageEnd) Start(m *block.Machine, _ string, _ int) bool {
	if !h.started {
		h.started = true
		return false
	}
	m.Enter()
	return true
}

// Step reads the bytes after <|close|>message<|sep|>.
func (h *messageEnd) Step(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, i := m.HoldMarker(endOfMsgSet, &spaces, s, i)
	switch res {
	case marker.Full: // <|end_of_msg|> ends the turn
		m.Drop()
		m.EndTurn()
	case marker.None: // anything else is after the end of the turn
		m.DropTurn(s, i)
	}
	// On a Partial match, more bytes decide.
	return dst, i
}

// Close drops what the response's end cut: a part of <|end_of_msg|>.
func (h *messageEnd) Close(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	m.Drop()
	return dst
}

// AfterBlock implements block.Hooks: nothing follows a call but prose.
func (h *messageEnd) AfterBlock(*block.Machine, block.Block, string, int) {}

// At implements block.Hooks; the format has no triggers.
func (h *messageEnd) At(*block.Machine, string, int, int) (start, next int, took bool) {
	return 0, 0, false
}

// InCandidate implements block.Hooks: what follows the message is no call.
func (h *messageEnd) InCandidate() bool { return false }
