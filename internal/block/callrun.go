package block

import (
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// CallRun follows a run of pythonic calls that a hook holds outside a
// block (an echo, an untagged response), call by call: a name, then
// brackets until they close; or a call list in [ ]. One Reader reads the
// whole run on the way: it says where each call ends, and when it has
// read every byte of the run (the hook hands it the separators between
// calls too, Separators), Read takes its calls instead of parsing the
// text again.
type CallRun struct {
	r       *pylit.Reader // made when the first run begins: most responses have none
	started bool          // r reads the run: its first call began
	lost    bool          // r missed bytes of the run, or met what a run cannot hold
	list    bool          // r reads a call list, which no call may follow
	// the call being read
	calling             bool // from Start until Step ends the call
	head, named, spaced bool
}

// RunStatus says how far Step got.
type RunStatus uint8

const (
	RunMore   RunStatus = iota // all of s was read; the call goes on
	RunClosed                  // the call's brackets closed just before s[next]
	RunOther                   // s[next] cannot continue the call
	RunLimit                   // the call passed the pending-size limit at s[next] (a diagnostic is recorded)
)

// Begin begins a new run, whose first call comes next.
func (r *CallRun) Begin() {
	r.started, r.lost, r.list = false, false, false
	r.Start()
}

// Start begins the run's next call.
func (r *CallRun) Start() { r.calling, r.head, r.named, r.spaced = true, true, false, false }

// InBrackets reports whether a call's brackets have opened and Step has
// not ended it: inside them, text is data.
func (r *CallRun) InBrackets() bool { return r.calling && !r.head }

// Separators hands r the text between two calls of the run (whitespace,
// ',' or ';'), for its reader.
func (r *CallRun) Separators(s string) {
	if s == "" || r.lost {
		return
	}
	if r.r == nil || !r.r.Resume() || r.r.Feed(s) < len(s) || r.r.Status() != pylit.Open {
		r.lost = true
	}
}

// Reading returns the reader of the call, while the call's brackets are
// open (InBrackets) and it reads on, for a hook's block.Reading; else nil.
func (r *CallRun) Reading() *pylit.Reader {
	if !r.InBrackets() || r.r == nil || r.r.Status() != pylit.Open {
		return nil
	}
	return r.r
}

// Step follows the call through s[i:], held as m's pending item; any
// status but RunMore ends the call.
func (r *CallRun) Step(m *Machine, s string, i int) (RunStatus, int) {
	st, j := r.step(m, s, i)
	r.calling = st == RunMore
	return st, j
}

// step is Step but for ending the call.
func (r *CallRun) step(m *Machine, s string, i int) (RunStatus, int) {
	from := i
	for ; r.head && i < len(s); i++ {
		c := s[i]
		switch {
		case !r.named && c == '[':
			r.begin(m, true)
			r.head = false
		case !r.named && (pylit.IsNameStartByte(c) || c >= 0x80):
			r.begin(m, false)
			r.named = true
		case r.named && !r.spaced && (pylit.IsNameByte(c) || c >= 0x80):
		case r.named && jsonvalue.IsSpace(c):
			r.spaced = true
		case r.named && c == '(':
			r.head = false
		default:
			return RunOther, i
		}
		if !r.head {
			break
		}
	}
	if r.head { // all of s was the call's name
		r.feedHead(s[from:i])
		return RunMore, i
	}
	st, j := m.FeedReader(r.r, s, from) // the rest of the name, if any, and the brackets
	switch st {
	case pylit.Open:
		if j == len(s) {
			return RunMore, j
		}
		return RunLimit, j
	case pylit.Closed:
		return RunClosed, j
	}
	return RunOther, j
}

// begin starts reading the call whose first byte came: the run's reader
// goes on, unless this call cannot continue what it read (a list, a call
// after one, or a reader that lost the run or failed); then a new reader
// reads the call, for its end.
func (r *CallRun) begin(m *Machine, list bool) {
	if !r.started || list || r.lost || r.list || !r.r.Resume() {
		r.lost = r.lost || r.started
		r.started = true
		goal := pylit.GoalRun
		if r.list = list; list {
			goal = pylit.GoalList
		}
		if r.r == nil {
			r.r = new(pylit.Reader)
		}
		r.r.Reset(*m.Parser(), goal)
		r.r.Stream()
	}
}

// feedHead feeds the reader the call's name (and the blanks after it),
// which Step read.
func (r *CallRun) feedHead(s string) {
	if s == "" {
		return
	}
	if r.r.Feed(s) < len(s) || r.r.Status() != pylit.Open {
		r.lost = true
	}
}

// Read reads text, the run's text, as a block of kind k reads its body:
// with what the run's reader read, when it read all of text.
func (r *CallRun) Read(m *Machine, k int, text string) ([]Item, error) {
	if r.lost || r.r == nil || r.r.Offset() != len(text) || m.f.Kinds[k].Read != nil {
		return m.Read(k, text)
	}
	r.r.Resume() // the end of the text ends the run, as it ends a whole one
	return decode(text, m.Parser(), m.Requested, r.r, &m.oneItem)
}

// Hold is Step for a hook whose pending item is the call: what cannot
// continue the call (or passes the size limit) ends the item as prose, and
// closed says the call's brackets closed just before s[j].
func (r *CallRun) Hold(m *Machine, dst []toolcall.Event, s string, i int) (out []toolcall.Event, j int, closed bool) {
	st, j := r.Step(m, s, i)
	switch st {
	case RunMore:
		return dst, j, false
	case RunClosed:
		return dst, j, true
	}
	out, j = m.Abandon(dst, s, j)
	return out, j, false
}

// Reader is what FeedReader feeds: a pylit.Reader or pylit.List that
// decides where its candidate ends.
type Reader interface {
	Feed(s string) int
	Status() pylit.Status
}

// FeedReader feeds s[i:] of a candidate held as the pending item to r, no
// further than the pending-size limit, and returns r's status and where it
// stopped. Open before the end of s means the candidate passed the limit:
// a "limit" diagnostic is recorded.
func (m *Machine) FeedReader(r Reader, s string, i int) (pylit.Status, int) {
	end := m.bound(s, i)
	i += r.Feed(s[i:end])
	st := r.Status()
	if st == pylit.Open && i < len(s) {
		m.overLimit()
	}
	return st, i
}

// bound is where a candidate held as the pending item stops in s, read
// from s[i]: the end of s, or where it passes the pending-size limit.
// Cutting it there, rather than checking after a delta, makes the outcome
// the same for every split of the input.
func (m *Machine) bound(s string, i int) int { return min(len(s), i+m.Room(s, i)) }

// overLimit records that the pending candidate passed the size limit.
func (m *Machine) overLimit() {
	m.Diag(toolcall.KindLimit, m.Start(), "", "a pending call passed the size limit")
}

// Head recognises the start of a candidate one byte at a time, so it can
// wait across deltas (pylit.ListHead): Full when the head is complete
// through s[n-1], Partial when all of s fits a head so far, None when
// there is none and prose resumes at s[n].
type Head interface {
	Feed(s string) (res marker.Result, n int)
}

// FeedHead feeds s[i:] of a candidate held as the pending item to h, no
// further than the pending-size limit, and returns h's verdict with n
// counted from s[i]. A head that passes the limit is None there, with a
// "limit" diagnostic.
func (m *Machine) FeedHead(h Head, s string, i int) (res marker.Result, n int) {
	end := m.bound(s, i)
	res, n = h.Feed(s[i:end])
	if res == marker.Partial && end < len(s) {
		m.overLimit()
		return marker.None, end - i
	}
	return res, n
}

// GiveUp records why a candidate's reader gave it up at s[i-1] (a
// closing bracket that does not match, or nesting past the limit), when
// st says it did.
func (m *Machine) GiveUp(st pylit.Status, i int) {
	switch st {
	case pylit.Mismatch:
		m.Diag(toolcall.KindSyntax, m.Offset(i-1), "", "a closing bracket does not match")
	case pylit.TooDeep:
		m.Diag(toolcall.KindLimit, m.Offset(i-1), "", "a call nested too deep")
	}
}

// SkipSeparators returns the index of the first byte at or after s[i]
// that is not whitespace, ',' or ';', the separators between calls.
func SkipSeparators(s string, i int) int {
	for i < len(s) && (jsonvalue.IsSpace(s[i]) || s[i] == ',' || s[i] == ';') {
		i++
	}
	return i
}
