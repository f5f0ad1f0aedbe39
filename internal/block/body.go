// Package block is the machine of formats whose calls sit between markers
// (LFM2's <|tool_call_start|> blocks, OLMo 3's <function_calls>, Qwen's
// <tool_call>, Llama 4's <|python_start|>). It knows no format: a format is
// a Format value, its markers in a table keyed by the format's own Token
// constants, its kinds of block (which marker closes one, how its body
// finds its end, which grammar reads it) and, where it has rules of its
// own, Hooks the machine runs at fixed points (the start of a response,
// after a block, at a trigger byte in prose). Every format of the module
// runs on it. The generic pythonic format is a table with no blocks at
// all, only end-of-turn tokens and a hook for call lists in prose.
// Harmony's messages are blocks too: a header is a block that ends at
// <|message|> (Kind.Header), which the hooks read to decide what its body
// is (a call's arguments, held as a block; or text, which is the machine's
// prose, handed on as reasoning or content as it comes, ProseAs); a hook
// reads where a message may begin (from the response's first byte,
// ResponseBeginner, and after a marker that Restarts), and after a limit
// the rest of the response is content (Format.LimitEnds).
//
// A hook whose candidate a pylit.Reader reads to its end (a call list, a
// call object, a bare call, a run of calls outside any block: CallRun)
// says so (Reading), and the machine feeds each delta that fits the size
// limit straight to that reader: a long call streamed in small deltas
// costs one Feed of its reader per delta, not a pass through the step
// loop. At the end of each Feed the machine also tells the stream which
// of the next bytes it reads without a trace (protocol.Quiet): in a string
// that such a reader, or a body's reader, reads, any byte but the string's
// quote (a backslash keeps the next byte from counting); in a body that
// only an end marker may end (any body but a value body, when all its
// markers start with '<'), any byte but '<', within the body's limits:
// nothing is told before the end marker, and the body's reader reads the
// bytes on the way when they come. The stream keeps those deltas and hands
// them on together, so a body in small deltas costs a few large Feeds.
//
// The machine scans prose for the first byte of any marker, holds a
// partial marker until the next delta decides it, drops end-of-turn tokens
// and stray end markers, and holds a block from its start marker until its
// end: an end-of-turn token also ends an open block, and so does the end of
// the response. A block whose body reads as calls hands them on; one that
// does not is content, verbatim, markers included, with a diagnostic.
//
// JSONArray is the kind of block of the formats that write their calls as
// a JSON array of call objects (or one object) between markers: the name
// under "name" or "tool_name", the arguments under "arguments" or
// "parameters", the model's ID under "id" or "tool_call_id" (Keys), or a
// call named by its only key (Apertus). Its calls come when the end marker
// arrives or, with none, when the array closes; an array that is broken,
// cut off or holds anything but calls is content, verbatim, with a
// diagnostic.
// Limits, diagnostics with offsets and the pending text are engine.Base's.
package block

import (
	"math"
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/internal/pylit"
)

// Body finds where a block's body ends, across deltas: at the first end
// marker outside string literals while the body's brackets stay consistent;
// once a closing bracket does not match, at the next end marker wherever it
// stands. The body is the pending item of an
// engine.Base, begun just after the start marker. A code body that begins
// with a call list, a JSON value or a run of calls is read in the same
// pass (ReadWith), and so is the JSON value of a value body, or of a
// plain body that holds one (ReadValue: Harmony's arguments), which a
// format's Read takes with Machine.ReadValue. What only a whole body tells
// (a format's own Read, such as Llama 4's python blocks; a body whose
// reader failed or missed bytes) is scanned here and read once at its end.
type Body struct {
	lt       ltCache // where the next '<' of the current delta is (kept across bodies)
	rec      pylit.Recognizer
	pre      preRead
	ends     *marker.Set
	broken   bool
	matching bool
	// A value body (ScanValue) ends where its first JSON value closes: the
	// value starts at the first '{', or at a '[' that is the body's first
	// byte other than whitespace. head says it has not started; seen, that
	// the head holds more than whitespace.
	value, head, seen bool
	inValue           bool // in a tagged body, between an open and a close tag
	// nestAt is the index in close of the tags that open a nested value
	// and a nested call inside a value (Kind.ValueNests); depth and calls
	// count those open (up to 65,535: past it, they stay there).
	nestAt       int32
	depth, calls uint16
	// settling says a close tag was read and what follows it, past
	// whitespace, is still to show whether it closed the value.
	settling bool
	// plainValue says a plain body's JSON value is read on the way
	// (ReadValue): the bytes between markers go to the body's reader.
	plainValue bool
	// openIdx is the index of the open tag of a tagged body (below), where
	// the flags above leave room for it.
	openIdx int32
	at      int // where a possible end marker starts in the pending item
	// headOK, when set, says which bytes a value body's head may hold, and
	// maxHead how many: past either, the body is rejected.
	headOK  func(byte) bool
	maxHead int
	// A tagged body (ScanTagged) holds values between an open and a close
	// tag, inside which no marker counts but the close tag: open is ends
	// and the open tag (at index openIdx), close the close tags.
	open, close *marker.Set
	// next, when set, is open and what else may follow a value's close
	// tag.
	next   *marker.Set
	maxLen int // when set, bounds the body's text below the pending limit
}

// Tagged makes the body, begun by Reset with ScanPlain, a tagged one.
func (b *Body) Tagged(open, close *marker.Set, openIdx, nestAt int) {
	b.open, b.close, b.openIdx, b.inValue = open, close, int32(openIdx), false
	b.next, b.settling = nil, false
	b.nestAt, b.depth, b.calls = int32(nestAt), 0, 0
}

// Reset prepares b for a new body that ends at one of ends, as scan says.
func (b *Body) Reset(ends *marker.Set, maxDepth int, scan Scan) {
	b.rec.Reset(maxDepth)
	b.ends = ends
	b.broken = scan == ScanPlain || scan == ScanTagged
	b.matching = false
	b.value, b.head, b.seen = scan == ScanValue, scan == ScanValue, false
	b.open, b.close = nil, nil
	b.next, b.settling = nil, false
	b.headOK, b.maxHead = nil, 0
	b.plainValue = false
	b.pre.reset(nil)
}

// ReadValue makes a plain body, begun by Reset with ScanPlain, read with p
// the JSON value it holds in the same pass that finds its end: the bytes
// between possible end markers go to a value reader from the first '{'
// that only whitespace comes before. A '<' that is no marker is not read
// (the reader missed it), so such a body is parsed whole at its end.
func (b *Body) ReadValue(p *pylit.Parser) {
	b.pre.reset(p)
	b.plainValue = true
}

// ReadWith makes a code or value body, begun by Reset with ScanCode or
// ScanValue, read with p the call list or JSON value it starts with in the
// same pass that finds the body's end (see preRead); with runs, also the
// run of calls a body that starts with a name holds.
func (b *Body) ReadWith(p *pylit.Parser, runs bool) {
	b.pre.reset(p)
	b.pre.runs = runs
}

// Head restricts the bytes of a value body's head, begun by Reset with
// ScanValue, to those ok accepts (any, when ok is nil), at most max of
// them; a code body begun with ScanCode gets a head of its own before its
// code, which ends at its first '{'.
func (b *Body) Head(ok func(byte) bool, max int) { b.headOK, b.maxHead, b.head = ok, max, true }

// Outcome says what Scan found.
type Outcome uint8

const (
	More     Outcome = iota // the body goes on: all of s was read
	Ended                   // an end marker ends the body
	Limit                   // the body passed the pending-size limit
	Rejected                // a value body's head holds what it may not, at s[next]
)

// Scan reads s[i:] of the body held by base. For Ended, the body is the
// pending item's first n bytes, idx is the end marker and it ends at
// s[next] (idx is -1 when a value body's value closed at s[next]). For Limit, the body's first bytes through s[next] are as much
// as the limit allows. For More, next is len(s).
func (b *Body) Scan(base *engine.Base, s string, i int) (out Outcome, next, idx, n int) {
	room := base.Room(s, i)
	if b.maxLen > 0 {
		room = min(room, b.maxLen-base.Len(s, i))
	}
	lim := min(len(s), i+room)
	stop := base.Len(s, i) + room // the pending length the limits allow
	for i < lim {
		if b.settling && !b.matching { // after a value's close tag: whitespace, then a tag that follows values
			for i < lim && jsonvalue.IsSpace(s[i]) {
				i++
			}
			if i == lim {
				break
			}
			if s[i] != '<' { // text: the close tag was the value's
				b.settling, b.inValue = false, true
				continue
			}
			b.matching, b.at = true, base.Len(s, i)
		}
		if b.matching {
			set := b.ends
			switch {
			case b.inValue:
				set = b.close
			case b.settling:
				set = b.next
			case b.open != nil:
				set = b.open
			}
			res, idx, mn, held := base.MatchAt(set, s, i, b.at)
			end := i + mn - held
			switch {
			case res == marker.Partial:
				return More, len(s), -1, 0
			case res == marker.Full && b.inValue && (idx >= int(b.nestAt) || idx == 0 && b.depth > 0 || idx > 0 && b.calls > 0):
				// A nested value or call opens, or one closes.
				switch {
				case idx == int(b.nestAt):
					b.depth = min(b.depth+1, math.MaxUint16-1)
				case idx > int(b.nestAt):
					b.calls = min(b.calls+1, math.MaxUint16-1)
				case idx == 0:
					b.depth--
				default:
					b.calls--
				}
				b.matching = false
				i = end
				continue
			case res == marker.Full && b.inValue:
				b.inValue, b.settling = false, b.next != nil // a value closes, unless what follows says not
				b.matching = false
				i = end
				continue
			case res == marker.Full && b.open != nil && idx == int(b.openIdx):
				b.inValue, b.settling, b.depth, b.calls = true, false, 0, 0 // a value opens
				b.matching = false
				i = end
				continue
			case res == marker.Full && b.settling && idx > int(b.openIdx): // a tag that follows values
				b.settling, b.matching = false, false
				i = end
				continue
			case res == marker.Full && base.Len(s, end) > stop:
				// The limit counts the end marker, whether it comes
				// whole or cut by deltas (its held bytes count).
				return Limit, i, -1, 0
			case res == marker.Full:
				return Ended, end, idx, b.at
			case b.settling: // no tag that follows values: the close tag was the value's
				// The bytes from b.at, which may have come in earlier
				// deltas, are the value's again: match them anew.
				b.settling, b.inValue = false, true
				continue
			}
			// The bytes that matched hold no quote or bracket: the string
			// and bracket state stands as it was. They are not read, so
			// what the body's reader read is not the body.
			b.pre.taint()
			if end < 0 {
				// The match failed inside bytes held from earlier
				// deltas: a tag may start at a '<' among the rest of
				// them; else reading goes on at this delta's start.
				if q := base.IndexHeld(b.at+mn, '<'); q >= 0 {
					b.at = q
					continue
				}
				end = 0
			}
			b.matching = false
			i = end
			continue
		}
		if b.head {
			j := i
			for ; j < lim; j++ {
				c := s[j]
				if c == '{' || c == '[' && !b.seen || c == '<' {
					break
				}
				if b.headOK != nil && (!b.headOK(c) || base.Len(s, j) >= b.maxHead) {
					return Rejected, j, -1, 0
				}
				b.seen = b.seen || !jsonvalue.IsSpace(c)
			}
			i = j
			if i == lim {
				break
			}
			if s[i] == '<' {
				b.matching, b.at = true, base.Len(s, i)
				continue
			}
			b.head = false
		}
		// The next '<' is looked for once per delta, not once per body:
		// a delta of many short calls must not cost a search to the
		// pending limit for each.
		p := i // a '<' right here needs no search
		if s[i] != '<' {
			p = b.lt.next(s, i, lim)
		}
		lt := p >= 0
		if !lt {
			p = lim
		}
		if b.plainValue {
			b.pre.feedValue(base, s, i, p)
		}
		for !b.broken && i < p {
			n, st := b.feed(base, s, i, p)
			i += n
			switch st {
			case pylit.Closed:
				if b.value { // the value is the body
					return Ended, i, -1, base.Len(s, i)
				}
				b.rec.Reset(base.Limits.MaxDepth)
			case pylit.Mismatch, pylit.TooDeep:
				b.broken = true
			}
		}
		i = p
		if i == lim {
			break
		}
		if !lt {
			continue
		}
		if b.broken || b.inCode() {
			b.matching, b.at = true, base.Len(s, i)
			continue
		}
		b.feed(base, s, i, i+1)
		i++
	}
	if i < len(s) {
		return Limit, i, -1, 0
	}
	return More, len(s), -1, 0
}

// ltCache remembers, for one delta, where the first '<' at or after from
// is (at; -1: none before to), so that the bodies a delta holds look for
// it once between them.
type ltCache struct {
	data         *byte // the delta
	n            int
	from, to, at int
}

// next returns the position of the first '<' in s[i:lim], or -1.
func (c *ltCache) next(s string, i, lim int) int {
	if d := unsafe.StringData(s); d != c.data || len(s) != c.n || i < c.from {
		c.data, c.n, c.from, c.to, c.at = d, len(s), i, i, -1
	}
	switch {
	case c.at >= i: // the '<' found is still ahead
	case c.at < 0 && c.from <= i && lim <= c.to: // none up to lim
		return -1
	default: // search on from where the last search stopped, or from i
		start := max(i, c.to)
		if c.at >= 0 {
			start = i
		}
		c.from = i
		if k := strings.IndexByte(s[start:lim], '<'); k >= 0 {
			c.at, c.to = start+k, start+k+1
		} else {
			c.at, c.to = -1, lim
		}
	}
	if c.at >= lim {
		return -1
	}
	return c.at
}

// preRead is what a code body's scan reads of the body on the way: when
// its first byte other than whitespace is '{', the JSON value it starts
// with (read as jsoncall reads one); when it is '[', the pythonic call
// list it starts with, or the JSON array when the next such byte is '{'
// (two readers read the bytes up to that one); when it starts a name (and
// the body is Decode's), the run of calls it holds, to the body's end. The
// reader then stands in for the Recognizer, whose verdicts it gives
// (pylit.Reader's Stream and StreamRun), until the value or list closes;
// should the body hold nothing else (a run: should the reader have read
// every byte of it), Decode takes what it read instead of parsing the body
// again.
type preRead struct {
	p     *pylit.Parser // nil: the body is not read on the way
	r     *pylit.Reader
	alt   *pylit.Reader // while deciding: a JSON array's reader, beside the call list's r
	fed   int           // how far r has read, in the pending item
	start int           // where r began, in the pending item
	end   int           // where r closed, in the pending item
	phase prePhase
	list  bool // r reads a call list, not a JSON value
	run   bool // r reads a run of calls, to the body's end
	runs  bool // a body that starts with a name is read as a run
	// tainted says r missed bytes: what it read is not the body
	tainted bool
}

type prePhase uint8

const (
	preLead     prePhase = iota // whitespace so far
	preDeciding                 // after '[': a call list, or JSON?
	preReading                  // r reads
	preDone                     // r closed at end
	preNone                     // nothing read on the way
)

func (pr *preRead) reset(p *pylit.Parser) {
	pylit.ReleaseValue(pr.r)
	pylit.ReleaseValue(pr.alt)
	*pr = preRead{p: p}
	if p == nil {
		pr.phase = preNone
	}
}

// inCode reports whether the body's last byte left it outside any string.
func (b *Body) inCode() bool {
	if b.pre.phase == preReading {
		return b.pre.r.InCode()
	}
	return b.rec.InCode()
}

// feed reads s[i:j] of the body with the Recognizer, or with the body's
// reader while it reads, and returns how many bytes were read and the
// verdict, as Recognizer.Feed does.
func (b *Body) feed(base *engine.Base, s string, i, j int) (int, pylit.Status) {
	pr := &b.pre
	switch pr.phase {
	case preLead:
		k := jsonvalue.SkipSpace(s[:j], i)
		switch {
		case k == j: // whitespace: nothing changes
			return j - i, pylit.Open
		case s[k] == '{':
			pr.r, pr.phase, pr.start = pylit.NewValue(*pr.p), preReading, base.Len(s, k)
			pr.r.HoldObjects() // a small object cut by deltas is read whole, in one pass
		case s[k] == '[':
			pr.r, pr.phase, pr.list = pylit.NewReader(*pr.p, pylit.GoalList), preDeciding, true
			pr.start = base.Len(s, k)
			pr.alt = pylit.NewValue(*pr.p)
			pr.r.Feed(s[k : k+1])
			pr.alt.Feed(s[k : k+1])
			return k - i + 1, pylit.Open
		case pr.runs && (pylit.IsNameStartByte(s[k]) || s[k] >= 0x80):
			pr.r, pr.phase, pr.run, pr.start = pylit.NewReader(*pr.p, pylit.GoalRun), preReading, true, base.Len(s, k)
			pr.r.StreamRun()
		default:
			pr.phase = preNone
		}
		n, st := b.feed(base, s, k, j)
		return k - i + n, st
	case preDeciding: // both read the bytes after '[' up to the one that decides
		k := jsonvalue.SkipSpace(s[:j], i)
		pr.r.Feed(s[i:k])
		pr.alt.Feed(s[i:k])
		if k == j {
			return j - i, pylit.Open
		}
		if s[k] == '{' { // a JSON array of call objects
			pylit.ReleaseValue(pr.r)
			pr.r, pr.list = pr.alt, false
		} else {
			pylit.ReleaseValue(pr.alt)
		}
		pr.alt, pr.phase = nil, preReading
		n, st := b.feed(base, s, k, j)
		return k - i + n, st
	case preReading:
		n := pr.r.Feed(s[i:j])
		pr.fed = base.Len(s, i+n)
		st := pr.r.Status()
		if st == pylit.Closed {
			pr.phase, pr.end = preDone, base.Len(s, i+n)
		} else if st != pylit.Open {
			pr.phase = preNone
		}
		return n, st
	}
	return b.rec.Feed(s[i:j])
}

// extend reads s as the body's next bytes without the scan, when s cannot
// end the body or change what the scan decides, and reports whether it did.
// Then the scan is in no marker, head or tagged value, s fits the body's
// MaxLen (the caller checks the pending limit), and s holds no '<'; nor,
// while a code body's reader reads it, a bracket (which it is fed to).
func (b *Body) extend(base *engine.Base, s string) bool {
	switch {
	case b.matching || b.head || b.inValue || b.settling:
		return false
	case !b.broken: // a code body: only its reader's verdicts may end it
		if b.pre.phase != preReading || anyOf(s, &structural) {
			return false
		}
		b.pre.r.Feed(s)
		b.pre.fed = base.Len(s, len(s))
	case strings.IndexByte(s, '<') >= 0 || b.maxLen > 0 && base.Len(s, len(s)) > b.maxLen:
		return false
	case b.plainValue:
		b.pre.feedValue(base, s, 0, len(s))
	}
	return true
}

// feedValue reads s[i:j], bytes of a plain body that hold no marker, with
// the reader of the JSON value the body holds (Body.ReadValue): from the
// first byte other than whitespace, when it is '{', to where the value
// closes. What comes after is not read: read then finds it in the body.
func (pr *preRead) feedValue(base *engine.Base, s string, i, j int) {
	switch pr.phase {
	case preLead:
		k := jsonvalue.SkipSpace(s[:j], i)
		switch {
		case k == j:
			return
		case s[k] != '{':
			pr.phase = preNone
			return
		}
		pr.r, pr.phase, pr.start = pylit.NewValue(*pr.p), preReading, base.Len(s, k)
		pr.r.HoldObjects() // a small object cut by deltas is read whole, in one pass
		pr.readValue(s[k:j], pr.start)
	case preReading:
		pr.readValue(s[i:j], base.Len(s, i))
	}
}

// readValue feeds text, which starts at offset at of the pending item, to
// the reader of a plain body's value.
func (pr *preRead) readValue(text string, at int) {
	n := pr.r.Feed(text)
	switch pr.r.Status() {
	case pylit.Open:
	case pylit.Closed:
		pr.phase, pr.end = preDone, at+n
	default:
		pr.phase = preNone
	}
}

// quiet says which of the body's next bytes the scan reads without a
// trace (protocol.Quiet). Where only an end marker may end the body (a
// plain body, a tagged value, a code body, a value body whose brackets
// broke, but not a head; and while a marker or tag is matched in a body
// that is no value body), nothing is told before an end marker completes:
// only a byte that ends one, where the bytes before it may be the rest of
// it, matters (Quiet.Ends). The kept bytes stop short of the limit, where
// how a delta ends decides what a partial marker becomes: near it, any
// byte but the '<' that starts a marker, and none while one is matched.
// In a value body's head (when the kind sets no Head), any byte but '}',
// '[' (before anything else) and '<': a '{' opens an object without a word
// told, and the rule goes on in it; in a string that a value body's
// reader or its Recognizer reads, any but its quote; elsewhere in a value
// body (and in its short strings), any but '}', ']' and '<'. room is how
// many of them fit the body's limits.
func (b *Body) quiet(base *engine.Base) protocol.Quiet {
	room := base.Room("", 0)
	if b.maxLen > 0 {
		room = min(room, b.maxLen-base.Len("", 0))
	}
	// The stop sets below hold '<' for the markers that may end the body:
	// outside a string, only a body whose markers all start with it is
	// quiet.
	lt := b.ends == nil || b.ends.OnlyStartsWith('<')
	if !b.head && (b.matching && !b.value || b.broken || !b.value && b.ends != nil && lt) {
		if b.ends != nil && room > matchMargin {
			if lasts, ok := b.ends.Lasts(); ok {
				return protocol.Quiet{Room: room - matchMargin, Stop: lasts, Ends: b.ends.Markers()}
			}
		}
		if b.matching || b.settling {
			return protocol.Quiet{}
		}
		return protocol.Quiet{Room: room, Stop: &markerStart}
	}
	switch {
	case b.settling || b.matching: // the next byte decides
		return protocol.Quiet{}
	case b.head: // a value body's head: only a marker, or the close of an object or the start of an array after it, decides
		if b.headOK != nil || !lt {
			return protocol.Quiet{}
		}
		if b.seen { // past its first byte other than whitespace, a '[' is the head's
			return protocol.Quiet{Room: room, Stop: &objectStopSeen}
		}
		return protocol.Quiet{Room: room, Stop: &objectStop}
	}
	var stop *[256]bool
	var esc byte
	var ok bool
	switch b.pre.phase {
	case preReading:
		stop, esc, ok = b.pre.r.Quiet()
	case preDone, preNone: // the Recognizer reads
		stop, esc, ok = b.rec.Quiet()
	}
	switch {
	case b.value && lt && (!ok || b.pre.phase == preReading && b.pre.r.InShortString(shortString)):
		// A value body ends only where its value closes, at a '}' or
		// ']' (a short string's quote changes nothing told either).
		return protocol.Quiet{Room: room, Stop: &valueStop}
	case ok: // in a string: any byte but its quote
		return protocol.Quiet{Room: room, Stop: stop, Escape: esc}
	}
	return protocol.Quiet{}
}

// matchMargin is how far from the pending limit the bytes of a marker
// being matched stop being kept for the decoder.
const matchMargin = 256

// markerStart holds the byte every end marker starts with.
var markerStart = [256]bool{'<': true}

// objectStop holds the bytes that may end a value body's head or the
// object after it: its close, a marker's start, and a '[' that may open an
// array. A '{' in the head opens the object, which changes nothing told;
// in an object, a ']' that closes nothing breaks the value, which is told
// only at the body's end (a '<' starts its marker).
var objectStop = [256]bool{'}': true, '<': true, '[': true}

// objectStopSeen is objectStop once the head holds more than whitespace:
// a '[' no longer opens the value.
var objectStopSeen = [256]bool{'}': true, '<': true}

// valueStop holds the bytes that may end a value body: the brackets that
// close its value, and the start of a marker.
var valueStop = [256]bool{'}': true, ']': true, '<': true}

// reading returns the body's reader while what it read is the body's
// start, or nil.
func (pr *preRead) reading() *pylit.Reader {
	if pr.tainted || pr.phase != preDeciding && pr.phase != preReading && pr.phase != preDone {
		return nil
	}
	return pr.r
}

// taint says the body's reader missed bytes of the body.
func (pr *preRead) taint() {
	switch pr.phase {
	case preDone, preReading, preDeciding:
		pr.tainted = true
	}
}

// read returns what the body's reader read, when it read the whole body
// from body[from] on: the body starts at offset at of the pending item,
// and from is where what it holds begins (past its blanks; for a value
// body, past its head too).
func (pr *preRead) read(body string, at, from int) *pylit.Reader {
	if pr.tainted || pr.r == nil || pr.start-at != from {
		return nil // the reader missed bytes, or did not start where the body's calls do
	}
	if pr.run { // a run goes on to the body's end: its reader read it all, or it failed
		if pr.phase != preReading || pr.fed != at+len(body) {
			return nil
		}
		return pr.r
	}
	if off := pr.end - at; pr.phase != preDone || off < 0 || off > len(body) || strings.TrimSpace(body[off:]) != "" {
		return nil
	}
	return pr.r
}
