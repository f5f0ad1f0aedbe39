// Package tagargs reads tagged arguments: calls whose name follows an
// open tag and whose values stand between a parameter's open tag (with its
// key) and a close tag, as Qwen3-Coder writes them. A format is a Markers
// table. The Reader is pushed bytes and tells a Handler what they hold;
// reading a whole call is feeding it all, then Close, so a format's whole
// read and its argument streaming are one code path, and the rule for tags
// inside values is written once, here (see Reader).
package tagargs

import (
	"bytes"
	"math/bits"
	"strings"
	"unicode"
	"unsafe"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Markers are a format's tags. Every tag starts with '<' and holds no
// other '<'.
type Markers struct {
	// Call opens a call; its name follows, to NameEnd: "<function=" and
	// ">". With no Call, the text starts with the name, which ends at the
	// first Param or at the end of the text (GLM's "NAME\n<arg_key>").
	Call, NameEnd string
	// Param opens a parameter; its key follows, to KeyEnd; then, past
	// whitespace, ValueOpen when it is set, and the value: "<parameter="
	// and ">"; "<arg_key>", "</arg_key>" and "<arg_value>".
	Param, KeyEnd, ValueOpen string
	Close                    string   // closes a value: "</parameter>"
	End                      string   // ends the call, when it has a tag: "</function>"
	Outer                    []string // tags around calls that may follow a value's close: "</tool_call>"
	// JSONArgs: a '{' where the first parameter may be opens JSON
	// arguments, to End.
	JSONArgs bool
	// Missing: a parameter's open tag with no close tag before it may end
	// a value (when its key is fresh and Handler.Known accepts it).
	Missing bool
	// Nest: inside a value, a parameter's open tag that does not end it
	// opens a nested parameter, which the next close tag closes, and the
	// call's open tag a nested call, which the next end tag ends (see
	// Reader). It needs Missing and a Call, and no ValueOpen.
	Nest bool
	// AnyKey: a key may hold any byte (else a newline or a '<' makes it
	// none, textargs.ValidKey); Trim: names and keys are trimmed.
	AnyKey, Trim bool
	// KeyName, when set, returns the name a key's text holds, for a tag
	// whose key is followed by attributes before KeyEnd (DSML's
	// `K" string="true`): a parameter's open tag in a value is the
	// value's own when it names the value's key, whatever its
	// attributes. The Handler is told the whole text.
	KeyName func(key string) string
	// The diagnostics for a name or a key whose end never comes, for what
	// stands where a parameter or the end should, and where ValueOpen
	// should.
	NameMsg, KeyMsg, BetweenMsg, OpenMsg string
}

// Nests reports whether a parameter's open tag inside a value opens a
// nested one, which the next close tag closes, and the call's open tag a
// nested call, which the next end tag ends (the open tag is the value's
// own, and Missing makes it a tag a value is read for).
func (m *Markers) Nests() bool { return m.Nest && m.Missing && m.ValueOpen == "" && m.Call != "" }

// NestTags are the tags that open a nested element inside a value, where
// Nests: Param and Call.
func (m *Markers) NestTags() []string {
	if !m.Nests() {
		return nil
	}
	return []string{m.Param, m.Call}
}

// valueTags are the tags a '<' in a value may start, as match numbers
// them: Close, Param (where Missing), End, the outer tags, and Call
// (where Nests).
func (m *Markers) valueTags() uint16 {
	alive := uint16(1)<<m.callTag() - 1
	if !m.Missing {
		alive &^= 2
	}
	if m.Nests() {
		alive |= 1 << m.callTag()
	}
	return alive
}

// A Handler is told what a Reader reads. Offsets count the bytes fed
// since Reset (or from the offset ResumeAt set).
type Handler interface {
	// Name: a call named name starts; its name starts at offset at. A
	// message says the name is none (textargs.ValidName is the rule).
	Name(name string, at int) string
	// Key: the value of key starts; its parameter's open tag starts at
	// offset at.
	Key(key string, at int)
	// Text continues the value with text, as it is decided; text is
	// valid only during the call.
	Text(text string)
	// EndValue: the value is the text between offsets from and to; closed
	// says its close tag ended it.
	EndValue(from, to int, closed bool)
	// End: the call's end tag ends at offset at; false stops the reading.
	End(at int) bool
	// JSON: the call's arguments are JSON, the text between from and to;
	// a message says they do not read.
	JSON(from, to int) string
	// Trailing: at offset at stands text that opens no call; the reading
	// stops.
	Trailing(at int)
	// Unsure: a value holds the call's end tag (or an outer one) with no
	// close tag before it: only what follows, maybe to the end, tells
	// whether it ends the value.
	Unsure()
	// Fresh reports whether key, not the value's own, may begin the next
	// parameter after a close tag (not set yet); Known, whether a key
	// whose open tag comes with no close tag before it may (one the
	// tool's schema knows).
	Fresh(key string) bool
	Known(key string) bool
}

// State is where a Reader stands.
type State uint8

// The states of a Reader.
const (
	Open    State = iota // before a call's open tag (whitespace is skipped)
	Name                 // in a call's name
	Between              // after the name or a value: a parameter, the end, or JSON arguments
	Key                  // in a parameter's key
	Value                // in a value
	JSON                 // in JSON arguments, to the end tag
	Opening              // after a key: ValueOpen
	Done                 // stopped: after Trailing, or an End that said so
	Failed               // the text is no call: Err says why
)

type hold uint8

const (
	hNone    hold = iota
	hTag          // a '<' in a value and what follows: a tag?
	hKey          // a parameter's open tag in a value, with no close tag before it: its key
	hAfter        // a close tag, then whitespace
	hNext         // a close tag, whitespace, and a tag?
	hNextKey      // a close tag, whitespace and a parameter's open tag: its key
	hEnd          // in JSON arguments, a '<': the end tag?
	hOpen         // the call's open tag, or a parameter's, or the end tag, after the name or a value
)

// MaxKey is the longest key a parameter's open tag inside a value is read
// with, so that a value full of them costs its length to read.
const MaxKey = 256

// A Reader reads the tagged arguments of one block, pushed in pieces.
//
// Inside a value no tag counts but these. A close tag ends the value when
// whitespace and then the open tag of a parameter whose key is not set yet
// or is the value's own, the call's end tag, an outer tag or the end of
// the text follow it; otherwise it is text
// in the value. The key may be the value's own, written again (the
// Handler keeps the last value at the key's first place), but not one set
// before the value: a value never rewrites an argument already read. A
// parameter's open tag with no close tag before it ends the value when its
// key is fresh (not the value's own, not set yet) and known, outside a
// nested call; otherwise, where Markers.Nests, it opens a nested
// parameter, text in the value, whose close tag the next close tag is.
// There, too, the call's open tag opens a nested call, which the next end
// tag ends: a value may hold the format's own example call, close and end
// tags and all. With neither, the value ends at the first end tag after its last
// close tag, or at the end of the text (so only Close decides it:
// Handler.Unsure says so, and Close returns where the reading resumes).
type Reader struct {
	m     *Markers
	h     Handler
	st    State
	hold  hold
	Err   *toolcall.SyntaxError
	limit int // when set, the most bytes held undecided; past it, Failed

	off    int    // the offset of the next byte
	held   []byte // undecided bytes: a name, a key, a tag
	heldAt int    // the offset of held[0]
	fromS  int    // how many of held's last bytes came from the current piece
	cur    string // the current piece
	curOK  bool   // cur may be kept (it is the caller's)
	curAt  int    // the offset of cur[0]

	alive   uint16 // the tags a held tag may still be
	tagAt   int    // where the tag of hNext, hNextKey starts in held
	keyAt   int    // where a key starts in held
	vstart  int    // where the value starts
	key     string // the value's key
	tent    int    // the first end tag in the value after its last close tag, or -1
	params  int    // parameters read in the call
	json    bool   // the call's arguments are JSON
	jsonAt  int
	paramAt int    // where the current parameter's open tag starts
	tail    []byte // after text: the held bytes to read again
	closed  bool   // the last value ended at its close tag
	depth   int    // nested parameters open in the value (Markers.Nests)
	calls   int    // nested calls open in the value (Markers.Nests)

	// No other tag is a proper prefix of Close (of Param, but Close): a
	// '<' in a value (after a close tag) that starts it is it.
	closeFirst, paramFirst bool
	// at1 and at2 hold, for each byte, the tags (numbered as tagIn
	// numbers them) that have it second and third, or are too short to
	// have a byte there: most '<' in a value is ruled out by them.
	at1, at2 [256]uint16
}

// Reset makes r read a new text with m, telling h, from state st (Open or
// Name); limit, when set, bounds the bytes it holds undecided.
func (r *Reader) Reset(m *Markers, h Handler, st State, limit int) {
	// Field by field: a pooled Reader lives on the heap, where copying a
	// whole struct costs a bulk write barrier while the collector runs.
	if m != r.m { // a pooled Reader reads with one format's markers: work out once what they allow
		r.closeFirst, r.paramFirst = m.firsts()
		r.at1, r.at2 = m.tagBytes(1), m.tagBytes(2)
	}
	r.m, r.h, r.st, r.hold, r.Err, r.limit = m, h, st, hNone, nil, limit
	r.off, r.held, r.heldAt, r.fromS = 0, r.held[:0], 0, 0
	r.cur, r.curOK, r.curAt, r.tail = "", false, 0, nil
	r.alive, r.tagAt, r.keyAt, r.vstart, r.key, r.tent = 0, 0, 0, 0, "", -1
	r.params, r.json, r.jsonAt, r.paramAt, r.closed, r.depth, r.calls = 0, false, 0, 0, false, 0, 0
}

// tagBytes returns, for each byte, the tags (numbered as tagIn numbers
// them) that have it at index i, or are too short to have a byte there.
func (m *Markers) tagBytes(i int) (at [256]uint16) {
	for k := 0; k <= m.callTag() && k < 16; k++ {
		switch t := m.tag(k); {
		case len(t) > i:
			at[t[i]] |= 1 << k
		case t != "": // no tag stands for none, and has no byte anywhere
			for c := range at {
				at[c] |= 1 << k
			}
		}
	}
	return at
}

// firsts reports whether no other tag a '<' in a value may start is a
// proper prefix of Close, and whether none but Close is one of Param.
func (m *Markers) firsts() (closeFirst, paramFirst bool) {
	closeFirst, paramFirst = true, true
	for k := 1; k < m.callTag(); k++ {
		t := m.tag(k)
		if t != "" && len(t) < len(m.Close) && strings.HasPrefix(m.Close, t) {
			closeFirst = false
		}
		if k >= 2 && t != "" && len(t) < len(m.Param) && strings.HasPrefix(m.Param, t) {
			paramFirst = false
		}
	}
	return closeFirst, paramFirst
}

// State returns where r stands.
func (r *Reader) State() State { return r.st }

// Closed reports whether the last value ended at its close tag.
func (r *Reader) Closed() bool { return r.closed }

// Params returns how many parameters the current call holds.
func (r *Reader) Params() int { return r.params }

// HasJSON reports whether the current call's arguments are JSON.
func (r *Reader) HasJSON() bool { return r.json }

// ResumeAt makes r, stopped or closed, read on at offset at in state Open.
func (r *Reader) ResumeAt(at int) {
	r.st, r.hold, r.off, r.held, r.Err, r.heldAt = Open, hNone, at, r.held[:0], nil, at
}

// Feed reads s, which r may keep parts of (names and keys it hands on).
func (r *Reader) Feed(s string) { r.run(s, true) }

// FeedCopy reads s, which is valid only during the call: r copies what it
// hands on to be kept.
func (r *Reader) FeedCopy(s string) { r.run(s, false) }

func (r *Reader) fail(at int, msg string) {
	r.st, r.hold = Failed, hNone
	r.Err = &toolcall.SyntaxError{Offset: at, Msg: msg}
}

// str returns the text between offsets from and to, which r read.
func (r *Reader) str(from, to int) string {
	if r.curOK && from >= r.curAt {
		return r.cur[from-r.curAt : to-r.curAt]
	}
	return string(r.held[from-r.heldAt : to-r.heldAt])
}

func (r *Reader) startHold(h hold, c byte) {
	r.hold, r.held, r.heldAt, r.fromS = h, append(r.held[:0], c), r.off-1, 1
}

func (r *Reader) run(s string, ok bool) {
	pc, pok, pat := r.cur, r.curOK, r.curAt
	r.cur, r.curOK, r.curAt, r.fromS = s, ok, r.off, 0
	skipped := false
	whole := ok && r.limit == 0 // r.off is r.curAt+i while nothing is held
	for i := 0; i < len(s) && r.st < Done; {
		if r.hold == hNone {
			switch r.st {
			case Value: // text, to a '<'
				j := strings.IndexByte(s[i:], '<')
				if j < 0 {
					r.h.Text(s[i:])
					r.off += len(s) - i
					i = len(s)
					continue
				}
				r.h.Text(s[i : i+j])
				if whole {
					if k := r.valueTag(s, i+j); k >= 0 {
						i = k
						continue
					}
				}
				r.off += j + 1
				i += j + 1
				r.startHold(hTag, '<')
				r.alive = r.m.valueTags()
				continue
			case JSON:
				j := strings.IndexByte(s[i:], '<')
				if j < 0 {
					r.off += len(s) - i
					i = len(s)
					continue
				}
				r.off += j + 1
				i += j + 1
				r.startHold(hEnd, '<')
				continue
			default:
				if whole {
					if k := r.fast(s, i); k > i {
						i = k
						continue
					}
				}
			}
		}
		if skipped {
			skipped = false
		} else if k := r.skip(s, i); k > 0 { // bytes that only go on what is held
			if r.hold != hNone {
				r.held = append(r.held, s[i:i+k]...)
				r.fromS += k
			}
			r.off += k
			i += k
			skipped = true // the byte that decides is read byte by byte
			continue
		}
		c := s[i]
		i++
		r.off++
		if r.hold != hNone {
			r.held = append(r.held, c)
			r.fromS++
			if r.limit > 0 && len(r.held) > r.limit {
				r.fail(r.heldAt, "too long")
				break
			}
			if back := r.step(c); back > 0 {
				r.off -= back
				if back <= r.fromS {
					i -= back
				} else { // bytes held from earlier pieces: read them again
					r.run(string(r.tail), false)
					r.fromS = 0
				}
			}
			continue
		}
		r.plain(c)
	}
	r.cur, r.curOK, r.curAt = pc, pok, pat
}

// skip returns how many of the bytes at s[i] read as the byte by byte
// path would, changing nothing but what is held: a tag or a name's end
// that s holds whole, but for its last byte, which that path reads.
func (r *Reader) skip(s string, i int) int {
	m := r.m
	switch r.hold {
	case hNone:
		if r.st != Name && r.st != Key || !r.curOK || r.heldAt < r.curAt {
			return 0
		}
		end := m.NameEnd
		if m.Call == "" {
			end = m.Param
		}
		if r.st == Key {
			end = m.KeyEnd
		}
		e := strings.Index(s[i:], end)
		if e < 0 || r.st == Key && !m.AnyKey && strings.ContainsAny(s[i:i+e], "\n<") {
			return 0
		}
		return e + len(end) - 1
	case hTag, hNext:
		if len(r.held) != 1 && (r.hold == hTag || len(r.held)-r.tagAt != 1) {
			return 0
		}
		for k := 0; k <= m.callTag(); k++ {
			if t := r.tag(k); r.alive&(1<<k) != 0 && len(t) > 1 && strings.HasPrefix(s[i:], t[1:]) {
				r.alive = 1 << k
				return len(t) - 2
			}
		}
	case hOpen:
		if len(r.held) != 1 {
			return 0
		}
		tags := [2]string{m.Call, ""}
		switch r.st {
		case Between:
			tags = [2]string{m.Param, m.End}
		case Opening:
			tags = [2]string{m.ValueOpen, ""}
		}
		for _, t := range tags {
			if len(t) > 1 && strings.HasPrefix(s[i:], t[1:]) {
				return len(t) - 2
			}
		}
	case hAfter:
		k := i
		for k < len(s) && jsonvalue.IsSpace(s[k]) {
			k++
		}
		return k - i
	case hKey, hNextKey:
		if len(r.held) != r.keyAt {
			return 0
		}
		w := s[i:min(len(s), i+MaxKey+len(m.KeyEnd))]
		e := strings.Index(w, m.KeyEnd)
		if e < 0 || !m.AnyKey && strings.ContainsAny(w[:e], "\n<") {
			return 0
		}
		return e + len(m.KeyEnd) - 1
	}
	return 0
}

// plain reads c outside values and tags.
func (r *Reader) plain(c byte) {
	switch r.st {
	case Open, Between, Opening:
		if jsonvalue.IsSpace(c) {
			return
		}
		if r.st == Between && c == '{' && r.params == 0 && !r.json && r.m.JSONArgs {
			r.st, r.json, r.jsonAt = JSON, true, r.off-1
			return
		}
		if c != '<' {
			r.refuse(r.off - 1)
			return
		}
		r.startHold(hOpen, c)
	case Name, Key:
		r.name(c)
	}
}

// refuse ends the reading at text that is no tag the state allows.
func (r *Reader) refuse(at int) {
	switch r.st {
	case Open:
		r.st = Done
		r.h.Trailing(at)
	case Opening:
		r.fail(at, r.m.OpenMsg)
	default:
		r.fail(at, r.m.BetweenMsg)
	}
}

// name reads c, a byte of a name or a key: held, unless it is in a piece
// r may keep, which it is then read from.
func (r *Reader) name(c byte) {
	inCur := r.curOK && r.heldAt >= r.curAt
	if !inCur {
		r.held = append(r.held, c)
	}
	if r.limit > 0 && r.off-r.heldAt > r.limit {
		r.fail(r.heldAt, "too long")
		return
	}
	end := r.m.NameEnd
	if r.m.Call == "" {
		end = r.m.Param
	}
	if r.st == Key {
		end = r.m.KeyEnd
		if !r.m.AnyKey && (c == '\n' || c == '<') {
			r.fail(r.heldAt, r.m.KeyMsg)
			return
		}
	}
	ended := c == end[len(end)-1]
	if ended && inCur {
		k := r.off - r.curAt
		ended = r.off-len(end) >= r.heldAt && r.cur[k-len(end):k] == end
	} else if ended {
		ended = hasSuffix(r.held, end)
	}
	if !ended {
		if inCur && r.off == r.curAt+len(r.cur) { // the piece ends: hold what it holds of the name
			r.held = append(r.held[:0], r.cur[r.heldAt-r.curAt:]...)
		}
		return
	}
	r.endName(end)
}

// endName ends the name or the key that the end tag end, just read, ends.
func (r *Reader) endName(end string) {
	at := r.heldAt
	t := r.str(at, r.off-len(end))
	r.held = r.held[:0]
	if r.m.Trim {
		t, at = trim(t, at)
	}
	if r.st == Key {
		r.setKey(t, r.paramAt)
		return
	}
	r.named(t, at)
	if r.st == Between && r.m.Call == "" { // the name ended at a parameter's open tag
		r.st, r.heldAt, r.paramAt = Key, r.off, r.off-len(r.m.Param)
	}
}

// setKey starts the value of key, whose parameter's open tag starts at
// offset at and whose key's end was just read.
func (r *Reader) setKey(key string, at int) {
	r.key, r.depth, r.calls = key, 0, 0
	r.params++
	r.h.Key(key, at)
	r.st, r.vstart = Value, r.off
	if r.m.ValueOpen != "" {
		r.st = Opening
	}
}

// opened goes on after the tag t, just read, which starts at offset at:
// the call's open tag, a parameter's, ValueOpen, or the end tag.
func (r *Reader) opened(t string, at int) {
	m := r.m
	switch {
	case t == m.Call:
		r.st, r.heldAt = Name, r.off
	case r.st == Opening:
		r.st, r.vstart = Value, r.off
	case t == m.Param:
		r.st, r.heldAt, r.paramAt = Key, r.off, at
	default:
		r.endCall()
	}
}

// The fast path. When r reads a piece it may keep, with no limit, and
// nothing is held, what the piece holds whole is read at once, with the
// outcome the byte by byte path would have (the split-invariance tests
// check it against pieces read byte by byte): blanks and a tag between
// parameters, a name or a key to its end, and a tag in a value with what
// decides it. What the piece ends before deciding is left to that path.
// r.off is r.curAt+i there.

// fast reads, from s[i], blanks and a tag, or a name or a key to its end,
// and returns where it stopped: i when it read nothing.
func (r *Reader) fast(s string, i int) int {
	m := r.m
	switch r.st {
	case Open, Between, Opening:
		j := i
		for j < len(s) && jsonvalue.IsSpace(s[j]) {
			j++
		}
		r.off += j - i
		if j == len(s) || s[j] != '<' {
			return j
		}
		tags := [2]string{m.Call, ""}
		switch r.st {
		case Between:
			tags = [2]string{m.Param, m.End}
		case Opening:
			tags = [2]string{m.ValueOpen, ""}
		}
		for _, t := range tags {
			if t != "" && strings.HasPrefix(s[j:], t) {
				r.off += len(t)
				r.opened(t, r.curAt+j)
				return j + len(t)
			}
		}
		return j
	case Name, Key:
		h := r.heldAt - r.curAt // where the name starts in s
		if h < 0 {
			return i
		}
		end := m.NameEnd
		if m.Call == "" {
			end = m.Param
		}
		if r.st == Key {
			end = m.KeyEnd
		}
		k := len(s) // where the name and its end end, or the piece
		if e := strings.Index(s[h:], end); e >= 0 {
			k = h + e + len(end)
		}
		if r.st == Key && !m.AnyKey {
			if b := badKey(s[h:k]); b >= 0 { // no key
				r.off = r.curAt + h + b + 1
				r.fail(r.heldAt, m.KeyMsg)
				return h + b + 1
			}
		}
		r.off = r.curAt + k
		if k == len(s) && !strings.HasSuffix(s[h:], end) { // the piece ends first: hold the name
			r.held = append(r.held[:0], s[h:]...)
			return k
		}
		r.endName(end)
		return k
	}
	return i
}

// valueTag reads the '<' at s[p] in a value and what decides it (see
// step: hTag, hAfter, hNext, hKey, hNextKey), and returns where the
// reading goes on, or -1 when s ends before it is decided.
func (r *Reader) valueTag(s string, p int) int {
	m := r.m
	alive := m.valueTags()
	at := r.curAt + p
	k := 0
	if !r.closeFirst || !strings.HasPrefix(s[p:], m.Close) {
		k, _ = r.tagIn(s[p:], alive)
	}
	switch k {
	case -1:
		return -1
	case -2:
		return r.textFrom(s, p, false)
	case 0: // a close tag: blanks and what follows decide it
		if r.depth > 0 { // a nested parameter's
			r.depth--
			return r.textFrom(s, p, true)
		}
		q := p + len(m.Close)
		for q < len(s) && jsonvalue.IsSpace(s[q]) {
			q++
		}
		if q == len(s) { // what follows decides: hold the close tag and blanks
			r.hold, r.held, r.heldAt, r.fromS = hAfter, append(r.held[:0], s[p:]...), at, len(s)-p
			r.off = r.curAt + len(s)
			return len(s)
		}
		if s[q] != '<' {
			return r.textFrom(s, p, true)
		}
		t, n := 1, len(m.Param)
		if !r.paramFirst || !strings.HasPrefix(s[q:], m.Param) {
			t, n = r.tagIn(s[q:], uint16(1)<<m.callTag()-2)
		}
		switch t {
		case -1:
			return -1
		case -2:
			return r.textFrom(s, p, true)
		case 1:
			key, e := r.keyIn(s, q+len(m.Param))
			if e == -1 {
				return -1
			}
			if e == -2 {
				return r.textFrom(s, p, true)
			}
			if !r.next(key) { // the close tag and the key's tag are text
				r.tent = -1
				r.h.Text(s[p:e])
				r.off = r.curAt + e
				return e
			}
			r.off = r.curAt + e
			r.endValue(at, true)
			r.setKey(key, r.curAt+q)
			return e
		case 2: // the end tag
			r.endValue(at, true)
			r.st = Between
			r.off = r.curAt + q + n
			r.endCall()
			return q + n
		default: // an outer tag, read again between parameters
			r.endValue(at, true)
			r.st = Between
			r.off = r.curAt + q
			return q
		}
	case 1: // a parameter's open tag, no close tag before it
		key, e := r.keyIn(s, p+len(m.Param))
		if e == -1 {
			return -1
		}
		if r.calls > 0 || e < 0 || key == "" || r.own(key) || !r.h.Fresh(key) || !r.h.Known(key) {
			if e >= 0 && m.Nests() {
				r.depth++
			}
			return r.textFrom(s, p, false)
		}
		r.off = r.curAt + e
		r.endValue(at, false)
		r.setKey(key, at)
		return e
	case 2: // the end tag
		if r.calls > 0 { // a nested call's
			r.calls--
			return r.textFrom(s, p, false)
		}
		if r.tent < 0 {
			r.tent = at
		}
		r.h.Unsure()
		return r.textFrom(s, p, false)
	case m.callTag(): // a call's open tag: a nested call
		r.calls++
		return r.textFrom(s, p, false)
	default:
		if r.calls == 0 {
			r.h.Unsure()
		}
		return r.textFrom(s, p, false)
	}
}

// tagIn returns which of the alive tags rest starts with (as match
// numbers them) and its length; -1 when rest is too short to tell, -2
// when none.
func (r *Reader) tagIn(rest string, alive uint16) (int, int) {
	switch {
	case len(rest) > 2:
		alive &= r.at1[rest[1]] & r.at2[rest[2]]
	case len(rest) > 1:
		alive &= r.at1[rest[1]]
	}
	best, n, wait := -2, 0, false
	for ; alive != 0; alive &= alive - 1 {
		k := bits.TrailingZeros16(alive)
		t := r.tag(k)
		if t == "" || differ(rest, t, 1) || differ(rest, t, 2) {
			continue
		}
		if len(rest) < len(t) {
			wait = wait || rest == t[:len(rest)]
		} else if rest[:len(t)] == t && (best < 0 || len(t) < n) {
			best, n = k, len(t)
		}
	}
	if best < 0 && wait {
		return -1, 0
	}
	return best, n
}

// keyIn reads the key of a parameter's open tag in a value, which starts
// at s[k], and returns it and where its end tag ends; -1 when s ends
// before it is decided, -2 when it is none.
func (r *Reader) keyIn(s string, k int) (string, int) {
	m := r.m
	w := s[k:min(len(s), k+MaxKey+len(m.KeyEnd))]
	e := strings.Index(w, m.KeyEnd)
	if !m.AnyKey {
		v := w
		if e >= 0 {
			v = w[:e+len(m.KeyEnd)-1]
		}
		if badKey(v) >= 0 {
			return "", -2
		}
	}
	if e < 0 {
		if len(w) == MaxKey+len(m.KeyEnd) {
			return "", -2
		}
		return "", -1
	}
	key := w[:e]
	if m.Trim {
		key = strings.TrimSpace(key)
	}
	return key, k + e + len(m.KeyEnd)
}

// own reports whether key, a parameter's in a value, names the value's
// own key (Markers.KeyName).
func (r *Reader) own(key string) bool {
	if r.m.KeyName != nil {
		return r.m.KeyName(key) == r.m.KeyName(r.key)
	}
	return key == r.key
}

// next reports whether key, whose parameter's open tag follows a close tag
// and whitespace in a value, begins the next parameter: the value's own
// (written again: the Handler keeps the last value) or a key the Handler
// calls fresh (not set yet; any key in a call to a tool the request does
// not offer). A key set before the value is text in it, so that a
// value never rewrites an argument already read.
func (r *Reader) next(key string) bool {
	return key != "" && (r.own(key) || r.h.Fresh(key))
}

// differ reports whether a and b both hold byte i and it differs.
func differ(a, b string, i int) bool { return len(a) > i && len(b) > i && a[i] != b[i] }

// badKey returns where s holds a byte no key may (a newline or a '<'
// when Markers.AnyKey is not set), or -1.
func badKey(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '<' {
			return i
		}
	}
	return -1
}

// textFrom makes the '<' at s[p] text in the value, and what follows to
// the next '<' (closeText: a close tag starts it), and returns where that
// is.
func (r *Reader) textFrom(s string, p int, closeText bool) int {
	if closeText {
		r.tent = -1
	}
	e := len(s)
	if k := strings.IndexByte(s[p+1:], '<'); k >= 0 {
		e = p + 1 + k
	}
	r.h.Text(s[p:e])
	r.off = r.curAt + e
	return e
}

// named starts the call named t.
func (r *Reader) named(t string, at int) {
	if msg := r.h.Name(t, at); msg != "" {
		r.fail(at, msg)
		return
	}
	r.st, r.params, r.json, r.closed = Between, 0, false, false
}

// step reads c, just added to held, and returns how many of held's last
// bytes to read again, as what they are (0: none).
func (r *Reader) step(c byte) int {
	m := r.m
	switch r.hold {
	case hOpen: // after '<': Call in Open; Param or End in Between
		n := len(r.held)
		tags := [2]string{m.Call, ""}
		switch r.st {
		case Between:
			tags = [2]string{m.Param, m.End}
		case Opening:
			tags = [2]string{m.ValueOpen, ""}
		}
		for _, t := range tags {
			if t != "" && n <= len(t) && string(r.held) == t[:n] {
				if n < len(t) {
					return 0
				}
				r.hold, r.held = hNone, r.held[:0]
				r.opened(t, r.heldAt)
				return 0
			}
		}
		r.hold = hNone
		r.refuse(r.heldAt)
		return 0
	case hEnd: // JSON arguments: the end tag?
		n := len(r.held)
		if n <= len(m.End) && string(r.held) == m.End[:n] {
			if n == len(m.End) {
				at := r.heldAt
				r.hold, r.held = hNone, r.held[:0]
				if msg := r.h.JSON(r.jsonAt, at); msg != "" {
					r.fail(r.jsonAt, msg)
					return 0
				}
				r.endCall()
			}
			return 0
		}
		return r.text(false)
	case hTag:
		switch t := r.match(len(r.held), 0); t {
		case -1:
			return 0
		case -2:
			return r.text(false)
		case 0: // a close tag
			if r.depth > 0 { // a nested parameter's
				r.depth--
				return r.text(true)
			}
			r.hold = hAfter
		case 1: // a parameter's open tag, no close tag before it
			r.hold, r.keyAt = hKey, len(r.held)
		case 2: // the end tag
			if r.calls > 0 { // a nested call's
				r.calls--
				return r.text(false)
			}
			if r.tent < 0 {
				r.tent = r.heldAt
			}
			r.h.Unsure()
			return r.text(false)
		case m.callTag(): // a call's open tag: a nested call
			r.calls++
			return r.text(false)
		default:
			if r.calls == 0 {
				r.h.Unsure()
			}
			return r.text(false)
		}
	case hKey, hNextKey:
		k := len(r.held) - r.keyAt
		if !hasSuffix(r.held[r.keyAt:], m.KeyEnd) {
			if !m.AnyKey && (c == '\n' || c == '<') || k >= MaxKey+len(m.KeyEnd) {
				return r.text(r.hold == hNextKey)
			}
			return 0
		}
		key := r.str(r.heldAt+r.keyAt, r.off-len(m.KeyEnd))
		if m.Trim {
			key = strings.TrimSpace(key)
		}
		next := r.hold == hNextKey // after a close tag
		if next && !r.next(key) {  // the close tag and the key's tag are text
			r.tent = -1
			r.h.Text(unsafe.String(&r.held[0], len(r.held)))
			r.hold, r.held = hNone, r.held[:0]
			return 0
		}
		if !next && (key == "" || r.calls > 0 || r.own(key) || !r.h.Fresh(key) || !r.h.Known(key)) {
			if m.Nests() {
				r.depth++
			}
			return r.text(false)
		}
		at, to, closed := r.heldAt, r.heldAt, r.hold == hNextKey
		if closed {
			at += r.tagAt
		}
		r.endValue(to, closed)
		r.hold, r.held = hNone, r.held[:0]
		r.setKey(key, at)
	case hAfter:
		switch {
		case jsonvalue.IsSpace(c):
		case c == '<':
			r.hold, r.tagAt, r.alive = hNext, len(r.held)-1, 1<<r.m.callTag()-2
		default:
			return r.text(true)
		}
	case hNext:
		switch t := r.match(len(r.held)-r.tagAt, r.tagAt); t {
		case -1:
			return 0
		case -2:
			return r.text(true)
		case 1:
			r.hold, r.keyAt = hNextKey, len(r.held)
		default: // the end tag, or an outer one: the value ended at the close tag
			back := len(r.held) - r.tagAt
			r.endValue(r.heldAt, true)
			r.tail = r.held[r.tagAt:] // what run reads again when earlier pieces held it
			r.hold, r.held = hNone, r.held[:0]
			r.st = Between
			if t == 2 {
				r.endCall()
				return 0
			}
			return back // the outer tag, read again between parameters
		}
	}
	return 0
}

// match narrows the tags a held tag starting at held[from] may be, n bytes
// into it, and returns the one it is (0: Close, 1: Param, 2: End, 3 on:
// Outer), -1 while undecided, -2 when none.
func (r *Reader) match(n, from int) int {
	c := r.held[from+n-1]
	for k := 0; k <= r.m.callTag(); k++ {
		if r.alive&(1<<k) == 0 {
			continue
		}
		t := r.tag(k)
		if n > len(t) || t[n-1] != c {
			r.alive &^= 1 << k
			continue
		}
		if n == len(t) {
			return k
		}
	}
	if r.alive == 0 {
		return -2
	}
	return -1
}

func (r *Reader) tag(k int) string { return r.m.tag(k) }

// tag returns the tag numbered k: 0 Close, 1 Param, 2 End, 3 on Outer,
// and then Call (callTag).
func (m *Markers) tag(k int) string {
	switch k {
	case 0:
		return m.Close
	case 1:
		return m.Param
	case 2:
		return m.End
	}
	if k == m.callTag() {
		return m.Call
	}
	return m.Outer[k-3]
}

// callTag is the number the call's open tag has among the tags a '<' in
// a value may start, after Close, Param, End and the outer tags.
func (m *Markers) callTag() int { return 3 + len(m.Outer) }

// text makes the held bytes text in the value (in JSON arguments, text
// they hold), but from the first '<' after the first byte, which is read
// again: it returns how many bytes that is. closeText says a close tag
// starts them, which is then text.
func (r *Reader) text(closeText bool) int {
	if closeText {
		r.tent = -1
	}
	k := bytes.IndexByte(r.held[1:], '<') + 1
	if k == 0 {
		k = len(r.held)
	}
	if r.st == Value {
		r.h.Text(unsafe.String(&r.held[0], k))
	}
	r.tail = r.held[k:]
	r.hold, r.held = hNone, r.held[:0]
	return len(r.tail)
}

// endValue ends the value at offset to.
func (r *Reader) endValue(to int, closed bool) {
	r.closed = closed
	r.h.EndValue(r.vstart, to, closed)
	r.tent = -1
}

// endCall ends the call at its end tag, just read.
func (r *Reader) endCall() {
	r.key = ""
	if r.h.End(r.off) {
		r.st = Open
	} else {
		r.st = Done
	}
}

// Close ends the text: what is held is decided as the end of the text
// decides it. When a value ends at an end tag only the end showed, Close
// returns the offset after that tag, where the reading may resume
// (ResumeAt, then Feed the rest); else -1.
func (r *Reader) Close() int {
	for r.hold != hNone && r.st < Done {
		switch r.hold {
		case hAfter: // a close tag and whitespace, then the end
			r.endValue(r.heldAt, true)
			r.hold, r.held = hNone, r.held[:0]
			r.st = Between
		case hOpen:
			r.hold = hNone
			r.refuse(r.heldAt)
		default:
			if back := r.text(r.hold == hNext || r.hold == hNextKey); back > 0 {
				r.off -= back
				r.run(string(r.tail), false)
			}
		}
	}
	switch r.st {
	case Name:
		if r.m.Call != "" {
			r.fail(r.heldAt, r.m.NameMsg)
			break
		}
		t, at := trim(r.str(r.heldAt, r.off), r.heldAt) // a name alone: a call without arguments
		r.held = r.held[:0]
		if t == "" {
			r.st = Open
			break
		}
		r.named(t, at)
	case Opening:
		r.fail(r.off, r.m.OpenMsg)
	case Key:
		r.fail(r.heldAt, r.m.KeyMsg)
	case Value:
		if r.tent >= 0 {
			t := r.tent
			r.endValue(t, false)
			r.off = t + len(r.m.End)
			r.endCall()
			return r.off
		}
		r.endValue(r.off, false)
		r.st = Between
	case JSON:
		if msg := r.h.JSON(r.jsonAt, r.off); msg != "" {
			r.fail(r.jsonAt, msg)
		} else {
			r.st = Between
		}
	}
	return -1
}

// trim trims t, which starts at offset at, and returns where what is left
// starts.
func trim(t string, at int) (string, int) {
	i, j := 0, len(t) // ASCII blanks first, as TrimSpace reads them
	for i < j && t[i] < 0x80 && jsonvalue.IsSpace(t[i]) {
		i++
	}
	for j > i && t[j-1] < 0x80 && jsonvalue.IsSpace(t[j-1]) {
		j--
	}
	if i == j || plain(t[i]) && plain(t[j-1]) { // ends no Unicode blank may stand at
		return t[i:j], at + i
	}
	u := strings.TrimLeftFunc(t, unicode.IsSpace)
	return strings.TrimSpace(u), at + len(t) - len(u)
}

// plain reports whether c is an ASCII byte that is no blank.
func plain(c byte) bool { return c < 0x80 && c > ' ' }

// hasSuffix reports whether b ends with s.
func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// FunctionMarkers are the tags of a call as Qwen3-Coder writes it,
// <function=NAME> then <parameter=KEY>VALUE</parameter> for each argument
// and </function>, in a block that outer closes; a missing close tag is
// tolerated (Missing).
func FunctionMarkers(outer string) Markers {
	return Markers{
		Call: "<function=", NameEnd: ">", Param: "<parameter=", KeyEnd: ">",
		Close: "</parameter>", End: "</function>", Outer: []string{outer},
		Missing:    true,
		Nest:       true,
		NameMsg:    "<function= has no '>'",
		KeyMsg:     "<parameter= has no '>'",
		BetweenMsg: "neither <parameter= nor </function> in a function",
	}
}
