package block

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// Token names one of a format's markers. A format declares its tokens as
// constants, from 0, and indexes its Markers table with them.
type Token int

// Role says what a marker does where the machine meets it in prose.
type Role uint8

const (
	// Dropped markers are consumed: an end-of-turn token, or an end marker
	// with no block open.
	Dropped Role = iota
	// Opens markers start a block of the marker's Kind.
	Opens
	// Kept markers are text in prose: they only end blocks (as a Kind's
	// End or Yields).
	Kept
)

// Marker is one row of a format's marker table.
type Marker struct {
	Text string
	Role Role
	Kind int // for Opens: the block kind, an index in Format.Kinds
	// EndsTurn marks an end-of-turn token: it also ends an open block,
	// whose body is then read as it stands; with Format.TurnEnds, it ends
	// the response.
	EndsTurn bool
	// Restarts, for a Dropped marker, says that what follows it begins
	// anew, as a response does: the machine asks Hooks.Start at the next
	// byte (Harmony's <|end|> ends a message; a header may follow). A
	// block whose End it is ends there too: its hooks read what follows
	// (AfterBlock), so that is read apart from the end (protocol.Quiet's
	// Apart), and a start the hooks look for arrives whole.
	Restarts bool
}

// Scan says how a block's body finds its end.
type Scan uint8

const (
	// ScanCode ends a body at its end marker outside string literals while
	// the body's brackets match (pythonic calls, JSON); once a closing
	// bracket does not match, at the next end marker wherever it stands.
	ScanCode Scan = iota
	// ScanPlain ends a body at the first end marker.
	ScanPlain
	// ScanTagged is ScanPlain for bodies that hold values between tags
	// (Kind.Value): inside a value no end marker counts, only the value's
	// close tag, so a value may hold the format's own markers as text.
	ScanTagged
	// ScanValue ends a body where its first JSON value closes (Mistral's
	// [TOOL_CALLS] NAME[ARGS]{...}): the value starts at the first '{', or
	// at a '[' that comes before anything but whitespace; end markers end
	// a body whose value is broken or has not begun.
	ScanValue
)

// NoToken is a Kind's End when the block has no end marker of its own.
const NoToken Token = -1

// Kind is one kind of block: what ends it and how its body is read.
type Kind struct {
	End Token // the marker that closes the block, consumed with it
	// Ends are further markers that close the block, consumed with it.
	// (Harmony alone has such: a message ends at <|end|> or <|call|>. A
	// hook cannot end a body, whose scan finds all its ends in one marker
	// set, so they stay in the table.)
	Ends []Token
	// Yields are markers that end the body and then act as they do in
	// prose (a start marker that opens the next block when the end marker
	// is missing).
	Yields []Token
	Scan   Scan
	// Head, for a ScanValue body, says which bytes may come before its
	// value, at most MaxHead of them; a body whose head breaks that is
	// content at once.
	Head    func(byte) bool
	MaxHead int
	// Headed says a ScanCode body begins with a head before its code
	// (Llama 3's <function=NAME>{...}): the scan reads code from the first
	// '{' on, so that the JSON value there is read on the way, for the
	// kind's Read to take with Machine.ReadValue. (Llama 3 alone sets it:
	// where code starts is the scan's to know, byte by byte, as it goes.)
	Headed bool
	// Value is the open and close tag of the values of a ScanTagged body;
	// ValueEnds are other tags that end a value whose close tag is missing.
	Value     [2]string
	ValueEnds []string
	// ValueNests, when set, are the value's open tag and the call's:
	// inside a value, the first opens a nested value, which the next close
	// tag closes, and the second a nested call, which the next ValueEnd
	// ends, so that a value that holds the format's own example call keeps
	// it whole, its close and end tags included.
	ValueNests []string
	// ValueNext, when set, are the tags that may follow a value's close
	// tag (or a ValueEnd) after whitespace, besides the value's open tag
	// and the block's ends: a close tag that anything else follows is
	// text in the value (a file that holds the format's own tags), and
	// the value goes on.
	ValueNext []string
	// Follow, when set, makes a Follower for each block of the kind, so
	// that its call's arguments can stream (protocol.Config);
	// without it the kind's calls are handed on whole.
	Follow func(m *Machine) Follower
	// MaxLen, when set, bounds the block's text (markers included) below
	// the pending limit: a header that does not end soon is not one. An
	// end marker must end within it, as the pending limit's must, however
	// deltas cut it.
	MaxLen int
	// TooLong is the diagnostic of a block that passed a size limit; by
	// default, "a block passed the size limit".
	//
	// (Harmony alone sets MaxLen and TooLong. The body's scan checks the
	// bound as it goes, and the machine alone sees a limit pass, in a
	// body or in the engine's safety net: no hook point is there.)
	TooLong string
	// Header says the block frames what follows (Harmony's message
	// header) and holds no call: it has no Read (its body goes to the
	// hooks' AfterBlock, which reads it), text in it is not data
	// (InCandidate), and what follows its end is read apart from it.
	// (Harmony alone has headers; the stream asks InCandidate inside a
	// body, where the machine, not a hook, answers.)
	Header bool
	// CutOff, when set, says a block the end of the response cuts off is
	// not read, as a missing end marker is by default: it is content,
	// with CutOff as the diagnostic.
	CutOff string
	// ReadsOnTheWay says the kind's own Read takes what the body's scan
	// reads on the way, so that the scan reads it: a ScanCode body's
	// calls, which the Read takes with Machine.Decode (as a kind with no
	// Read does); a ScanPlain body's one JSON value (Harmony's arguments),
	// which it takes with Machine.ReadValue. A ScanValue body and a Headed
	// one are read on the way always.
	ReadsOnTheWay bool
	// Read reads a body into items; an error says the body is not calls
	// (the block, markers and all, is then content). Nil reads pythonic
	// calls or JSON call objects (Decode).
	Read func(m *Machine, body string) ([]Item, error)
}

// Format is a block format as data: its markers, its kinds of block, and
// the hooks for what is its own.
type Format struct {
	Markers []Marker
	Kinds   []Kind // at most 1<<16
	// Hooks, when set, returns the per-response hooks of a format with
	// rules of its own (LFM2's echo repair, OLMo 3's untagged calls).
	Hooks func() Hooks
	// Triggers are bytes at which the machine, in prose, asks Hooks.At
	// whether a candidate of the format's own starts (Llama 3's JSON calls
	// without markers start at '{').
	Triggers string
	// Tail has the machine ask Hooks.At at the end of a delta that prose
	// reached too (Llama 4 holds a name that a '(' may follow). (Llama 4
	// alone sets it: it says when At is asked, as Triggers does, and the
	// fast path for short prose deltas reads it; a hook interface for it
	// would be this flag under another name, for one format.)
	Tail bool
	// LimitEnds says that once a limit gave up what the machine held, the
	// rest of the response is content: after a Harmony message whose end
	// is lost, nothing can be read. (Harmony alone sets it: a limit gives
	// up in a body, in a hook's mode or in the engine's safety net, which
	// only the machine sees, and a hook told of it would be one Harmony
	// alone implements.)
	LimitEnds bool
	// TurnEnds says an end-of-turn token (Marker.EndsTurn) ends the
	// response: what follows it (a server that did not stop there sends a
	// runaway next turn, a repeat of the calls) is not part of it and is
	// dropped, with one diagnostic of kind end_of_turn when it holds more
	// than whitespace.
	TurnEnds bool

	once     sync.Once
	stops    string           // the bytes prose stops at: markers' first bytes and Triggers
	stopSet  [256]bool        // stops, as a set
	triggers [256]bool        // Triggers, as a set
	prose    *marker.Set      // every marker, indexed by Token
	ends     []*marker.Set    // per kind: its end marker, the end-of-turn tokens, then its Yields
	consumed []int            // per kind: how many of its ends are consumed
	eot      []int            // per kind: where its end-of-turn tokens start among its ends
	endToks  [][]Token        // per kind: the token of each of its ends
	eotCount int              // how many end-of-turn tokens there are
	values   [][3]*marker.Set // per ScanTagged kind: its ends and the value's open tag; the close tag; those and ValueNext
	// openers are the markers that open blocks, when they are at most
	// openLead bytes long; openersThen what the block they all open says
	// of its first bytes (opened), or nil.
	openers     []string
	openersThen *protocol.Quiet
	// opened is, per kind, what a block of the kind says of its first
	// bytes when it opens (Body.quiet), where that does not depend on them:
	// in a body, only its end markers matter; in a value body's head, where
	// its value or an end marker starts. Or nil.
	opened []*protocol.Quiet
}

// everyByte holds every byte.
var everyByte = func() (t [256]bool) {
	for i := range t {
		t[i] = true
	}
	return t
}()

func (f *Format) compile() {
	f.once.Do(func() {
		if len(f.Kinds) > 1<<16 {
			panic("block: a Format has more than 1<<16 kinds") // formats are the package's own, not input
		}
		texts := make([]string, len(f.Markers))
		var eot []string
		var eotToks []Token
		for i, m := range f.Markers {
			texts[i] = m.Text
			if m.EndsTurn {
				eot = append(eot, m.Text)
				eotToks = append(eotToks, Token(i))
			}
		}
		f.eotCount = len(eot)
		f.prose = marker.NewSet(texts...)
		for i, a := range f.Markers {
			for _, b := range f.Markers {
				if a.Text != "" && len(a.Text) < len(b.Text) && strings.HasPrefix(b.Text, a.Text) && a.Role != Dropped {
					// the machine reads the bytes after such a marker as
					// prose (afterNested): a block or kept text cannot
					// begin there
					panic("block: marker " + strconv.Itoa(i) + " begins a longer one and is not Dropped")
				}
			}
		}
		stops := []byte(f.Triggers)
		for _, t := range texts {
			if t != "" && strings.IndexByte(string(stops), t[0]) < 0 {
				stops = append(stops, t[0])
			}
		}
		f.stops = string(stops)
		for _, c := range stops {
			f.stopSet[c] = true
		}
		for i := 0; i < len(f.Triggers); i++ {
			f.triggers[f.Triggers[i]] = true
		}
		for _, k := range f.Kinds {
			var ends []string
			var toks []Token
			if k.End != NoToken {
				ends, toks = append(ends, f.Markers[k.End].Text), append(toks, k.End)
			}
			f.eot = append(f.eot, len(ends))
			ends, toks = append(ends, eot...), append(toks, eotToks...)
			for _, e := range k.Ends {
				ends, toks = append(ends, f.Markers[e].Text), append(toks, e)
			}
			f.consumed = append(f.consumed, len(ends))
			for _, y := range k.Yields {
				ends, toks = append(ends, f.Markers[y].Text), append(toks, y)
			}
			f.endToks = append(f.endToks, toks)
			f.ends = append(f.ends, marker.NewSet(ends...))
			var v [3]*marker.Set
			if k.Scan == ScanTagged {
				open := append(slices.Clip(ends), k.Value[0])
				closes := append([]string{k.Value[1]}, k.ValueEnds...)
				closes = append(closes, k.ValueNests...)
				v = [3]*marker.Set{marker.NewSet(open...), marker.NewSet(closes...)}
				if k.ValueNext != nil {
					v[2] = marker.NewSet(append(open, k.ValueNext...)...)
				}
			}
			f.values = append(f.values, v)
		}
		f.opened = make([]*protocol.Quiet, len(f.Kinds))
		for k, kind := range f.Kinds {
			f.opened[k] = openedQuiet(kind, f.ends[k], f.endsApart(k))
			if kind.Scan == ScanValue {
				f.opened[k] = f.openedHead(k, kind)
			}
		}
		f.compileOpeners()
	})
}

// compileOpeners lists the markers that open blocks, and what follows
// them when they all open one kind.
func (f *Format) compileOpeners() {
	kind := -1
	for _, mk := range f.Markers {
		if mk.Role != Opens || mk.Text == "" {
			continue
		}
		if len(mk.Text) > openLead {
			f.openers, kind = nil, -2
			break
		}
		f.openers = append(f.openers, mk.Text)
		switch kind {
		case -1:
			kind = mk.Kind
		case mk.Kind:
		default:
			kind = -2
		}
	}
	if kind >= 0 {
		f.openersThen = f.opened[kind]
	}
}

// openedHead is what a value body of kind k, with no head rule of its own,
// says of its head and of an object value after it when it opens at one of
// the format's markers (Body.quiet, as one rule for both): only '}', '<'
// and a '[' that only whitespace comes before in the head matter. In the
// head, '{' opens an object and changes nothing told; in an object, only
// its closing '}' ends the body (a ']' that closes nothing breaks the
// value, which is told at the body's end, where '<' starts a marker). A
// '[' counts where the bytes kept end with it after whitespace or after
// the last byte of a marker that opens the kind (the head's first bytes):
// there an array opens, whose ']' the rule does not watch, so the bytes
// are handed on. What follows the object's '}' in its delta goes on apart
// (Quiet.Apart), so that a next call's marker there is kept whole. Or nil.
func (f *Format) openedHead(k int, kind Kind) *protocol.Quiet {
	ends := f.ends[k]
	if kind.Head != nil || kind.Headed || ends != nil && !ends.OnlyStartsWith('<') {
		return nil
	}
	room := 1 << 30
	if kind.MaxLen > 0 {
		room = kind.MaxLen - openLead
	}
	if room <= 0 {
		return nil
	}
	matter := []string{"}", "<", " [", "\t[", "\n[", "\r["}
	for _, mk := range f.Markers {
		if mk.Role == Opens && mk.Kind == k && mk.Text != "" {
			matter = append(matter, mk.Text[len(mk.Text)-1:]+"[")
		}
	}
	return &protocol.Quiet{Room: room, Stop: &objectStop, Ends: matter, Apart: true}
}

// openedQuiet is what a block of kind, whose end markers are ends, says of
// its first bytes when it opens, as Body.quiet does, when that holds until
// one of its end markers completes: a body with no head whose end markers
// all start with '<' (its tags, if any, change nothing told); what follows
// its end is read apart where the kind says so (Quiet.Apart). Otherwise
// nil.
func openedQuiet(kind Kind, ends *marker.Set, apart bool) *protocol.Quiet {
	if kind.Scan == ScanValue || kind.Head != nil || kind.Headed {
		return nil
	}
	if ends == nil || !ends.OnlyStartsWith('<') {
		return nil
	}
	lasts, ok := ends.Lasts()
	room := 1 << 30
	if kind.MaxLen > 0 {
		room = kind.MaxLen - matchMargin - openLead
	}
	if !ok || room <= 0 {
		return nil
	}
	return &protocol.Quiet{Room: room, Stop: lasts, Ends: ends.Markers(), Apart: apart}
}

// endsApart reports whether what follows the end of a block of kind k is
// read apart from it: a header's body, or what the hooks read after an end
// marker that Restarts.
func (f *Format) endsApart(k int) bool {
	kind := &f.Kinds[k]
	return kind.Header || kind.End != NoToken && f.Markers[kind.End].Restarts
}

// machines keeps Machines between responses: a stream gives its decoder
// back once it closed (Recycle), and the next response's takes it.
var machines = sync.Pool{New: func() any { return new(Machine) }}

// NewDecoder returns a decoder for one response in format f.
func NewDecoder(f *Format, req *toolcall.Request) toolcall.Decoder {
	f.compile()
	m := machines.Get().(*Machine)
	m.f = f
	m.Init(req)
	m.parser = pylit.ForRequest(m.Req, m.Limits.MaxDepth)
	if f.Hooks != nil {
		m.hooks = f.Hooks()
		m.ender, _ = m.hooks.(DeltaEnder)
		m.progressor, _ = m.hooks.(Progressor)
		m.reading, _ = m.hooks.(Reading)
		m.starting = true
		m.TrackTurns = f.Triggers != "" || f.Tail // Hooks.At reads calls without markers
		if b, ok := m.hooks.(ResponseBeginner); ok && b.BeginResponse(m) {
			m.starting = false
		}
	}
	return m
}

type mode uint8

const (
	mProse    mode = iota
	mMarker        // a possible marker in prose
	mBody          // inside a block
	mHook          // a hook's mode
	mVerbatim      // the rest of the response is content
	mEnded         // the turn ended: the rest of the response is dropped
	mCapped        // the response handed on all the calls it may: the rest is content
)

// Machine is the decoder of one response in a block format.
type Machine struct {
	// A Machine is allocated once per response: its fields are kept
	// within 888 bytes, the 896-byte size class less the allocator's
	// header.
	engine.Base
	f      *Format
	parser pylit.Parser
	hooks  Hooks
	// oneItem is the buffer OneCall reuses.
	oneItem [1]Item
	// ender and progressor are hooks, when they are those too.
	ender      DeltaEnder
	progressor Progressor
	reading    Reading

	mode      mode
	starting  bool // Hooks.Start is still to be asked
	reasoning bool // prose goes out as reasoning
	cutOff    bool // the block being decided is one the response's end cut off
	// droppedSaid says the diagnostic of text after the turn's end is out.
	droppedSaid bool
	// ledByHooks says the open block's lead is the hooks' (OpenLed).
	ledByHooks bool
	kind       uint16 // the open block's kind (Format.Kinds holds at most 1<<16)
	body       Body
	bodyAt     int    // where the body starts in the pending item, after the start marker
	lead       string // the start marker, when the pending item begins after it
	bodyStart  int    // where the body Read reads starts in the response
	name       string // the call the open block holds, when its opener named it
	endedBy    Token  // the marker that ended the latest block, or NoToken
}

// Recycle gives the machine back for a later response, with the room of
// the buffers that hold nothing it handed on; it must not be used after.
// A stream calls it once Close has handed on what the machine said: the
// calls and text it handed on are not the machine's.
func (m *Machine) Recycle() {
	if r, ok := m.hooks.(Releaser); ok {
		r.Release()
	}
	m.Base.Reuse()
	*m = Machine{Base: m.Base}
	machines.Put(m)
}

// Configure implements protocol.Reporter.
func (m *Machine) Configure(c protocol.Config) {
	m.Base.Configure(c)
	m.parser.MaxDepth = m.Limits.MaxDepth
}

// Parser is the pythonic parser the machine reads bodies with, a list or
// run of which may hold one call more than the response may still hand on
// (engine.Base.CallRoom; at least one): past that it fails at once, with
// pylit.ErrTooMany, and a candidate that passes the limit costs no more
// than its text.
func (m *Machine) Parser() *pylit.Parser {
	m.parser.MaxCalls = max(m.CallRoom(), 1)
	return &m.parser
}

// Feed implements toolcall.Decoder.
func (m *Machine) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	m.BeginDelta(s)
	dst = m.Flush(m.feedDelta(dst, s))
	if m.mode == mProse && m.CallsCapped() { // the next delta is content, as it would be in this one
		m.mode = mCapped
	}
	if m.mode == mHook || m.mode == mBody || m.mode == mMarker || m.mode == mProse && m.RightAfterCall() { // prose is quiet only where a call's marker may follow a call
		m.quiet()
	}
	return dst
}

// quiet tells the stream which of the next bytes the machine reads without
// a trace (protocol.Quiet): the text of a string that a candidate's reader
// reads, or a block's body where only an end marker may end it. With
// argument streaming on, every delta may carry a fragment: none.
func (m *Machine) quiet() {
	if m.Streaming {
		return
	}
	switch m.mode {
	case mHook:
		var r *pylit.Reader
		if m.reading != nil {
			r = m.reading.Reading()
		}
		if r == nil { // the hook reads text itself
			if q, ok := m.hooks.(Quieter); ok {
				m.Quiet(q.Quiet(m))
			}
			return
		}
		// A hook acts only on its reader's verdicts, which only a bracket
		// may change; in a long string (code, full of brackets), only its
		// closing quote ends it.
		stop, esc, inString := r.Quiet()
		brackets, room, ok := r.QuietBrackets()
		switch {
		case ok && (!inString || r.InShortString(shortString)):
			m.Quiet(protocol.Quiet{Room: min(m.Room("", 0), room), Stop: brackets})
		case inString:
			m.Quiet(protocol.Quiet{Room: m.Room("", 0), Stop: stop, Escape: esc})
		}
	case mBody:
		// After a header's end comes its body; after an end marker that
		// Restarts, what the hooks read quietly: each is best read apart
		// from the end.
		q := m.body.quiet(&m.Base)
		q.Apart = q.Ends != nil && m.f.endsApart(int(m.kind))
		m.Quiet(q)
	case mMarker:
		m.Quiet(m.PrefixQuiet(m.f.prose, markerKind))
	case mProse:
		// Prose goes out as it comes, but right after a call (where the
		// next call's marker may follow), a delta that begins a marker
		// which opens a block is read without a trace while it goes on.
		if m.hooks == nil && m.RightAfterCall() && !m.Holding() && m.f.openers != nil && m.Room("", 0) > matchMargin+openLead {
			m.Quiet(protocol.Quiet{Room: m.Room("", 0) - matchMargin - openLead, Stop: &everyByte, Ends: m.f.openers, Prefix: true, Then: m.f.openersThen})
		}
	}
}

// opens returns the kind of block that the marker held+rest opens, or -1.
func (m *Machine) opens(held []byte, rest string) int {
	for _, mk := range m.f.Markers {
		if mk.Role == Opens && len(mk.Text) == len(held)+len(rest) && mk.Text[:len(held)] == string(held) && mk.Text[len(held):] == rest {
			return mk.Kind
		}
	}
	return -1
}

// shortString is the length under which a string a hook's reader reads
// is quiet up to the next bracket rather than up to its closing quote.
const shortString = 64

// HoldMarker matches set at a pending item that a hook holds where a
// marker of set may begin: when none is held yet, the bytes of s[i:] that
// skip marks are passed over and the item begins at the first other byte.
// It returns the match and where the hook reads on: len(s) when s ends
// first (Partial, with no item begun when s ended in skipped bytes); just
// past the marker (Full); the item's first byte in s, or i when the item
// began in an earlier delta (None).
func (m *Machine) HoldMarker(set *marker.Set, skip *[256]bool, s string, i int) (marker.Result, int) {
	if !m.Holding() {
		for i < len(s) && skip[s[i]] {
			i++
		}
		if i == len(s) {
			return marker.Partial, i
		}
		m.Begin(i)
	}
	switch res, _, n, held := m.MatchAt(set, s, i, 0); res {
	case marker.Partial:
		return res, len(s)
	case marker.Full:
		return res, i + n - held
	}
	return marker.None, i
}

// PrefixQuiet is what the machine says of the next bytes when the pending
// item is the start of a marker of set (or nothing, where one may begin):
// nothing is told until they complete one, or go on with none
// (protocol.Quiet's Prefix). When every marker the bytes may complete
// opens a block of kind opens (-1: none is known to), the bytes after it
// are what that block says of its first bytes (Quiet.Then).
func (m *Machine) PrefixQuiet(set *marker.Set, opens int) protocol.Quiet {
	if m.Len("", 0) >= set.MaxLen() { // no marker's start: nothing long is copied
		return protocol.Quiet{}
	}
	var buf [64]byte
	held := m.AppendHeld(buf[:0])
	rests := set.Rests(held)
	if rests == nil {
		return protocol.Quiet{}
	}
	q := protocol.Quiet{Room: m.Room("", 0), Stop: &everyByte, Ends: rests, Prefix: true}
	if set.MaxLen() > openLead || q.Room <= matchMargin+openLead {
		return q
	}
	k := opens
	if opens == markerKind { // the markers must all open one kind
		k = -1
		for _, r := range rests {
			o := m.opens(held, r)
			if o < 0 || k >= 0 && o != k {
				return q
			}
			k = o
		}
	}
	if k >= 0 && m.f.opened[k] != nil && (opens == markerKind || m.f.Kinds[k].Scan != ScanValue) { // a value body's rule knows only the format's markers
		// The bytes kept past the marker stay far enough from the pending
		// limit for the block's own rule to hold.
		q.Room -= matchMargin + openLead
		q.Then = m.f.opened[k]
	}
	return q
}

// markerKind, as PrefixQuiet's opens, says the kind a marker opens is the
// one the format's row for it names.
const markerKind = -2

// openLead bounds the text a block holds before its body when it opens
// at a marker of the machine's, or of a hook's set of its own: the room
// a block's first bytes are quiet in (Format.opened) leaves it out.
const openLead = 64

// Close implements toolcall.Decoder.
func (m *Machine) Close(dst []toolcall.Event) []toolcall.Event {
	m.BeginDelta("")
	return m.Flush(m.closeResponse(dst))
}

// Enter puts the machine in its hook's mode.
func (m *Machine) Enter() { m.mode = mHook }

// Leave puts the machine back in prose; a hook calls it when it is done.
func (m *Machine) Leave() { m.mode = mProse }

// ToProse implements engine.ProseStepper: a limit (the engine's safety
// net, or a block's size) gave up what the machine held, which went out as
// content. The machine goes on in prose; for a format with LimitEnds, the
// rest of the response is content.
func (m *Machine) ToProse() {
	m.mode = mProse
	if m.f.LimitEnds {
		m.mode = mVerbatim
	}
}

// Verbatim makes the rest of the response content.
func (m *Machine) Verbatim() { m.mode = mVerbatim }

// ProseAs makes prose go out as reasoning (Harmony's analysis channel) or,
// as it does by default, content.
func (m *Machine) ProseAs(reasoning bool) { m.reasoning = reasoning }

// Open starts a block of kind k whose text is the pending item, for a hook
// that found where one begins (Harmony's headers have no start marker of
// their own). Name, when the block's call is named before its body,
// names it in the block's diagnostics (BlockName).
func (m *Machine) Open(k int, name string) {
	m.open(k, 0, "", name)
}

// OpenLed is Open for a block whose opening text (Harmony's header, which
// a block of its own read) is not in the pending item, for hooks that are
// a Leader: a body that is not calls is content with their lead before
// it, which they make only then.
func (m *Machine) OpenLed(k int, name string) {
	m.open(k, 0, "", name)
	_, m.ledByHooks = m.hooks.(Leader)
}

// leadText is the open block's lead: its start marker when the pending
// item begins after it, or the hooks' (OpenLed).
func (m *Machine) leadText() string {
	if m.ledByHooks {
		return m.hooks.(Leader).Lead()
	}
	return m.lead
}

// BlockName is the name Open gave the open block, or "".
func (m *Machine) BlockName() string { return m.name }

// say hands prose text on, as reasoning or content (ProseAs).
func (m *Machine) say(dst []toolcall.Event, text string) []toolcall.Event {
	if m.reasoning {
		return m.Reasoning(dst, text)
	}
	return m.Content(dst, text)
}

// sayHeld is say for the pending item's text through s[:i], as Emit.
func (m *Machine) sayHeld(dst []toolcall.Event, s string, i int) []toolcall.Event {
	if m.reasoning {
		return m.Reasoning(dst, m.Text(s, i))
	}
	return m.Emit(dst, s, i)
}

// feedDelta reads one delta: Feed without the engine's begin and end.
func (m *Machine) feedDelta(dst []toolcall.Event, s string) []toolcall.Event {
	// The hot paths of a stream of small deltas: a delta that only
	// continues what the machine is in is handed on, or to the reader of
	// the candidate, without the step loop.
	from, extended := 0, false
	switch {
	case m.mode == mHook && m.reading != nil && m.Room(s, len(s)) >= 0:
		if r := m.reading.Reading(); r != nil {
			// A long candidate: the delta goes to its reader, and the
			// steps go on from where it stopped.
			from = r.Feed(s)
			if m.Streaming {
				m.FollowFeed(s[:from])
			}
			if extended = r.Status() == pylit.Open; !extended {
				dst, from = m.Step(dst, s, from) // the hook acts on the verdict
			}
		}
	case m.mode == mBody && len(s) <= shortProse:
		extended = m.plainBody(s)
	case m.mode == mProse && len(s) <= shortProse && !m.starting && !m.f.Tail:
		dst, extended = m.plainProse(dst, s)
	}
	if extended { // the delta only extended what the machine is in
		dst = m.EndDelta(dst, s)
	} else {
		dst = m.RunBounded(dst, s, from, m)
		if (m.mode == mProse || m.mode == mVerbatim || m.mode == mCapped) && m.Followed() { // the safety net gave the candidate up
			dst = m.Settle(dst, nil)
		}
	}
	if m.ender != nil {
		m.ender.DeltaEnd(m, s)
	}
	if m.Streaming {
		if m.progressor != nil && m.mode == mHook {
			dst = m.progressor.Progress(m, dst)
		}
		dst = m.follow(dst)
	}
	return dst
}

// plainBody reads s as the body's next bytes without the scan, when s
// fits the size limit and cannot end the body (Body.extend), and reports
// whether it did.
func (m *Machine) plainBody(s string) bool {
	if m.Room(s, len(s)) < 0 || !m.body.extend(&m.Base, s) {
		return false
	}
	if m.Streaming {
		m.FollowFeed(s)
	}
	return true
}

// plainProse hands s on as content when it holds no byte that may start
// anything, and reports whether it did.
func (m *Machine) plainProse(dst []toolcall.Event, s string) ([]toolcall.Event, bool) {
	if anyOf(s, &m.f.stopSet) {
		return dst, false
	}
	return m.say(dst, s), true
}

// InProse reports whether the machine is in prose: no marker, block or
// hook's item pending.
func (m *Machine) InProse() bool { return m.mode == mProse }

// BodyStart is the offset in the response where the body being read
// starts, for a Kind's Read.
func (m *Machine) BodyStart() int { return m.bodyStart }

// ErrCutOff says the response ends inside a call's arguments: the call is
// not complete, so it is not a call (its text is content).
var ErrCutOff = errors.New("the response ends inside the call's arguments: it is cut off, so it is no call")

// closeResponse ends the response, for Close: an open block is read as it
// stands (a missing end marker is tolerated, and so is one the end of the
// response cuts: a partial end marker at the end of the body is dropped);
// anything else pending is content. A block whose arguments the end cuts
// off (inside a tagged value; a Kind's Read sees CutOff) is content, with
// a diagnostic.
func (m *Machine) closeResponse(dst []toolcall.Event) []toolcall.Event {
	if !m.Holding() {
		return dst
	}
	switch m.mode {
	case mBody:
		start := m.Start()
		if msg := m.f.Kinds[m.kind].CutOff; msg != "" {
			m.Diag(toolcall.KindSyntax, start+m.bodyAt, "", msg)
			dst = m.Emit(m.Content(dst, m.leadText()), "", 0)
			break
		}
		text := m.Text("", 0)
		if m.body.inValue { // a value whose close tag never came
			m.Diag(toolcall.KindSyntax, start+m.bodyAt, m.name, ErrCutOff.Error())
			dst = m.Content(m.Settle(dst, nil), m.leadText())
			dst = m.Content(dst, text)
			break
		}
		body := text[m.bodyAt:]
		body = body[:len(body)-partialEnd(m.f.prose, body)]
		m.endedBy = NoToken
		m.cutOff = true
		dst = m.decideBlock(dst, text[:m.bodyAt+len(body)], body, start, "", 0)
		m.cutOff = false
	case mHook:
		dst = m.hooks.Close(m, dst)
	default: // a partial marker in prose
		if m.RightAfterCall() && m.cutStray(m.Peek("", 0, 0)) {
			m.Drop() // a stray end marker the response's end cut: consumed
			break
		}
		var done bool
		if dst, done = m.closeNested(dst); done {
			break
		}
		dst = m.sayHeld(dst, "", 0)
	}
	m.mode = mProse
	return dst
}

// closeNested decides, at the end of the response, a held marker that a
// longer one could still have grown from (GigaChat's <|message_sep|>,
// which <|message_sep|>\n\nfunction call<|role_sep|>\n begins): a
// dropped marker is dropped, and what follows it is content, or dropped
// with a diagnostic after an end of turn. It reports whether it did.
func (m *Machine) closeNested(dst []toolcall.Event) ([]toolcall.Event, bool) {
	if !m.f.prose.Nested() || !m.Holding() {
		return dst, false
	}
	text := m.Peek("", 0, 0)
	res, tok, n := marker.Longest(m.f.prose, text)
	if res != marker.Full || m.f.Markers[tok].Role != Dropped {
		return dst, false
	}
	rest, start := text[n:], m.Start()
	m.Drop()
	if m.f.Markers[tok].EndsTurn && m.endTurn() {
		m.SayDropped(rest, start+n, &m.droppedSaid)
		return dst, true
	}
	return m.say(dst, rest), true
}

// cutStray reports whether text is a proper prefix of one of the markers
// the machine drops in prose (stray end markers, end-of-turn tokens).
func (m *Machine) cutStray(text string) bool {
	for _, mk := range m.f.Markers {
		if mk.Role == Dropped && len(text) < len(mk.Text) && strings.HasPrefix(mk.Text, text) {
			return true
		}
	}
	return false
}

// partialEnd returns the length of the longest end of body that is a
// proper prefix of one of markers (the format's): a marker the response's
// end cut, which a body's arguments never end with (a string it would
// stand in is not closed either).
func partialEnd(markers *marker.Set, body string) int {
	ends := markers
	for k := min(len(body), ends.MaxLen()-1); k > 0; k-- {
		if res, _, _ := marker.Match(ends, body[len(body)-k:]); res == marker.Partial {
			return k
		}
	}
	return 0
}

// CutOff reports, for a Kind's Read, whether the body being read is one
// the end of the response cut off (its end marker never came): its
// arguments must be complete as they stand, or the Read returns ErrCutOff.
func (m *Machine) CutOff() bool { return m.cutOff }

// InCandidate implements protocol.Reporter: inside a block, or where
// a hook says so, text is data.
func (m *Machine) InCandidate() bool {
	switch m.mode {
	case mBody:
		return !m.f.Kinds[m.kind].Header
	case mHook:
		return m.hooks.InCandidate()
	}
	return false
}

// Step implements engine.Stepper.
func (m *Machine) Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	return steps[m.mode](m, dst, s, i)
}

// steps are the machine's modes, as the method that reads each.
var steps = [...]func(*Machine, []toolcall.Event, string, int) ([]toolcall.Event, int){
	mProse:    (*Machine).prose,
	mMarker:   (*Machine).marker,
	mBody:     (*Machine).inBody,
	mHook:     (*Machine).hook,
	mVerbatim: (*Machine).verbatim,
	mEnded:    (*Machine).ended,
	mCapped:   (*Machine).Capped,
}

// ended drops what follows the end of the turn, saying so once when it is
// more than whitespace.
func (m *Machine) ended(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	m.SayDropped(s[i:], m.Offset(i), &m.droppedSaid)
	return dst, len(s)
}

// EndedBy returns the marker that ended the latest block (NoToken when
// the end of the response did), for Hooks.AfterBlock.
func (m *Machine) EndedBy() Token { return m.endedBy }

// EndTurn ends the response here, for a hook that knows the turn ended:
// the rest is dropped, as after an end-of-turn token.
func (m *Machine) EndTurn() { m.mode = mEnded }

// DropTurn ends the response at the pending item, which ends at s[i]: it
// and the rest are dropped, as after an end-of-turn token, and the
// diagnostic points at its first byte other than whitespace, however the
// deltas cut it.
func (m *Machine) DropTurn(s string, i int) {
	if m.Holding() && !m.droppedSaid { // Peek may copy
		m.SayDropped(m.Peek(s, i, 0), m.Start(), &m.droppedSaid)
	}
	m.Drop()
	m.mode = mEnded
}

// endTurn ends the response at an end-of-turn token, when the format says
// such a token ends it; it reports whether it did.
func (m *Machine) endTurn() bool {
	if !m.f.TurnEnds {
		return false
	}
	m.mode = mEnded
	return true
}

// verbatim hands the rest of the response on as content.
func (m *Machine) verbatim(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	return m.Content(dst, s[i:]), len(s)
}

// hook runs the hook's mode.
func (m *Machine) hook(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	return m.hooks.Step(m, dst, s, i)
}

func (m *Machine) prose(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if m.CallsCapped() { // no call may follow: the rest is content
		m.mode = mCapped
		return dst, i
	}
	j := i
	if m.starting && !m.Said.Spoke() {
		for j < len(s) && jsonvalue.IsSpace(s[j]) {
			j++
		}
		if j < len(s) {
			m.starting = false
			dst = m.Content(dst, s[i:j])
			if m.hooks.Start(m, s, j) {
				return dst, j
			}
			i = j
		}
	}
	if k := m.f.indexStop(s[j:]); k >= 0 {
		j += k
	} else {
		j = len(s)
	}
	// After a next turn the model ran on into, a call without the
	// format's markers is the next turn's: Hooks.At is not asked, and its
	// text is prose.
	if m.hooks != nil && (j == len(s) && m.f.Tail || j < len(s) && m.f.triggers[s[j]]) && !m.AfterNextTurn(s[i:j]) {
		if start, next, took := m.hooks.At(m, s, i, j); took {
			if start > i { // most candidates follow prose said before, or another candidate
				dst = m.Content(dst, s[i:start])
			}
			return dst, next
		}
	}
	if j > i { // not at a stop right away, as in a flood of stops
		dst = m.say(dst, s[i:j])
	}
	if j == len(s) {
		return dst, j
	}
	if !m.f.prose.Starts(s[j]) {
		return m.say(dst, s[j:j+1]), j + 1
	}
	m.Begin(j)
	m.mode = mMarker
	return dst, j
}

// structural are the bytes that may end a body or change its reader's
// verdict: brackets, and the '<' a marker starts with.
var structural = [256]bool{'<': true, '[': true, ']': true, '(': true, ')': true, '{': true, '}': true}

// anyOf reports whether s holds a byte of set.
func anyOf(s string, set *[256]bool) bool {
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			return true
		}
	}
	return false
}

// shortProse is how long a text prose scans byte by byte for its stops;
// a longer one is searched with the standard library's vector code.
const shortProse = 32

// indexStop returns the index of the first byte of s that prose stops
// at, or -1: a short delta (a token or two) is scanned with the stop set,
// which costs less than setting up a search.
func (f *Format) indexStop(s string) int {
	if len(f.stops) == 1 {
		return strings.IndexByte(s, f.stops[0])
	}
	if len(s) > shortProse {
		return strings.IndexAny(s, f.stops)
	}
	for i := 0; i < len(s); i++ {
		if f.stopSet[s[i]] {
			return i
		}
	}
	return -1
}

func (m *Machine) marker(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, tok, n, end := m.MatchMarker(s, i, 0)
	switch res {
	case marker.Partial:
		return dst, len(s)
	case marker.None:
		m.mode = mProse
		return m.sayHeld(dst, s, end), end
	}
	if end < i { // a marker that begins a longer one ended in the bytes held
		return m.afterNested(dst, s, i, tok, n), i
	}
	switch mk := m.f.Markers[tok]; mk.Role {
	case Opens: // the pending item holds the start marker
		m.open(mk.Kind, n, "", "")
		return dst, end
	case Kept:
		m.mode = mProse
		return m.sayHeld(dst, s, end), end
	}
	m.Drop()
	m.mode = mProse
	if m.f.Markers[tok].EndsTurn && m.endTurn() {
		return dst, end
	}
	if m.f.Markers[tok].Restarts && m.hooks != nil {
		m.hooks.Start(m, s, end)
	}
	return dst, end
}

// afterNested acts on marker tok, which ended n bytes into the pending
// item, before s[i]: the item held more while a longer marker it begins
// could still follow (GigaChat's <|message_sep|> and
// <|message_sep|>\n\nfunction call<|role_sep|>\n), and no longer marker
// did. Such a marker is dropped (compile sees to it). The bytes held after
// it are dropped with the rest after an end of turn (with a diagnostic
// when they are more than whitespace), and otherwise go out as prose: they
// are the start of the longer marker, which no marker of the format
// begins inside.
func (m *Machine) afterNested(dst []toolcall.Event, s string, i int, tok Token, n int) []toolcall.Event {
	rest, start := m.Peek(s, i, n), m.Start()
	m.Drop()
	m.mode = mProse
	if m.f.Markers[tok].EndsTurn && m.endTurn() {
		m.SayDropped(rest, start+n, &m.droppedSaid)
		return dst
	}
	dst = m.say(dst, rest)
	if m.f.Markers[tok].Restarts && m.hooks != nil {
		m.hooks.Start(m, s, i)
	}
	return dst
}

// open starts reading a block of kind k whose body starts at offset at of
// the pending item; lead is its start marker when the item begins after
// it, and name the call it holds, when its opener named it.
func (m *Machine) open(k, at int, lead, name string) {
	m.mode, m.kind, m.bodyAt, m.lead, m.name = mBody, uint16(k), at, lead, name
	m.ledByHooks = false
	kind := &m.f.Kinds[k] // not a copy: a Kind is large
	m.body.Reset(m.f.ends[k], m.Limits.MaxDepth, kind.Scan)
	m.body.maxLen = kind.MaxLen
	if kind.Head != nil || kind.Headed {
		m.body.Head(kind.Head, kind.MaxHead)
	}
	if v := &m.f.values[k]; v[0] != nil {
		m.body.Tagged(v[0], v[1], len(v[0].Markers())-1, 1+len(kind.ValueEnds))
		m.body.next = v[2]
	}
	switch {
	case kind.Scan == ScanCode && (kind.Read == nil || kind.ReadsOnTheWay || kind.Headed) || kind.Scan == ScanValue:
		m.body.ReadWith(m.Parser(), kind.Scan == ScanCode)
	case kind.Scan == ScanPlain && kind.ReadsOnTheWay:
		m.body.ReadValue(m.Parser())
	}
	m.FollowWith(kind.Follow, nil)
}

// MatchMarker matches the format's markers against the pending item's text
// from offset at (where a possible marker begins) through s[i:]. For Full,
// tok is the marker and n its length; end is where scanning resumes in s.
func (m *Machine) MatchMarker(s string, i, at int) (res marker.Result, tok Token, n, end int) {
	res, idx, n, held := m.MatchAt(m.f.prose, s, i, at)
	if res == marker.Partial {
		return res, -1, n, len(s)
	}
	return res, Token(idx), n, i + n - held
}

// Marker returns the format's row for tok.
func (m *Machine) Marker(tok Token) Marker { return m.f.Markers[tok] }

func (m *Machine) inBody(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	out, next, idx, n := m.body.Scan(&m.Base, s, i)
	switch out {
	case Ended:
		start := m.Start()
		text := m.Text(s, next)
		m.endedBy = NoToken // a value body's value closed
		if idx >= 0 {
			m.endedBy = m.f.endToks[m.kind][idx]
		}
		if y := idx - m.f.consumed[m.kind]; y >= 0 { // a marker that acts after the block
			tok := m.f.Kinds[m.kind].Yields[y]
			dst = m.decideBlock(dst, text[:n], text[m.bodyAt:n], start, "", 0)
			switch mk := m.f.Markers[tok]; {
			case m.CallsCapped(): // no call may follow: the marker is content
				dst = m.Content(dst, text[n:])
			case mk.Role == Opens:
				m.Begin(next)
				m.open(mk.Kind, 0, text[n:], "")
			case mk.Role == Kept:
				dst = m.Content(dst, text[n:])
			}
			return dst, next
		}
		dst = m.decideBlock(dst, text, text[m.bodyAt:n], start, s, next)
		if e := m.f.eot[m.kind]; idx >= e && idx < e+m.f.eotCount {
			m.endTurn()
		}
		return dst, next
	case Limit:
		msg := m.f.Kinds[m.kind].TooLong
		if msg == "" {
			msg = "a block passed the size limit"
		}
		m.Diag(toolcall.KindLimit, m.Start(), m.name, msg)
		m.ToProse()
		dst = m.Content(m.Settle(dst, nil), m.leadText())
		return m.Emit(dst, s, next), next
	case Rejected:
		m.mode = mProse
		dst = m.Content(m.Settle(dst, nil), m.leadText())
		return m.Emit(dst, s, next), next
	}
	m.FollowFeed(s[i:next])
	return dst, next
}

// Read reads body as a block of kind k reads it.
func (m *Machine) Read(k int, body string) ([]Item, error) {
	if read := m.f.Kinds[k].Read; read != nil {
		return read(m, body)
	}
	return Decode(body, m.Parser(), m.Requested)
}

// readBody reads the body of the block that just ended, using what its
// scan read of it on the way.
func (m *Machine) readBody(body string) ([]Item, error) {
	defer m.body.pre.reset(nil) // what the reader holds is handed on
	if m.f.Kinds[m.kind].Header {
		return nil, nil // its hooks read it (AfterBlock)
	}
	if m.f.Kinds[m.kind].Read != nil {
		return m.Read(int(m.kind), body)
	}
	return m.Decode(body)
}

// Decode reads the body of the block that just ended as block.Decode
// does, for a Kind's Read (with ReadsOnTheWay set): with what the body's
// scan read of it on the way, when that is the whole body. One call
// object's item is in the machine's own buffer, as OneCall's: valid until
// the next block.
func (m *Machine) Decode(body string) ([]Item, error) {
	blanks := len(body) - len(strings.TrimLeft(body, jsonvalue.Spaces))
	return decode(body, m.Parser(), m.Requested, m.body.pre.read(body, m.bodyAt, blanks), &m.oneItem)
}

// ReadValue reads, for a Kind's Read, the JSON value that body[open:]
// holds (blanks around it), as jsoncall.Value reads one: when the body's
// scan read that value on the way and the body ends with it, what it read,
// else the value parsed now. The bytes are the machine's until the Read
// returns.
func (m *Machine) ReadValue(body string, open int) ([]byte, error) {
	pr := &m.body.pre
	if r := pr.read(body, m.bodyAt, jsonvalue.SkipSpace(body, open)); r != nil && !pr.list {
		if err := r.Close(); err != nil {
			return nil, err
		}
		return r.Stable(), nil
	}
	return jsoncall.Value(strings.TrimSpace(body[open:]), m.Parser())
}

// OneCall returns the items of a block that holds the one call c, at
// offset off of its body, in the machine's own buffer: valid until the
// machine reads the next block. The call is the one its event will hold.
func (m *Machine) OneCall(c toolcall.Call, off int) []Item {
	m.oneItem[0] = Item{Call: &c, Offset: off}
	return m.oneItem[:]
}

// ItemBuffer returns no items, with room for one in the machine's own
// buffer (OneCall's): a Read that appends one item allocates none for it.
// What it holds is valid until the next block.
func (m *Machine) ItemBuffer() []Item { return m.oneItem[:0] }

// Requested reports whether name matches one of the request's tools.
func (m *Machine) Requested(name string) bool { return m.Req.Match(name) >= 0 }

// decideBlock hands on the calls of a block whose whole text (markers and
// all) starts at offset start; a body that is not calls is content,
// verbatim, markers included. The text after the block starts at s[next].
func (m *Machine) decideBlock(dst []toolcall.Event, text, body string, start int, s string, next int) []toolcall.Event {
	m.mode = mProse
	bodyOff := start + m.bodyAt
	m.bodyStart = bodyOff
	items, err := m.readBody(body)
	if err == nil && m.RefuseCalls(callsIn(items), start) {
		err = errCapped
	}
	if err != nil {
		if err != errCapped {
			m.DiagErr(err, bodyOff, "the block does not hold calls")
		}
		dst = m.Content(m.Settle(dst, nil), m.leadText())
		return m.Content(dst, text)
	}
	m.Said.Say()
	dst = m.Settle(dst, firstCall(items))
	dst = m.items(dst, items, bodyOff)
	if m.hooks != nil && s != "" {
		m.hooks.AfterBlock(m, Block{Kind: int(m.kind), Body: body, Items: items}, s, next)
	}
	return dst
}

// errCapped says a block's calls would pass the limit of calls: it is
// content (engine.Base.RefuseCalls said so).
var errCapped = errors.New("more calls than the limit")

// callsIn counts the calls among items.
func callsIn(items []Item) int {
	n := 0
	for _, it := range items {
		if it.Call != nil {
			n++
		}
	}
	return n
}

// items hands on items read from text at offset off of the response:
// calls as calls, the rest as content with a diagnostic. A call's event
// points to the item's call: the items' calls are the stream's once handed
// on.
func (m *Machine) items(dst []toolcall.Event, items []Item, off int) []toolcall.Event {
	for _, it := range items {
		if it.Call == nil {
			if it.Err != nil {
				m.DiagErr(it.Err, off, "")
			}
			dst = m.Content(dst, it.Content)
			continue
		}
		for _, r := range it.Repaired {
			pylit.DiagnoseAt(&m.Base, r, off, it.Call.Name)
		}
		dst = m.CallAt(dst, it.Call, off+it.Offset)
	}
	return dst
}

// DiagErr records err, found in text at offset off of the response, as a
// diagnostic: a syntax error at its own offset (a limit when it is
// pylit.ErrTooDeep), anything else with msg or its own text.
func (m *Machine) DiagErr(err error, off int, msg string) {
	var se *pylit.SyntaxError
	if errors.As(err, &se) || err != nil && (msg == "" || err != ErrNotCalls) {
		pylit.DiagnoseAt(&m.Base, err, off, "")
		return
	}
	m.Diag(toolcall.KindSyntax, off, "", msg)
}

// HeldEnd matches the format's markers at offset mark of the pending item
// that a hook holds, through s[i:], where a marker that ends the item may
// begin (ends says which do). At one of them, text is the item through
// the marker, ended, next is where the marker ends in s, and the machine
// is back in prose: the hook decides what the text is. Otherwise (ended
// false) the machine deals with the item, and the hook reads on at next:
// it waits while the bytes may complete a marker; when they begin none,
// the item is prose (Abandon); before another marker, the held text is
// content and the marker acts as it does in prose.
func (m *Machine) HeldEnd(dst []toolcall.Event, s string, i, mark int, ends func(*Machine, Token) bool) (out []toolcall.Event, text string, next int, ended bool) {
	res, tok, _, end := m.MatchMarker(s, i, mark)
	switch {
	case res == marker.Partial:
		return dst, "", end, false
	case res == marker.None:
		dst, end = m.Abandon(dst, s, end)
		return dst, "", end, false
	case !ends(m, tok):
		return m.markerAt(dst, s, end, mark, tok), "", end, false
	}
	text = m.Text(s, end)
	m.Leave()
	return dst, text, end, true
}

// markerAt ends what a hook held before a marker of tok that starts at
// offset mark of the pending item and ends at s[end]: the held text is
// content, and the marker acts as it does in prose.
func (m *Machine) markerAt(dst []toolcall.Event, s string, end, mark int, tok Token) []toolcall.Event {
	text := m.Text(s, end)
	dst = m.Content(dst, text[:mark])
	m.mode = mProse
	switch mk := m.f.Markers[tok]; mk.Role {
	case Opens: // a block, whose text starts before this delta's bytes
		m.Begin(end)
		m.open(mk.Kind, 0, text[mark:], "")
	case Kept:
		dst = m.Content(dst, text[mark:])
	}
	return dst
}

// Abandon gives up what a hook held: it is prose through s[:i].
func (m *Machine) Abandon(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	m.mode = mProse
	return m.Emit(dst, s, i), i
}
