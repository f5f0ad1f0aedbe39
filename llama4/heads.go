package llama4

import (
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/mdlink"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

type candKind uint8

const (
	kList   candKind = iota // [f(...), ...]
	kArray                  // [{"name": ...}, ...]
	kObject                 // {"name": ...}
	kBare                   // f(...)
)

type hstate uint8

const (
	sHead  hstate = iota // '[' or '{' in prose: a call list or call object?
	sWord                // a name that a '(' may turn into a bare call
	sCand                // a candidate, until its brackets close
	sRun                 // after a bare call or call object: separators of a run
	sTrail               // after a bare call with prose before it on its line: prose after it too?
	sTail                // after a list's ']', a '(': a Markdown link's tail?
)

// trailing is a bare call held until the rest of its line shows whether it
// stands alone or is mentioned in a sentence.
type trailing struct {
	call     toolcall.Call
	text     string // the call's text
	at       int    // where it starts in the response
	repaired []*toolcall.SyntaxError
}

// heads are Llama 4's calls without markers, as the block machine's hooks:
// call lists, arrays and objects of JSON calls and bare calls in prose.
// The pending item is the candidate, with the separators of a run before
// it.
type heads struct {
	explicit bool // inside <|python_start|>: every well-formed call counts
	// precise: calls in a code fence opened after prose, and bare calls
	// inside a sentence, are content (Precise); fenced says the current
	// candidate is in such a fence, inline that the bare call has prose
	// before it on its line; trail holds such a call while what follows
	// it on the line tells whether it is a mention.
	precise, fenced, inline bool
	trail                   *trailing

	state   hstate
	kind    candKind
	head    head
	list    *pylit.List      // a call list, read as it arrives (from the pool while one is open)
	value   *pythonic.Reader // a bare call, JSON call object or array, read as it arrives (likewise)
	opening bool             // the pending candidate opens the response
	candAt  int              // where the candidate starts in the pending item (after a run's separators)
	// prevName says the last delta ended in a name that went out as prose;
	// tailFrom is where the prose that reached the end of this delta began
	// (-1: none did).
	prevName bool
	tailFrom int
	// cutEsc says the last delta ended with a backslash, which the next
	// byte makes markdown's \_ in a name, or not: then the name before it
	// ended there, and a name after it is one of its own.
	cutEsc bool
	// folded are the tools' names (and with "functions.") folded as
	// tool-name matching folds them, and firsts their first bytes.
	folded []string
	firsts [256]bool
	accept func(string) bool // accepts, for the response's machine
	// tail reads what follows a closed list when a '(' does; listLen is
	// the list's length in the pending item.
	tail    mdlink.Tail
	listLen int
}

// BeginResponse implements block.ResponseBeginner: with Precise, content
// follows Markdown code fences, where a call is an example.
func (h *heads) BeginResponse(m *block.Machine) bool {
	m.TrackFences = h.precise && !h.explicit
	return false
}

func (h *heads) Start(*block.Machine, string, int) bool { return false }

func (h *heads) AfterBlock(*block.Machine, block.Block, string, int) {}

// InCandidate: inside a candidate's brackets, text is data.
func (h *heads) InCandidate() bool { return h.state == sCand }

// Close ends the response: an open candidate is content.
func (h *heads) Close(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	if h.state == sTrail { // the response ends the line: the call stands
		dst = h.standTrail(m, dst)
		return m.Emit(dst, "", 0)
	}
	if h.state == sTail { // the list is no link's text
		return m.Emit(h.decideList(m, dst, "", 0), "", 0)
	}
	if h.state == sCand {
		m.Diag(toolcall.KindSyntax, m.Start(), "", "a call is not closed at the end of the response")
	}
	return m.Emit(h.giveUp(m, dst), "", 0)
}

// At decides, in prose, whether a candidate starts: at '[' or '{' a head;
// at '(' a bare call, whose name is the run of name bytes before it; at
// the end of the delta, a name a '(' may follow.
func (h *heads) At(m *block.Machine, s string, from, i int) (start, next int, took bool) {
	continued := from == 0 && h.prevName && !h.escapedNothing(s) // s starts in the middle of a name
	if i == len(s) {
		h.tailFrom = from
		r, k := nameRun(s, from, i)
		if k < i && !(continued && r == 0) && h.mayName(m, s[k:i]) {
			h.enter(m, k, sWord)
			return k, i, true
		}
		return 0, 0, false
	}
	switch s[i] {
	case '(':
		r, k := nameRun(s, from, i)
		if k == i || (continued && r == 0) || !h.allowed(m, s[k:i]) {
			return 0, 0, false
		}
		h.enter(m, k, sCand)
		h.bare(m, s[k:i], 0, s[from:k]) // the prose before it goes out when At returns
		return k, i, true
	}
	h.enter(m, i, sHead)
	h.head = head{known: h.toolKey(m), key: h.head.key[:0]}
	return i, i, true
}

// enter begins a pending item at s[i] in state st.
func (h *heads) enter(m *block.Machine, i int, st hstate) {
	m.Begin(i)
	m.Enter()
	h.state, h.candAt = st, 0
}

// DeltaEnd implements block.DeltaEnder: a name cut by the end of this
// delta went out as prose, so its rest in the next delta is no name of its
// own. Like the lookback in At, the run starts no earlier than the prose
// that reached the end.
func (h *heads) DeltaEnd(m *block.Machine, s string) {
	from := h.tailFrom
	h.tailFrom = -1
	if s == "" {
		return
	}
	broken := h.escapedNothing(s) // the last delta's run ended before its backslash
	h.cutEsc = s[len(s)-1] == '\\'
	if from < 0 {
		from = len(s)
	}
	r, k := nameRun(s, from, len(s))
	switch {
	case !m.InProse() || r == len(s):
		h.prevName = false
	case r == 0 && !broken: // the whole delta continues the prose run of the last one
		h.prevName = h.prevName || k < len(s)
	default:
		h.prevName = k < len(s)
	}
}

func (h *heads) Step(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	switch h.state {
	case sHead:
		return h.stepHead(m, dst, s, i)
	case sWord:
		return h.word(m, dst, s, i)
	case sRun:
		return h.run(m, dst, s, i)
	case sTrail:
		return h.trailStep(m, dst, s, i)
	case sTail:
		return h.tailStep(m, dst, s, i)
	}
	return h.candidate(m, dst, s, i)
}

// escapedNothing reports whether s, the delta after one that ended with a
// backslash, does not begin with the '_' that would make it an escape.
func (h *heads) escapedNothing(s string) bool {
	return h.cutEsc && (s == "" || s[0] != '_')
}

// escapeAt reports whether s[i] is the backslash of Markdown's \_ in a
// name (get\_weather, as Mistral and Mixtral write names): followed by
// '_', or the last byte before end, which the next delta may follow so.
func escapeAt(s string, i, end int) bool {
	return s[i] == '\\' && (i+1 == end || i+1 < len(s) && s[i+1] == '_')
}

// nameRun returns where the run of name bytes that ends at s[j] starts, no
// earlier than i, and where the name in it starts: names start with a
// letter or '_' (k is j when the run holds none).
func nameRun(s string, i, j int) (r, k int) {
	r = j
	for r > i && (pythonic.IsNameByte(s[r-1]) || s[r-1] >= 0x80 || escapeAt(s, r-1, j)) {
		r--
	}
	k = r
	for k < j && !(pythonic.IsNameStartByte(s[k]) || s[k] >= 0x80) {
		k++
	}
	return r, k
}

// allowed reports whether a bare call may name name: only requested tools
// (any name when the request offers none).
func (h *heads) allowed(m *block.Machine, name string) bool {
	return h.explicit || m.Req.IsKnownTool(name)
}

// mayName reports whether a word cut by the end of a delta may grow into
// the name of a call this response may make.
func (h *heads) mayName(m *block.Machine, word string) bool {
	if h.explicit || len(m.Req.Tools) == 0 {
		return true
	}
	if h.folded == nil {
		for _, t := range m.Req.Tools {
			for _, n := range []string{t.Name, "functions." + t.Name} {
				if n == "" {
					continue // a tool with no name matches no word
				}
				f := []byte(n)
				for i := range f {
					f[i] = fold(f[i])
				}
				h.folded = append(h.folded, string(f))
				h.firsts[f[0]] = true
			}
		}
	}
	if strings.IndexByte(word, '\\') >= 0 {
		word = strings.ReplaceAll(word, "\\", "") // get\_weather is get_weather
	}
	if word == "" || !h.firsts[fold(word[0])] {
		return false
	}
	for _, name := range h.folded {
		if foldedPrefix(word, name) {
			return true
		}
	}
	return false
}

// foldedPrefix reports whether word, folded, is a prefix of name, which is
// folded already.
func foldedPrefix(word, name string) bool {
	if len(word) > len(name) {
		return false
	}
	for i := 0; i < len(word); i++ {
		if fold(word[i]) != name[i] {
			return false
		}
	}
	return true
}

func fold(c byte) byte {
	switch {
	case 'A' <= c && c <= 'Z':
		return c + 'a' - 'A'
	case c == '-' || c == '.':
		return '_'
	}
	return c
}

// startCand starts tracking a candidate of the given kind whose text begins
// at offset at of the pending item.
// lead is prose before the candidate that has not gone out as content yet.
func (h *heads) startCand(m *block.Machine, kind candKind, at int, lead string) {
	h.state, h.kind, h.candAt = sCand, kind, at
	h.opening = !m.Said.Spoke()
	h.fenced = h.precise && !h.explicit && m.InFenceAfterProse(lead)
	h.inline = h.precise && !h.explicit && kind == kBare && !m.AtLineStart(lead)
	if h.accept == nil { // made once: a closure costs an allocation each time it is made
		h.accept = func(name string) bool { return h.accepts(m, name) }
	}
	accept := h.accept
	if h.fenced || h.inline {
		accept = func(string) bool { return false } // nothing announced before it is decided
	}
	switch kind {
	case kList:
		if h.list == nil {
			h.list = pylit.NewList()
		}
		h.list.Reset(*m.Parser())
		m.FollowWith(nil, nil) // the list tells its own progress (none when fenced)
	case kBare:
		h.value = pylit.Renew(h.value, *m.Parser(), pylit.GoalRun)
		m.FollowWith(block.FollowCalls, accept)
	case kObject:
		h.value = pylit.RenewValue(h.value, *m.Parser())
		m.FollowWith(block.FollowCallObject, accept)
	default:
		h.value = pylit.RenewValue(h.value, *m.Parser())
		m.FollowWith(nil, nil)
	}
}

// bare starts a bare call named name, whose text begins at offset at of
// the pending item, lead the prose before it not yet gone out as content.
func (h *heads) bare(m *block.Machine, name string, at int, lead string) {
	h.startCand(m, kBare, at, lead)
	h.value.Feed(name)
	m.FollowFeed(name)
}

func (h *heads) stepHead(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, n := m.FeedHead(&h.head, s, i)
	switch res {
	case marker.Partial:
		return dst, len(s)
	case marker.None:
		return m.Abandon(dst, s, i+n)
	}
	// Replay the head's brackets: the name and key are not structural.
	kind := kObject
	switch {
	case h.head.array || h.head.pairs:
		kind = kArray
	case h.head.phase == hCall:
		kind = kList
	}
	h.startCand(m, kind, h.candAt, "")
	if k, ok := m.InDelta(h.candAt); ok {
		// The head is in this delta, and no reader has read it: the
		// next step feeds the candidate from its start, with what
		// follows (a call or object whole in the delta is read in one
		// pass).
		return dst, k
	}
	head := m.Peek(s, i+n, h.candAt)
	if kind == kList { // the candidate's reader reads its head too
		h.list.Feed(head)
	} else {
		h.value.Feed(head)
		m.FollowFeed(head)
	}
	return dst, i + n
}

// word continues a name held from an earlier delta.
func (h *heads) word(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if i == 0 && h.escapedNothing(s) { // the word ended before the backslash that ends it
		return m.Abandon(dst, s, 0)
	}
	j := i
	for j < len(s) && (pythonic.IsNameByte(s[j]) || s[j] >= 0x80 || escapeAt(s, j, len(s))) {
		j++
	}
	if j == len(s) {
		if m.Len(s, j)-h.candAt > maxName {
			return m.Abandon(dst, s, j)
		}
		return dst, j
	}
	if s[j] == '(' { // only a call needs the name, which came in pieces
		if name := m.Peek(s, j, h.candAt); h.allowed(m, name) {
			h.bare(m, name, h.candAt, "")
			return dst, j
		}
	}
	return m.Abandon(dst, s, j)
}

func (h *heads) candidate(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	from := i
	var st pythonic.Status
	if h.kind == kList {
		st, i = m.FeedReader(h.list, s, i)
	} else {
		st, i = m.FeedReader(h.value, s, i)
	}
	m.FollowFeed(s[from:i])
	switch st {
	case pythonic.Open:
		if i == len(s) {
			return dst, i
		}
	case pythonic.Closed:
		if h.kind != kObject && h.kind != kBare && (i == len(s) || s[i] == '(') && !m.AtLineStart("") { // a Markdown link's text, [f()](url)?
			h.state, h.listLen = sTail, m.Len(s, i)
			h.tail.Reset()
			return dst, i
		}
		start := m.Start()
		text := m.Text(s, i)
		m.Leave()
		dst = h.decide(m, dst, text, start)
		if h.state == sTrail {
			// What follows the call is held from here, so that the end
			// of the response, which the machine tells a hook holding
			// something, lets the call stand (Close).
			m.Begin(i)
		}
		return dst, i
	}
	m.GiveUp(st, i)
	return m.Abandon(h.giveUp(m, dst), s, i)
}

// tailStep reads what follows a closed list or array: a Markdown link's
// tail, (destination "title"), makes it the link's text, content; anything
// else leaves it a candidate, decided.
func (h *heads) tailStep(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	end := min(len(s), i+max(m.Room(s, i), 0))
	res, n := h.tail.Feed(s[i:end])
	switch {
	case res == marker.Full:
		return m.Abandon(h.giveUp(m, dst), s, i+n)
	case res == marker.Partial && end == len(s):
		return dst, len(s)
	}
	return h.decideList(m, dst, s, i+n), i + n
}

// decideList decides the list or array that closed at listLen of the
// pending item, whose text ends at s[:j]; what follows the list through
// there is content.
func (h *heads) decideList(m *block.Machine, dst []toolcall.Event, s string, j int) []toolcall.Event {
	start := m.Start()
	text := m.Text(s, j)
	m.Leave()
	dst = h.decide(m, dst, text[:h.listLen], start)
	return m.Content(dst, text[h.listLen:])
}

// Quiet implements block.Quieter: while the head of a call list reads its
// first name, nothing is told until a byte that is no name's, and within
// the pending limit, where the head would give up.
func (h *heads) Quiet(m *block.Machine) protocol.Quiet {
	if h.state != sHead || h.head.phase != hCall { // a call list's head, not an object's
		return protocol.Quiet{}
	}
	return h.head.list.Quiet(m.Room("", 0))
}

// Reading implements block.Reading: the open candidate's reader.
func (h *heads) Reading() *pythonic.Reader {
	switch {
	case h.state != sCand:
		return nil
	case h.kind == kList:
		return h.list.Reader()
	}
	return h.value
}

// giveUp ends what was started of a candidate that is content after all.
func (h *heads) giveUp(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	if h.kind == kList && h.list != nil {
		dst = h.list.Abandon(&m.Base, dst)
	}
	return m.Settle(dst, nil)
}

// Release implements block.Releaser: the readers go back to the pool when
// the machine is recycled. Until then they stay from candidate to
// candidate (Renew), with the buffers they grew: a response of many
// candidates takes them from the pool once, whatever the collector does to
// the pool meanwhile. The calls they read were handed on as copies.
func (h *heads) Release() {
	if h.list != nil {
		h.list.Release()
		h.list = nil
	}
	if h.value != nil {
		pythonic.ReleaseValue(h.value)
		h.value = nil
	}
}

// Progress implements block.Progressor: a call list tells its calls'
// progress.
func (h *heads) Progress(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	if h.state != sCand || h.kind != kList || h.list == nil || h.fenced {
		return dst
	}
	return h.list.Progress(&m.Base, dst, h.acceptor(m))
}

// acceptor returns the names a call list may call (nil: any), as accepts
// says.
func (h *heads) acceptor(m *block.Machine) func(string) bool {
	if h.explicit || h.opening {
		return nil
	}
	return m.Req.IsKnownTool
}

// decide parses a closed candidate whose pending text (with a run's
// separators before candAt) starts at offset start.
func (h *heads) decide(m *block.Machine, dst []toolcall.Event, text string, start int) []toolcall.Event {
	cand := text[h.candAt:]
	cstart := start + h.candAt
	p := m.Parser()
	if h.fenced { // a code block inside an explanation: an example, not a call
		dst = h.giveUp(m, dst)
		m.Diag(toolcall.KindPolicy, cstart, nameOf(strings.TrimLeft(cand, "[{ \t\n")), "a call inside a code fence opened after prose is content (Precise)")
		return m.Content(dst, text)
	}
	switch h.kind {
	case kList: // read as it arrived
		dst = m.Content(dst, text[:h.candAt])
		dst, _ = h.list.Decide(&m.Base, dst, cand, cstart, h.acceptor(m))
		return dst
	case kBare: // read as it arrived, as the first call of a run
		err := h.value.Close()
		var el pythonic.Element
		switch elems := h.value.Elements(); {
		case err != nil:
		case len(elems) != 1:
			err = &toolcall.SyntaxError{Msg: "not one call"}
		case elems[0].Err != nil:
			err = elems[0].Err
		default:
			el = elems[0]
		}
		if err != nil {
			pylit.DiagnoseAt(&m.Base, err, cstart, nameOf(cand))
			return m.Content(m.Settle(dst, nil), text)
		}
		if !h.inline && m.RefuseCalls(1, cstart) { // more calls than the response may hand on
			return m.Content(m.Settle(dst, nil), text)
		}
		if h.inline { // prose before it on its line: is there prose after it?
			dst = m.Content(m.Settle(dst, nil), text[:h.candAt])
			h.trail = &trailing{call: el.Call, text: cand, at: cstart + el.Start, repaired: el.Repaired}
			m.Enter()
			h.state = sTrail
			return dst
		}
		dst = m.Settle(dst, &el.Call)
		for _, r := range el.Repaired {
			pylit.DiagnoseAt(&m.Base, r, cstart, el.Call.Name)
		}
		return h.afterCall(m, m.Call(dst, el.Call, cstart+el.Start))
	}
	raw, err := h.value.Stable(), h.value.Close() // read as it arrived
	var calls []toolcall.Call
	if err == nil {
		var described bool
		calls, described, err = jsoncall.CallsOrDescription(raw, p, m.Requested)
		if described { // a tool listing or definition is prose
			return m.Content(m.Settle(dst, nil), text)
		}
	}
	if err != nil {
		m.Diag(toolcall.KindSyntax, cstart, "", "not a call object: "+err.Error())
		return m.Content(m.Settle(dst, nil), text)
	}
	for _, c := range calls {
		if !h.accepts(m, c.Name) {
			m.Diag(toolcall.KindUnknownTool, cstart, c.Name, "a call object in prose names a tool the request does not offer")
			return m.Content(m.Settle(dst, nil), text)
		}
	}
	if m.RefuseCalls(len(calls), cstart) { // more calls than the response may hand on
		return m.Content(m.Settle(dst, nil), text)
	}
	dst = m.Settle(dst, &calls[0])
	for _, c := range calls {
		dst = m.Call(dst, c, cstart)
	}
	if h.kind == kObject {
		return h.afterCall(m, dst)
	}
	return dst
}

// trailStep reads what follows a bare call that has prose before it on
// its line: spaces and sentence punctuation are held; the line's end (or
// the response's) lets the call stand; a word makes it a mention in a
// sentence, which is content.
func (h *heads) trailStep(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if !m.Holding() {
		m.Begin(i)
	}
	j := i
	for j < len(s) && strings.IndexByte(" \t.,;:!?)", s[j]) >= 0 {
		j++
	}
	if j == len(s) {
		return dst, j
	}
	if s[j] == '\n' || s[j] == '\r' {
		dst = h.standTrail(m, dst)
	} else {
		t := h.trail
		h.trail = nil
		m.Diag(toolcall.KindPolicy, t.at, t.call.Name, "a call mentioned inside a sentence (prose before and after it on its line) is content (Precise)")
		dst = m.Content(dst, t.text)
	}
	m.Leave()
	h.state = sHead
	return m.Emit(dst, s, j), j
}

// standTrail hands on the held bare call: its line ended after it.
func (h *heads) standTrail(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	t := h.trail
	h.trail = nil
	if m.RefuseCalls(1, t.at) { // more calls than the response may hand on
		return m.Content(dst, t.text)
	}
	for _, r := range t.repaired {
		pylit.DiagnoseAt(&m.Base, r, t.at, t.call.Name)
	}
	return m.Call(dst, t.call, t.at)
}

// toolKey returns what says whether a key names a requested tool, for
// heads to take objects keyed by one and lists of pairs; nil (no such
// head) when the request offers no tools, inside <|python_start|> too.
func (h *heads) toolKey(m *block.Machine) func(string) bool {
	if len(m.Req.Tools) == 0 {
		return nil
	}
	return func(name string) bool { return m.Req.Match(name) >= 0 }
}

// accepts reports whether a call in an unmarked list or object may name
// name: inside markers and in a candidate that opens the response, any
// name; elsewhere only requested tools.
func (h *heads) accepts(m *block.Machine, name string) bool {
	return h.explicit || h.opening || m.Req.IsKnownTool(name)
}

// afterCall starts holding what follows a bare call or call object: more
// calls of the same run may follow its separators.
func (h *heads) afterCall(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	m.Enter()
	h.state = sRun
	return dst
}

func nameOf(call string) string {
	call = strings.TrimSpace(call)
	return call[:pythonic.NameEnd(call, 0)]
}

// run holds the separators after a call; a name or '{' after them may
// continue the run, anything else ends it and the separators are prose.
func (h *heads) run(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if !m.Holding() {
		m.Begin(i)
	}
	j := i
	for j < len(s) && (jsonvalue.IsSpace(s[j]) || s[j] == ',' || s[j] == ';') {
		j++
	}
	if j == len(s) {
		return dst, j
	}
	at := m.Len(s, j)
	switch c := s[j]; {
	case pythonic.IsNameStartByte(c):
		h.state, h.candAt = sWord, at
	case c == '{':
		h.state, h.head, h.candAt = sHead, head{known: h.toolKey(m), key: h.head.key[:0]}, at
	default:
		return m.Abandon(dst, s, j)
	}
	return dst, j
}
