package minimaxm3

import (
	"strings"
	"sync"
	"unsafe"

	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers the decoder looks for, as automata: in prose, the
// namespace token (a call block's opener begins with it), the end-of-turn
// tokens and a stray </mm:think>; in a block, the namespace token (every
// tag begins with it) and the end-of-turn tokens.
var (
	proseMarks = newAutomaton(ns, roleStart, turnEnd, thinkClose)
	blockMarks = newAutomaton(ns, roleStart, turnEnd)
)

// The markers' indexes in both automata.
const (
	markNS = iota
	markRole
	markTurnEnd
	markThinkClose
)

// The bounds of a tag: the whitespace a model may write between the
// namespace token and the tag's '<' (a server that puts a space after
// special tokens writes one), and the tag's text between '<' and '>'.
const (
	maxGap = 16
	maxTag = 1024
)

// mode is what the decoder is reading.
type mode uint8

const (
	mProse  mode = iota
	mOpener      // after the namespace token in prose: whitespace, then <tool_call>
	mBlock       // a call block
	mEnded       // the turn ended: the rest is dropped
	mCapped      // the response handed on all the calls it may: the rest is content
)

// tagState is where a block's reader is between tags.
type tagState uint8

const (
	tText tagState = iota // text between tags
	tGap                  // after the namespace token, before the tag's '<'
	tTag                  // inside a tag, before its '>'
)

// decoder reads one response.
type decoder struct {
	engine.Base
	mode mode
	st   uint8 // the automaton's state: proseMarks' in prose, blockMarks' in a block

	// The opener after the namespace token in prose.
	gap   [maxGap]byte
	gapN  int
	open  int // bytes of <tool_call> matched
	nsAt  int // where the namespace token starts in the response
	ended bool

	blk block
}

// block is the state of the call block being read. The block's text from
// its start, or from the end of its last call, is the engine's pending
// item (lead before it): what goes out as content when it is no call.
type block struct {
	lead   string // the block's text before the pending item
	at     int    // where lead, or the pending item, starts in the response
	calls  int    // its invokes read as calls
	broken bool   // a syntax error: content up to where reading resumes
	said   bool   // a diagnostic told of the block already
	ts     tagState
	gap    int
	tagAt  int    // where the current tag's namespace token starts in the response
	tag    []byte // the current tag's text after '<'

	// The invoke being read: a tree of its elements, node 0 the invoke.
	inInvoke bool
	invokeAt int
	name     string
	nodes    []elem
	stack    []int32 // the open elements, node 0 first
	arena    []byte  // the elements' keys and texts
	textAt   int     // where the top element's text starts in arena
	out      []byte  // the arguments' JSON, reused
}

// elem is one element of an invoke: its key, its text (a leaf's), its
// children.
type elem struct {
	key, text   span
	first, last int32 // its children, -1 for none
	next        int32 // its next sibling, or -1
	kids        int32
	notItems    bool // a child's key is not "item"
}

// span is a stretch of the arena.
type span struct{ from, to int }

var decoders = sync.Pool{New: func() any { return new(decoder) }}

func newDecoder(req *toolcall.Request) *decoder {
	d := decoders.Get().(*decoder)
	d.Init(req)
	return d
}

// Recycle gives the decoder back for a later response once the stream is
// done with it, keeping the room of its buffers.
func (d *decoder) Recycle() {
	d.Base.Reuse()
	b := d.blk
	*d = decoder{Base: d.Base}
	if cap(b.arena) <= 64<<10 && cap(b.out) <= 64<<10 && cap(b.nodes) <= 4096 {
		d.blk = block{tag: b.tag[:0], nodes: b.nodes[:0], stack: b.stack[:0], arena: b.arena[:0], out: b.out[:0]}
	}
	decoders.Put(d)
}

// InCandidate implements protocol.Reporter: text in a call block is data.
func (d *decoder) InCandidate() bool { return d.mode == mBlock }

// Feed implements toolcall.Decoder.
func (d *decoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	d.BeginDelta(s)
	dst = d.Flush(d.RunFrom(dst, s, 0, d))
	if d.mode == mBlock {
		d.quiet()
	}
	return dst
}

// The bytes that may matter to a block's reader (protocol.Quiet).
var (
	// In text, only a marker's end: its last byte ('[' or ']') where
	// the bytes end with the marker.
	markerLasts = [256]bool{'[': true, ']': true}
	markerEnds  = []string{ns, turnEnd, roleStart}
	// In a tag, also its '>'.
	tagLasts = [256]bool{'>': true, '[': true, ']': true}
	tagEnds  = []string{">", ns, turnEnd, roleStart}
	tagRule  = protocol.Quiet{Room: maxTag - 1, Stop: &tagLasts, Ends: tagEnds, Apart: true}
	// Where a tag must come (between tags, after the token), the tag's
	// start: as long as the bytes go on with it, nothing is told, and
	// once they complete it, the tag is read as tagRule says.
	tagStarts = []string{ns + "<", "\n" + ns + "<"}
	gapStarts = []string{"<"}
	// nsRests[state] is what completes a tag's start after the bytes of
	// the token a state of blockMarks stands for.
	nsRests = func() [][]string {
		r := make([][]string, len(blockMarks.word))
		for st, w := range blockMarks.word {
			if strings.HasPrefix(ns, w) {
				r[st] = []string{ns[len(w):] + "<"}
			}
		}
		return r
	}()
	everyByte = func() (t [256]bool) {
		for c := range t {
			t[c] = true
		}
		return t
	}()
	// Between tags, where only whitespace may stand, any other byte.
	notSpace = func() (t [256]bool) {
		for c := range t {
			t[c] = !jsonvalue.IsSpace(byte(c))
		}
		return t
	}()
)

// quietMargin keeps the bytes a block's reader reads without a trace
// short of its size limits by more than a marker's length.
const quietMargin = 32

// quiet tells the stream which of the next bytes the block's reader reads
// without a trace: in a value's text (or a broken stretch's), any but the
// end of a marker; in a tag, any but those and its '>'; where a tag must
// come, the bytes that go on with its start, and then the tag as in one.
// So a value, or a tag and the token before it, in small deltas costs one
// Feed.
func (d *decoder) quiet() {
	b := &d.blk
	room := d.Room("", 0) - quietMargin
	var q protocol.Quiet
	switch {
	case b.ts == tTag:
		q = tagRule
		q.Room = min(room, maxTag-len(b.tag)-1)
	case b.ts == tText && (b.broken || b.inInvoke && b.nodes[b.stack[len(b.stack)-1]].kids == 0 && len(b.stack) > 1):
		q = protocol.Quiet{Room: room, Stop: &markerLasts, Ends: markerEnds, Apart: true}
	case b.ts == tGap:
		q = protocol.Quiet{Room: room, Stop: &everyByte, Ends: gapStarts, Prefix: true, Then: &tagRule}
	case d.st == 0:
		q = protocol.Quiet{Room: room, Stop: &everyByte, Ends: tagStarts, Prefix: true, Then: &tagRule}
	case strings.HasPrefix(ns, blockMarks.word[d.st]): // the token's start, cut by the delta's end
		q = protocol.Quiet{Room: room, Stop: &everyByte, Ends: nsRests[d.st], Prefix: true, Then: &tagRule}
	default:
		q = protocol.Quiet{Room: room, Stop: &notSpace}
	}
	if q.Room > 0 {
		d.Quiet(q)
	}
}

// Step implements engine.Stepper.
func (d *decoder) Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	switch d.mode {
	case mProse:
		return d.prose(dst, s, i)
	case mOpener:
		return d.opener(dst, s, i)
	case mBlock:
		return d.inBlock(dst, s, i)
	case mCapped:
		return d.Capped(dst, s, i)
	}
	return d.after(dst, s, i)
}

// Close implements toolcall.Decoder.
func (d *decoder) Close(dst []toolcall.Event) []toolcall.Event {
	d.BeginDelta("")
	switch d.mode {
	case mProse: // a marker's start the end cut: text
		dst = d.Content(dst, proseMarks.word[d.st])
	case mOpener:
		dst = d.openerFailed(dst)
	case mBlock:
		dst = d.cut(dst, "", 0, 0)
	}
	d.st = 0
	return d.Flush(dst)
}

// prose reads s from s[i] as prose: content, up to a marker. The bytes of
// a marker a delta cut are the automaton's state, not held: at a Feed's
// start they lie before s (carried), and go out as text from the marker's
// own text once the bytes after them rule the marker out.
func (d *decoder) prose(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	a := proseMarks
	from, run := i, i // where the step began; where the content not yet handed on begins
	carried, said := a.word[d.st], 0
	for i < len(s) {
		if d.st == 0 {
			if i = a.skip(s, i); i == len(s) {
				break
			}
		}
		d.st = a.next[d.st][s[i]]
		i++
		if said < len(carried) { // the carried bytes that left the window are text
			if left := len(carried) - max(0, a.depth[d.st]-(i-from)); left > said {
				dst = d.Content(dst, carried[said:left])
				said = left
			}
		}
		m := a.done[d.st]
		if m < 0 {
			continue
		}
		start := i - a.depth[d.st] // where the marker starts (before s when carried)
		d.st, said = 0, len(carried)
		if start > run {
			dst = d.Content(dst, s[run:start])
		}
		run = i
		switch m {
		case markNS:
			d.mode, d.gapN, d.open, d.nsAt = mOpener, 0, 0, d.Offset(start)
			return dst, i
		case markRole, markTurnEnd:
			d.mode = mEnded
			return dst, i
		}
		// markThinkClose: a stray </mm:think> (one that closes reasoning
		// the stream read it as) is dropped.
	}
	if end := len(s) - min(a.depth[d.st], len(s)-from); end > run {
		dst = d.Content(dst, s[run:end])
	}
	return dst, len(s)
}

// opener reads what follows the namespace token in prose: a block opens
// at <tool_call>, after at most maxGap bytes of whitespace.
func (d *decoder) opener(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	for i < len(s) {
		c := s[i]
		switch {
		case d.open == 0 && jsonvalue.IsSpace(c) && d.gapN < maxGap:
			d.gap[d.gapN] = c
			d.gapN++
		case c == toolCallTag[d.open]:
			d.open++
			if d.open == len(toolCallTag) {
				lead := blockOpen
				if d.gapN > 0 {
					lead = ns + string(d.gap[:d.gapN]) + toolCallTag
				}
				d.startBlock(s, i+1, lead, d.nsAt)
				return dst, i + 1
			}
		default:
			return d.openerFailed(dst), i // prose goes on at s[i]
		}
		i++
	}
	return dst, i
}

// openerFailed hands on what came of an opener that is none as text: the
// namespace token and the whitespace, and the start of <tool_call> read
// again as prose (its '<' may begin </mm:think>).
func (d *decoder) openerFailed(dst []toolcall.Event) []toolcall.Event {
	dst = d.Content(dst, ns)
	if d.gapN > 0 {
		dst = d.Content(dst, string(d.gap[:d.gapN]))
	}
	d.mode, d.st = mProse, 0
	a := proseMarks
	tag := toolCallTag[:d.open]
	run := 0
	for k := 0; k < len(tag); k++ {
		d.st = a.next[d.st][tag[k]]
		if end := k + 1 - a.depth[d.st]; end > run {
			dst = d.Content(dst, tag[run:end])
			run = end
		}
	}
	return dst // what is left of it is the automaton's state
}

// after drops what follows the end of the turn, saying so once when it is
// more than whitespace.
func (d *decoder) after(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	d.SayDropped(s[i:], d.Offset(i), &d.ended)
	return dst, len(s)
}

// startBlock opens a block whose opener (lead) ended at s[i] and began at
// offset at.
func (d *decoder) startBlock(s string, i int, lead string, at int) {
	d.mode, d.st = mBlock, 0
	b := &d.blk
	*b = block{lead: lead, at: at, tag: b.tag[:0], nodes: b.nodes[:0], stack: b.stack[:0], arena: b.arena[:0], out: b.out[:0]}
	d.Begin(i)
}

// inBlock reads s from s[i] in a block, as far as the pending-size limit
// lets the block's text go: cutting it there, not after a delta, makes the
// outcome the same for every split of the response.
func (d *decoder) inBlock(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	lim := min(len(s), i+d.Room(s, i))
	for i < lim && d.mode == mBlock {
		switch d.blk.ts {
		case tText:
			dst, i = d.blockText(dst, s, i, lim)
		case tGap:
			dst, i = d.blockGap(dst, s, i, lim)
		default:
			dst, i = d.blockTag(dst, s, i, lim)
		}
	}
	if d.mode == mBlock && i < len(s) { // the block passed the size limit: content
		d.Diag(toolcall.KindLimit, d.blk.at, d.blk.name, "a call block passed the size limit")
		dst = d.Content(dst, d.blk.lead)
		dst = d.Emit(dst, s, i)
		d.mode, d.st = mProse, 0
	}
	return dst, i
}

// blockText reads text between tags, up to the next namespace token or
// end-of-turn token.
func (d *decoder) blockText(dst []toolcall.Event, s string, i, lim int) ([]toolcall.Event, int) {
	a := blockMarks
	for i < lim {
		if d.st == 0 {
			k := a.skip(s[:lim], i)
			if k > i {
				d.text(s[i:k], i)
			}
			if i = k; i == lim {
				break
			}
		}
		prev := d.st
		d.st = a.next[prev][s[i]]
		i++
		if n := a.depth[prev] + 1 - a.depth[d.st]; n > 0 { // bytes that are no marker after all: text
			w, at := a.word[prev], i-1-a.depth[prev] // where w starts: before s when it came in earlier deltas
			if n <= len(w) {
				d.text(w[:n], at)
			} else {
				d.text(w, at)
				d.text(s[i-1:i], i-1)
			}
		}
		m := a.done[d.st]
		if m < 0 {
			continue
		}
		n := a.depth[d.st]
		d.st = 0
		if m == markNS {
			d.blk.ts, d.blk.gap, d.blk.tagAt = tGap, 0, d.Offset(i-n)
			return dst, i
		}
		dst = d.cut(dst, s, i, n) // an end of turn ends the block, and the response
		d.mode = mEnded
		return dst, i
	}
	return dst, i
}

// text reads text between tags, which begins at s[at] (at < 0: in an
// earlier delta): an element's value, or whitespace between tags.
func (d *decoder) text(t string, at int) {
	b := &d.blk
	if b.broken {
		return
	}
	if b.inInvoke {
		if top := b.stack[len(b.stack)-1]; top != 0 && b.nodes[top].kids == 0 {
			b.arena = append(b.arena, t...)
			return
		}
	}
	for k := 0; k < len(t); k++ {
		if !jsonvalue.IsSpace(t[k]) {
			msg := "text between the invokes of a call block"
			if b.inInvoke {
				msg = "text between the elements of an invoke"
			}
			d.breakBlock(d.Offset(at+k), msg)
			return
		}
	}
}

// blockGap reads what follows the namespace token: whitespace, then the
// tag's '<'.
func (d *decoder) blockGap(dst []toolcall.Event, s string, i, lim int) ([]toolcall.Event, int) {
	b := &d.blk
	for ; i < lim; i++ {
		c := s[i]
		switch {
		case c == '<':
			b.ts, b.tag = tTag, b.tag[:0]
			return dst, i + 1
		case jsonvalue.IsSpace(c) && b.gap < maxGap:
			b.gap++
		default: // the token starts no tag: s[i] is read again as text
			d.breakBlock(b.tagAt, "the namespace token is not followed by a tag")
			b.ts = tText
			return dst, i
		}
	}
	return dst, i
}

// blockTag reads a tag's text, up to its '>'. An end-of-turn token or a
// namespace token in it makes it no tag.
func (d *decoder) blockTag(dst []toolcall.Event, s string, i, lim int) ([]toolcall.Event, int) {
	a, b := blockMarks, &d.blk
	for i < lim {
		c := s[i]
		if c == '>' {
			d.st, b.ts = 0, tText
			return d.onTag(dst, s, i+1), i + 1
		}
		d.st = a.next[d.st][c]
		i++
		if m := a.done[d.st]; m >= 0 {
			n := a.depth[d.st]
			d.st = 0
			d.breakBlock(b.tagAt, "a tag without its '>'")
			if m == markNS {
				b.ts, b.gap, b.tagAt = tGap, 0, d.Offset(i-n)
				return dst, i
			}
			dst = d.cut(dst, s, i, n)
			d.mode = mEnded
			return dst, i
		}
		if len(b.tag) == maxTag {
			d.breakBlock(b.tagAt, "a tag longer than the limit on tags")
			d.st, b.ts = 0, tText
			return dst, i
		}
		b.tag = append(b.tag, c)
	}
	return dst, i
}

// breakBlock records that the block does not read as calls from offset at
// on: what the pending item holds, and what follows up to where reading
// resumes, is content.
func (d *decoder) breakBlock(at int, msg string) {
	b := &d.blk
	if b.broken {
		return
	}
	b.broken, b.said = true, true
	d.Diag(toolcall.KindSyntax, at, b.name, msg+": the call is content")
	b.endInvoke()
}

// endInvoke forgets the invoke being read.
func (b *block) endInvoke() {
	b.inInvoke, b.name = false, ""
	b.nodes, b.stack, b.arena = b.nodes[:0], b.stack[:0], b.arena[:0]
}

// tag kinds.
const (
	kOpen       = iota // <KEY>
	kClose             // </KEY>
	kInvoke            // <invoke name="NAME">
	kInvokeEnd         // </invoke>
	kBlockOpen         // <tool_call>
	kBlockClose        // </tool_call>
)

// kindOf returns what a tag's text (between '<' and '>') is, and its key
// or name.
func kindOf(t string) (int, string) {
	switch {
	case t == "tool_call":
		return kBlockOpen, t
	case t == "/tool_call":
		return kBlockClose, t[1:]
	case t == "/invoke":
		return kInvokeEnd, t[1:]
	case strings.HasPrefix(t, "/"):
		return kClose, t[1:]
	case strings.HasPrefix(t, invokeTag[1:len(invokeTag)-2]) && len(t) > len(invokeTag)-3 && t[len(t)-1] == '"':
		return kInvoke, invokeName(t[len(invokeTag)-3 : len(t)-1])
	}
	return kOpen, t
}

// invokeName returns the name an invoke tag gives after "invoke name",
// its closing quote cut: after ="; or, as long generations write it, after
// a space, after nothing, or after a second name=.
func invokeName(rest string) string {
	for {
		rest = strings.TrimLeft(rest, ` ="`)
		n, ok := strings.CutPrefix(rest, "name")
		if !ok || n == "" || n[0] != ' ' && n[0] != '=' {
			return rest
		}
		rest = n
	}
}

// onTag acts on the tag that ended at s[i].
func (d *decoder) onTag(dst []toolcall.Event, s string, i int) []toolcall.Event {
	b := &d.blk
	kind, key := kindOf(unsafe.String(unsafe.SliceData(b.tag), len(b.tag))) // valid until the next tag: copied where kept
	if !b.broken {
		var ok bool
		if dst, ok = d.readTag(dst, s, i, kind, key); ok {
			return dst
		}
		if !b.broken { // the tag breaks the block; it acts as it does in a broken one
			d.breakBlock(b.tagAt, "an unexpected tag "+clipTag(key, kind))
		}
	}
	// A broken block's reading resumes at a tag that begins or ends a
	// part of it.
	n := d.Offset(i) - b.tagAt // the tag's length
	switch kind {
	case kBlockClose: // the block ends: all of it is content
		dst = d.flushBefore(dst, s, i, 0)
		d.mode = mProse
	case kBlockOpen: // the block's end was missing: the next begins
		var opener string
		dst, opener = d.flushOpener(dst, s, i, n)
		d.startBlock(s, i, opener, b.tagAt)
	case kInvoke: // the broken invoke's end was missing: the next begins
		var opener string
		at := b.tagAt
		dst, opener = d.flushOpener(dst, s, i, n)
		d.Begin(i)
		b.lead, b.at, b.broken = opener, at, false
		if !d.startInvoke(key, at) {
			d.breakBlock(at, "an invoke whose name is no name")
		}
	case kInvokeEnd: // the broken invoke ends here
		dst = d.flushBefore(dst, s, i, 0)
		d.Begin(i)
		b.lead, b.at, b.broken = "", d.Offset(i), false
	}
	return dst
}

// readTag acts on a tag of a block that reads as calls so far, and
// reports whether the tag fits where it stands.
func (d *decoder) readTag(dst []toolcall.Event, s string, i, kind int, key string) ([]toolcall.Event, bool) {
	b := &d.blk
	if !b.inInvoke {
		switch kind {
		case kInvoke:
			if !d.startInvoke(key, b.tagAt) {
				return dst, false
			}
			if string(b.tag) != invokeTag[1:]+key+`"` {
				d.Diag(toolcall.KindSyntax, b.tagAt, b.name, "an invoke tag not written <invoke name=\"NAME\">: read as one")
			}
			return dst, true
		case kBlockClose:
			if b.calls == 0 {
				if !b.said {
					d.Diag(toolcall.KindSyntax, b.at, "", "a call block without an invoke: it is content")
				}
				dst = d.flushBefore(dst, s, i, 0)
			} else {
				d.Drop()
			}
			d.mode = mProse
			return dst, true
		case kBlockOpen: // the block's end is missing: the next begins
			n := d.Offset(i) - b.tagAt
			at := b.tagAt
			var opener string
			if b.calls == 0 {
				if !b.said {
					d.Diag(toolcall.KindSyntax, b.at, "", "a call block without an invoke: it is content")
				}
				dst, opener = d.flushOpener(dst, s, i, n)
			} else {
				opener = d.tagText(s, i, n)
				d.Drop()
			}
			d.startBlock(s, i, opener, at)
			return dst, true
		}
		return dst, false
	}
	switch kind {
	case kBlockOpen: // an element named tool_call
		kind = kOpen
	case kBlockClose, kInvokeEnd:
		if d.openAt(key) > 0 { // an element named tool_call or invoke closes
			kind = kClose
		}
	}
	switch kind {
	case kOpen:
		return dst, d.openElem(key)
	case kClose:
		// A close tag closes the element of its name and those opened in
		// it since; one that names no open element closes the innermost
		// (or, outside every element, is dropped): the repairs MiniMax's
		// provider checks ask for, as SGLang reads them.
		at, top := d.openAt(key), len(b.stack)-1
		switch {
		case at == top && at > 0:
		case at > 0:
			d.Diag(toolcall.KindSyntax, b.tagAt, b.name, "a close tag closes elements left open: read as closed")
		case top > 0:
			d.Diag(toolcall.KindSyntax, b.tagAt, b.name, "a close tag names no open element: read as the innermost's end")
			at = top
		default:
			d.Diag(toolcall.KindSyntax, b.tagAt, b.name, "a close tag outside every element: dropped")
			return dst, true
		}
		d.closeTo(at)
		return dst, true
	case kInvokeEnd:
		if len(b.stack) > 1 {
			d.Diag(toolcall.KindSyntax, b.tagAt, b.name, "</invoke> closes elements left open: read as closed")
			d.closeTo(1)
		}
		if d.RefuseCalls(1, b.invokeAt) { // past the limit of calls: this invoke and the rest are content
			dst = d.flushBefore(dst, s, i, 0)
			b.endInvoke()
			d.mode = mCapped
			return dst, true
		}
		c := toolcall.Call{Name: b.name, Arguments: d.arguments()}
		dst = d.Call(dst, c, b.invokeAt)
		b.calls++
		b.endInvoke()
		d.Drop()
		d.Begin(i)
		b.lead, b.at = "", d.Offset(i)
		return dst, true
	}
	return dst, false // an invoke inside an invoke, a block's end inside one
}

// openAt returns the place in the stack of the innermost open element
// named key, or 0 (the invoke's) when none is.
func (d *decoder) openAt(key string) int {
	b := &d.blk
	for p := len(b.stack) - 1; p > 0; p-- {
		if d.keyIs(b.stack[p], key) {
			return p
		}
	}
	return 0
}

// closeTo closes the open elements from the innermost to the one at
// place p of the stack (p > 0), that one included: the innermost, when it
// has no children, is a leaf holding the text since its tag.
func (d *decoder) closeTo(p int) {
	b := &d.blk
	if top := b.stack[len(b.stack)-1]; b.nodes[top].kids == 0 {
		b.nodes[top].text = span{b.textAt, len(b.arena)}
	}
	b.stack = b.stack[:p]
}

// keyIs reports whether element e's key is key.
func (d *decoder) keyIs(e int32, key string) bool {
	k := d.blk.nodes[e].key
	return string(d.blk.arena[k.from:k.to]) == key
}

// startInvoke begins the invoke of the tool name, whose tag starts at
// offset at, and reports whether name is one.
func (d *decoder) startInvoke(name string, at int) bool {
	if !textargs.ValidName(name) {
		return false
	}
	b := &d.blk
	b.inInvoke, b.invokeAt = true, at
	if k := d.Req.Match(name); k >= 0 && d.Req.Tools[k].Name == name {
		b.name = d.Req.Tools[k].Name // the request's string: no copy to keep
	} else {
		b.name = strings.Clone(name)
	}
	b.nodes = append(b.nodes[:0], elem{first: -1, last: -1, next: -1})
	b.stack = append(b.stack[:0], 0)
	b.arena = b.arena[:0]
	return true
}

// openElem opens an element named key in the top one, and reports whether
// it may stand there: not after text of its parent, nor past the nesting
// limit.
func (d *decoder) openElem(key string) bool {
	b := &d.blk
	if len(b.stack) > d.Limits.MaxDepth {
		b.broken, b.said = true, true
		d.Diag(toolcall.KindLimit, b.tagAt, b.name, "elements nested past the depth limit: the call is content")
		b.endInvoke()
		return true // the block is broken already; the tag acts as in one
	}
	parent := b.stack[len(b.stack)-1]
	if p := &b.nodes[parent]; parent != 0 && p.kids == 0 {
		for _, c := range b.arena[b.textAt:] {
			if !jsonvalue.IsSpace(c) {
				d.breakBlock(b.tagAt, "an element with both text and elements")
				return true
			}
		}
		b.arena = b.arena[:b.textAt] // whitespace between elements
	}
	from := len(b.arena)
	b.arena = append(b.arena, key...)
	n := int32(len(b.nodes))
	b.nodes = append(b.nodes, elem{key: span{from, len(b.arena)}, first: -1, last: -1, next: -1})
	p := &b.nodes[parent]
	if p.last >= 0 {
		b.nodes[p.last].next = n
	} else {
		p.first = n
	}
	p.last = n
	p.kids++
	p.notItems = p.notItems || key != itemKey
	b.stack = append(b.stack, n)
	b.textAt = len(b.arena)
	return true
}

// tagText returns the last n bytes of the pending item through s[:i]: the
// tag that ends there.
func (d *decoder) tagText(s string, i, n int) string {
	if i >= n {
		return s[i-n : i]
	}
	t := d.Peek(s, i, 0)
	return t[len(t)-n:]
}

// flushBefore hands the block's text through s[:i] on as content, but its
// last n bytes, and ends the pending item.
func (d *decoder) flushBefore(dst []toolcall.Event, s string, i, n int) []toolcall.Event {
	dst = d.Content(dst, d.blk.lead)
	if i >= n {
		return d.Emit(dst, s, i-n)
	}
	t := d.Text(s, i)
	return d.Content(dst, t[:len(t)-n])
}

// flushOpener is flushBefore for a tag of n bytes that begins what comes
// next: it returns the tag's text.
func (d *decoder) flushOpener(dst []toolcall.Event, s string, i, n int) ([]toolcall.Event, string) {
	if i >= n {
		return d.flushBefore(dst, s, i, n), s[i-n : i]
	}
	dst = d.Content(dst, d.blk.lead)
	t := d.Text(s, i)
	return d.Content(dst, t[:len(t)-n]), t[len(t)-n:]
}

// cut ends the block where the response ends, or at an end-of-turn token
// of n bytes that ends at s[i]. What comes of it depends on where it was
// cut: after a call, with nothing but whitespace or the start of the
// block's end since, the missing end is no loss (the cut end is dropped);
// inside an invoke, or in a block without a call, it is content.
func (d *decoder) cut(dst []toolcall.Event, s string, i, n int) []toolcall.Event {
	b := &d.blk
	switch {
	case !b.broken && !b.inInvoke && b.calls > 0 && (b.ts != tTag || strings.HasPrefix(toolCallEnd[1:], string(b.tag))):
		d.Drop()
	default:
		if !b.broken && !(b.said && !b.inInvoke) {
			msg := "the response ends inside a call: it is cut off, so it is no call"
			if n > 0 {
				msg = "the turn ends inside a call: it is cut off, so it is no call"
			}
			if !b.inInvoke {
				msg = "the response ends in a call block without an invoke: it is content"
			}
			d.Diag(toolcall.KindSyntax, b.at, b.name, msg)
		}
		dst = d.flushBefore(dst, s, i, n)
	}
	d.mode, d.st = mProse, 0
	b.endInvoke()
	return dst
}

// clipTag writes a tag of kind, whose key or name is key, for a
// diagnostic, shortened.
func clipTag(key string, kind int) string {
	if len(key) > 40 {
		key = key[:40] + "..."
	}
	switch kind {
	case kClose, kBlockClose, kInvokeEnd:
		return "</" + key + ">"
	case kInvoke:
		return invokeTag + key + `">`
	}
	return "<" + key + ">"
}
