package block

import (
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// Hooks are a format's own rules, run by the machine at fixed points. The
// machine is in a hook's mode between Enter and Leave; a hook that holds
// text keeps it as the machine's pending item (engine.Base). A format's
// Hooks, made once per response (Format.Hooks), may also implement the
// optional interfaces below, each of which says when the machine calls it:
// the machine finds which when it makes the response's decoder.
type Hooks interface {
	// Start is called at the first byte that is not whitespace of a
	// response that has said nothing, which is s[i] (unless the hooks'
	// BeginResponse took over before it), and after a marker that
	// Restarts. It returns true when it took over (it called m.Enter or
	// m.Open).
	Start(m *Machine, s string, i int) bool
	// AfterBlock is called after a block b was read that ended at a
	// marker it consumes (its End or Ends, an end-of-turn token) or where
	// its value closed, with the text following it starting at s[i]; not
	// after a block that a Yields marker or the end of the response
	// ended, nor one that was no calls. What b holds is valid only until
	// AfterBlock returns: a hook that keeps a call copies it.
	AfterBlock(m *Machine, b Block, s string, i int)
	// At is called in prose at s[i], one of the format's Triggers, the
	// prose that leads to it starting at s[from]; and, for a format with
	// Tail set, where a prose run reaches the end of a delta (i == len(s)).
	// When it takes over (it called m.Begin and m.Enter), its pending item
	// begins at s[start], from <= start <= i, the machine hands s[from:start]
	// on as content and goes on at s[next]. It is not called once the
	// content holds a next turn the model ran on into after its answer
	// (engine.Base.AfterNextTurn): a call without the format's markers
	// there is the next turn's, and its text is content.
	At(m *Machine, s string, from, i int) (start, next int, took bool)
	// Step runs the hook's mode, as engine.Stepper does: the machine
	// calls it for each step while it is in the hook's mode.
	Step(m *Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int)
	// Close ends the response in the hook's mode: the machine calls it
	// from its own Close when it is in the hook's mode holding text.
	Close(m *Machine, dst []toolcall.Event) []toolcall.Event
	// InCandidate reports whether text is data in the hook's mode: the
	// machine asks when the stream asks it (protocol.Reporter) in that mode.
	InCandidate() bool
}

// Block is a block the machine read, as Hooks.AfterBlock sees it.
type Block struct {
	Kind  int    // its kind, an index in Format.Kinds
	Body  string // its body, without its markers
	Items []Item // what its Read read (none for a Header), handed on
}

// ResponseBeginner is implemented by hooks with something to do before
// the response's first byte: the machine calls BeginResponse once, when it
// makes the response's decoder. It returns true when it took over (it
// called m.Enter): the hooks then read the response from its first byte,
// whitespace too (a Harmony header may begin " to="), and Start is not
// asked at the response's start.
type ResponseBeginner interface {
	BeginResponse(m *Machine) bool
}

// Releaser is implemented by hooks that keep pooled readers from block to
// block: Release gives them back; the machine calls it when it is
// recycled (Machine.Recycle), after the response's Close.
type Releaser interface {
	Release()
}

// Quieter is implemented by hooks that, reading text themselves (no
// Reading, or none now), can tell which of the next bytes they read
// without a trace (protocol.Quiet): the machine asks at the end of each
// Feed in their mode.
type Quieter interface {
	Quiet(m *Machine) protocol.Quiet
}

// Leader is what Hooks that open blocks with OpenLed also are.
type Leader interface {
	// Lead returns the opening text of the block open now, which the
	// hooks read before it opened (Harmony's header). The machine calls
	// it only when that block turns out not to be calls (it holds none,
	// passes a size limit, or the response's end cuts it off): its lead is
	// then content before it.
	Lead() string
}

// Progressor is implemented by hooks that read their candidates with a
// reader that tells its calls' progress (pylit.List): with argument
// streaming, the machine calls Progress at the end of each delta read in
// the hook's mode, and it reports that progress.
type Progressor interface {
	Progress(m *Machine, dst []toolcall.Event) []toolcall.Event
}

// Reading is implemented by hooks whose candidate a Reader reads to its
// end (a call list, a call object): while the hook's Step would feed the
// candidate's next bytes to it, and no follower but the machine's own
// follows it, Reading returns it; else nil. The machine then feeds a delta
// that fits the size limit to it before any step (and to the follower,
// as the hook would), so a long candidate streamed in small deltas costs
// one Feed of its reader per delta. The hook's Step, which then finds the
// reader fed, acts on its verdict where it stopped.
type Reading interface {
	Reading() *pylit.Reader
}

// DeltaEnder is implemented by hooks that look back at each delta once it
// is read: the machine calls DeltaEnd at the end of each Feed, in any
// mode, with the delta.
type DeltaEnder interface {
	DeltaEnd(m *Machine, s string)
}
