package pythonic

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/mdlink"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// table is the format as the block machine reads it: no blocks, only the
// end-of-turn tokens that servers often leave in the text, consumed
// wherever they stand in prose, and call lists, which start at '['.
var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		{Text: "<end_of_turn>", EndsTurn: true}, {Text: "<|eot_id|>", EndsTurn: true}, {Text: "<|eot|>", EndsTurn: true},
		{Text: "<|im_end|>", EndsTurn: true}, {Text: "<|endoftext|>", EndsTurn: true}, {Text: "</s>", EndsTurn: true},
		{Text: "<|role_end|>", EndsTurn: true}, {Text: "<|eom_id|>", EndsTurn: true}, {Text: "<|eom|>", EndsTurn: true},
	},
	Triggers: "[",
	Hooks:    func() block.Hooks { return &lists{} },
}

type listState uint8

const (
	lHead listState = iota // '[' in prose: '[' name '(' starts a call list
	lList                  // a call list, until its brackets close
	lTail                  // after a list's ']', a '(': a Markdown link's tail?
)

// lists are the format's call lists in prose, as the block machine's
// hooks. The pending item is the list, from its '['.
type lists struct {
	state   listState
	head    pylit.ListHead
	list    *pylit.List // reads the pending list as it arrives, head and all; from the pool at the first list
	opening bool        // the pending list opens the response
	tail    mdlink.Tail // what follows the closed list, when a '(' does
	listLen int         // the closed list's length in the pending item
}

func (h *lists) Start(*block.Machine, string, int) bool { return false }

func (h *lists) AfterBlock(*block.Machine, block.Block, string, int) {}

// InCandidate: inside a call list's brackets, text is data.
func (h *lists) InCandidate() bool { return h.state == lList }

// At starts a possible call list at the '[' at s[i].
func (h *lists) At(m *block.Machine, s string, from, i int) (start, next int, took bool) {
	m.Begin(i)
	m.Enter()
	h.state, h.head = lHead, pylit.ListHead{}
	if h.list == nil {
		h.list = pylit.NewList() // from the pool, with the buffers it grew: back when the machine is recycled
	}
	h.list.Reset(*m.Parser())
	return i, i, true
}

func (h *lists) Step(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if h.state != lList { // before or after the list: its head, or a link's tail?
		if h.state == lHead {
			return h.stepHead(m, dst, s, i)
		}
		return h.stepTail(m, dst, s, i)
	}
	st, j := m.FeedReader(h.list, s, i)
	switch st {
	case Open:
		if j == len(s) {
			return dst, j
		}
	case Closed:
		if (j == len(s) || s[j] == '(') && !m.AtLineStart("") { // a Markdown link's text, [f()](url)?
			h.state, h.listLen = lTail, m.Len(s, j)
			h.tail.Reset()
			return dst, j
		}
		return h.decide(m, dst, s, j), j
	}
	m.GiveUp(st, j)
	dst = h.list.Abandon(&m.Base, dst)
	h.release(m)
	return m.Abandon(dst, s, j)
}

// stepTail reads what follows a closed list: a Markdown link's tail,
// (destination "title"), makes the list the link's text, content;
// anything else leaves it a list, decided.
func (h *lists) stepTail(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	end := min(len(s), i+max(m.Room(s, i), 0))
	res, n := h.tail.Feed(s[i:end])
	switch {
	case res == marker.Full:
		dst = h.list.Abandon(&m.Base, dst)
		h.release(m)
		return m.Abandon(dst, s, i+n)
	case res == marker.Partial && end == len(s):
		return dst, len(s)
	}
	return h.decide(m, dst, s, i+n), i + n
}

// decide hands on the list that closed at offset listLen of the pending
// item (all of it, when the list is not in lTail), whose text ends at
// s[:j], and what follows it through there as content: calls or content,
// as the list's names say.
func (h *lists) decide(m *block.Machine, dst []toolcall.Event, s string, j int) []toolcall.Event {
	start, accept := m.Start(), h.accept(m)
	tail := h.state == lTail && m.Len(s, j) > h.listLen
	text, rest := "", ""
	switch {
	case tail:
		text = m.Text(s, j)
		text, rest = text[:h.listLen], text[h.listLen:]
		if h.list.Clean(accept) {
			text = ""
		}
	case h.list.Clean(accept):
		m.Drop() // all calls: the list's text is not needed (a long call's would be copied whole)
	default:
		text = m.Text(s, j)
	}
	m.Leave()
	dst, _ = h.list.Decide(&m.Base, dst, text, start, accept)
	h.release(m)
	return m.Content(dst, rest)
}

// release frees what the decided list's calls held (they were handed on
// as copies): the response's next list reuses its reader.
func (h *lists) release(m *block.Machine) {
	h.list.Free(*m.Parser())
	h.state = lHead
}

// Release implements block.Releaser: the list's reader goes back to the
// pool when the machine is recycled.
func (h *lists) Release() {
	if h.list != nil {
		h.list.Release()
		h.list = nil
	}
}

// stepHead reads what follows a '[' until it is a call list's head, '['
// name '(', or cannot be one (then the '[' is prose). The list's reader
// reads the head's bytes too.
func (h *lists) stepHead(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, n := m.FeedHead(&h.head, s, i)
	switch res {
	case marker.Partial:
		h.list.Feed(s[i:])
		return dst, len(s)
	case marker.None:
		return m.Abandon(dst, s, i+n)
	}
	h.state = lList
	h.opening = !m.Said.Spoke() // the prose before the '[' has gone out
	if k, ok := m.InDelta(0); ok {
		// The head is in this delta, and the list has read none of it:
		// the next step feeds it from the '[' on, with what follows (a
		// call whole in the delta is read in one pass).
		return dst, k
	}
	h.list.Feed(s[i : i+n])
	return dst, i + n
}

// Quiet implements block.Quieter: while the head reads the list's first
// name, nothing is told until a byte that is no name's, and within the
// pending limit, where the head would give up.
func (h *lists) Quiet(m *block.Machine) protocol.Quiet {
	if h.state != lHead {
		return protocol.Quiet{}
	}
	return h.head.Quiet(m.Room("", 0))
}

// Reading implements block.Reading: the pending list, once its head is read.
func (h *lists) Reading() *pylit.Reader {
	if h.state != lList {
		return nil
	}
	return h.list.Reader()
}

// Close ends the response: an open call list is content; one that closed
// with nothing after it, or the start of a link's tail, is decided.
func (h *lists) Close(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	if h.state == lTail {
		return m.Emit(h.decide(m, dst, "", 0), "", 0)
	}
	if h.state == lList {
		m.Diag(toolcall.KindSyntax, m.Start(), "", "the call list is not closed at the end of the response")
	}
	if h.list != nil {
		dst = h.list.Abandon(&m.Base, dst)
		h.release(m)
	}
	return m.Emit(dst, "", 0)
}

// Progress implements block.Progressor: with argument streaming, the
// calls the pending list holds are reported as they arrive.
func (h *lists) Progress(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	if h.state != lList {
		return dst
	}
	return h.list.Progress(&m.Base, dst, h.accept(m))
}

// accept says which names the pending list may call: any when it opens
// the response, else only the request's tools (in prose, a list naming
// another is prose).
func (h *lists) accept(m *block.Machine) func(string) bool {
	if h.opening {
		return nil
	}
	return m.Req.IsKnownTool
}
