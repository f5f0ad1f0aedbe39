// Package engine is the machinery every format decoder shares: the pending
// item a decoder holds while it is undecided (a partial marker, a call list
// that has not closed), limits, diagnostics, and the loop that feeds a
// delta to the decoder's mode machine.
//
// A pending item's bytes are kept the cheap way: while they came in few
// deltas (up to 32), as references to those deltas, whatever their size (so
// when the item turns out to be prose it goes out as content without a
// copy, and a long call handed on in the stream's batches of quiet deltas
// is copied once, when it is read whole); past that, in a strings.Builder
// doubled as needed (so a long call in many small deltas reaches the
// parser as a string without another copy).
package engine

import (
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/prose"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/toolcall"
)

// Stepper is a format decoder's mode machine: Step handles s from s[i] on,
// as far as its current mode goes, and returns where the next mode starts.
// It must make progress: the index it returns is greater than i unless its
// mode changed.
type Stepper interface {
	Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int)
}

// Base holds the state every decoder has. Embed it and call Run from Feed.
type Base struct {
	Req    *toolcall.Request
	Limits toolcall.Limits
	// Said records whether the response has said anything yet (a call
	// list that opens the response may name any tool).
	Said prose.Tracker
	// sinceCall records whether prose other than whitespace came after
	// the latest call (called: there was one).
	sinceCall prose.Tracker
	called    bool
	// midLine says the content so far ends inside a line: text other
	// than spaces and tabs came after its last newline (see AtLineStart).
	midLine bool
	// TrackFences has Content follow Markdown code fences (see
	// InFenceAfterProse); fence is what it knows.
	TrackFences bool
	// Streaming says argument streaming is on (protocol.Config).
	Streaming bool
	holding   bool
	inBuf     bool // the pending item's earlier bytes are in buf, not pieces
	merging   bool // see merged
	fence     fences
	// TrackTurns has Content watch for a next turn the model runs on
	// into (see AfterNextTurn); turn is what it knows.
	TrackTurns bool
	turn       turnWatch
	// ahead is the turn watch after the lead the latest AfterNextTurn
	// read, which lies in the current delta at [aheadAt, aheadEnd) (none
	// when they are equal), right after the content the watch had read:
	// content that starts with that lead takes ahead instead of reading
	// it again (a flood of special tokens asks a question a token).
	ahead     turnWatch
	quiet     *protocol.Quiet // where the decoder says which bytes it reads without a trace
	following following
	frag      *toolcall.CallDelta // the fragment event of the current Feed, made at the first
	feeds     uint32              // Feeds and Closes begun
	fragFeed  uint32              // the Feed frag was last used in

	off      int // offset in the response of the current delta
	start    int // offset in the response of the pending item
	mark     int // start of the pending item in the current delta; -1 when it began earlier
	pieces   []string
	npieces  int // bytes in pieces
	buf      strings.Builder
	diags    []toolcall.Diagnostic
	callOffs []int // where each call of the latest Feed or Close starts
	callBase int   // how many calls came before those

	// Content decided within one Feed or Close goes out as one event.
	// A piece that lies right after the event's text in the Feed's delta
	// extends the event's text in place, without a copy; otherwise the
	// pieces are gathered in merged, and the event at mergeAt gets the
	// whole text when Flush runs.
	delta   string
	merged  []byte
	mergeAt int32
	// capSaid says the diagnostic of the limit of calls is out (see
	// RefuseCalls).
	capSaid bool
	// unnotedMid is midLine before the unnoted content.
	unnotedMid bool
	// unnotedAt and unnotedEnd bound content the watches have not read
	// yet, in the current delta (none when they are equal): pieces that
	// lie one right after the other, joined (a flood of special tokens
	// comes a piece a token). The watches read it in one pass when they
	// are asked, when content that does not join it comes, and when the
	// Feed ends (Flush).
	unnotedAt, unnotedEnd int32
	aheadAt, aheadEnd     int32
	// pairsTo is how far in the delta the unnoted content is known to
	// hold no pair of bytes a next turn's marker ends with (see
	// afterNextTurn): each question scans only what came since.
	pairsTo int32
}

const (
	maxPieces = 32
	minBuf    = 256 // the least a pending item's buffer starts with
)

// Init prepares b for a response to req with the default limits.
func (b *Base) Init(req *toolcall.Request) {
	if req == nil {
		req = &toolcall.Request{}
	}
	b.Req = req
	b.Limits = toolcall.Limits{}.WithDefaults()
	b.mark = -1
}

// Reuse clears b for another response, keeping the room of the buffers
// that hold nothing it handed on (the pieces of a pending item, the calls'
// offsets, the merged content, which Flush copies).
func (b *Base) Reuse() {
	clear(b.pieces) // references to the response's deltas
	*b = Base{pieces: b.pieces[:0], callOffs: b.callOffs[:0], merged: b.merged[:0]}
}

// Configure implements protocol.Reporter: the limits, and Streaming, with
// which a decoder that can tell a call's progress reports it (Started,
// Fragment, Retract, or Follow and Report).
func (b *Base) Configure(c protocol.Config) {
	b.Limits = c.Limits.WithDefaults()
	b.Streaming = c.StreamArguments
	b.quiet = c.Quiet
}

// Quiet tells the stream, at the end of a Feed, that the next q.Room bytes,
// while they hold no byte of q.Stop that matters (protocol.Quiet), change
// nothing the decoder tells. A decoder that says nothing is correct: the
// stream then hands on every delta.
func (b *Base) Quiet(q protocol.Quiet) {
	if b.quiet != nil && q.Room > 0 && q.Stop != nil {
		*b.quiet = q
	}
}

// Started appends the start of a call named name (with the model's id, if
// the text gave one), when argument streaming is on.
func (b *Base) Started(dst []toolcall.Event, name, id string) []toolcall.Event {
	if !b.Streaming {
		return dst
	}
	return append(dst, toolcall.Event{Delta: &toolcall.CallDelta{Kind: toolcall.CallStarted, Name: name, ID: id}})
}

// Fragment appends the next piece of the latest started call's
// arguments. The event, and its text, are the decoder's own: valid until
// its next Feed or Close (protocol.Config), so text must not be
// written again before then, and neither is copied.
func (b *Base) Fragment(dst []toolcall.Event, text []byte) []toolcall.Event {
	if !b.Streaming || len(text) == 0 {
		return dst
	}
	if b.frag == nil {
		b.frag = new(toolcall.CallDelta)
	}
	d := b.frag // the first fragment of this Feed: the decoder's own
	if b.fragFeed == b.feeds {
		d = new(toolcall.CallDelta)
	}
	b.fragFeed = b.feeds
	*d = toolcall.CallDelta{Kind: toolcall.ArgumentsFragment, Arguments: unsafe.String(&text[0], len(text))}
	return append(dst, toolcall.Event{Delta: d})
}

// Retract appends the end of the oldest started call that will not be a
// call.
func (b *Base) Retract(dst []toolcall.Event) []toolcall.Event {
	if !b.Streaming {
		return dst
	}
	return append(dst, toolcall.Event{Delta: &toolcall.CallDelta{Kind: toolcall.CallRetracted}})
}

// Diagnostics implements protocol.Reporter.
func (b *Base) Diagnostics() []toolcall.Diagnostic { return b.diags }

// Diag records a diagnostic at offset off of the response, up to the
// limit on diagnostics.
func (b *Base) Diag(kind string, off int, call, msg string) {
	b.diags = toolcall.AppendDiagnostic(b.diags, toolcall.Diagnostic{Kind: kind, Offset: off, Call: call, Message: msg}, b.Limits.MaxDiagnostics)
}

// Run feeds s to the stepper and keeps what is still pending at the end.
func (b *Base) Run(dst []toolcall.Event, s string, st Stepper) []toolcall.Event {
	b.mark = -1
	return b.RunFrom(dst, s, 0, st)
}

// RunFrom is Run for a decoder that has read s[:from] itself (fed it to
// its candidate's reader, or stepped it): the stepper goes on at s[from].
func (b *Base) RunFrom(dst []toolcall.Event, s string, from int, st Stepper) []toolcall.Event {
	for i := from; i < len(s); {
		dst, i = st.Step(dst, s, i)
	}
	return b.EndDelta(dst, s)
}

// ProseStepper is a Stepper that can drop back to prose after its pending
// text went out as content.
type ProseStepper interface {
	Stepper
	ToProse()
}

// RunBounded is Run with the safety net: what a decoder holds outside its
// size-checked candidates (separators after a call, a broken tag waiting
// for its end) goes out as content, with a "limit" diagnostic, once it
// passes the size limit, so memory stays bounded whatever the input.
// The stepper starts at s[from], as RunFrom's does.
func (b *Base) RunBounded(dst []toolcall.Event, s string, from int, st ProseStepper) []toolcall.Event {
	dst = b.RunFrom(dst, s, from, st)
	if b.Overflowed() {
		b.Diag(toolcall.KindLimit, b.Start(), "", "held text passed the size limit")
		dst = b.Emit(dst, "", 0)
		st.ToProse()
	}
	return dst
}

// EndDelta keeps the pending item's bytes of s and moves past s. Run calls
// it; a decoder with a fast path of its own calls it too.
func (b *Base) EndDelta(dst []toolcall.Event, s string) []toolcall.Event {
	if b.holding && max(b.mark, 0) < len(s) { // an item begun at the delta's end holds nothing of it
		b.keep(s[max(b.mark, 0):])
	}
	b.off += len(s)
	b.mark = -1
	return dst
}

// Overflowed reports, between deltas, whether the pending item has grown
// past the size limit. Decoders check the limit exactly where they hold
// candidates; this is the safety net for what they hold otherwise (the
// separators after a call, a broken tag waiting for its end), so memory stays
// bounded whatever the input.
func (b *Base) Overflowed() bool {
	return b.holding && b.Len("", 0) > b.Limits.MaxPending
}

// Offset is the offset in the response of s[i] of the current delta.
func (b *Base) Offset(i int) int { return b.off + i }

// Begin makes a pending item start at s[i] of the current delta.
func (b *Base) Begin(i int) {
	b.holding = true
	b.mark = i
	b.start = b.off + i
	b.pieces = b.pieces[:0]
	b.npieces = 0
	b.inBuf = false
}

// Holding reports whether a pending item is open.
func (b *Base) Holding() bool { return b.holding }

// Start is the offset in the response where the pending item begins.
func (b *Base) Start() int { return b.start }

// Len is the length of the pending item through s[:i].
func (b *Base) Len(s string, i int) int {
	if b.mark >= 0 {
		return i - b.mark
	}
	if b.inBuf {
		return b.buf.Len() + i
	}
	return b.npieces + i
}

// Room is how many more bytes the pending item may take after s[:i]
// before it passes the size limit.
func (b *Base) Room(s string, i int) int { return b.Limits.MaxPending - b.Len(s, i) }

func (b *Base) keep(text string) {
	if !b.inBuf && len(b.pieces) < maxPieces {
		if len(b.pieces) == cap(b.pieces) { // reused by every item of the response: eight, then all
			b.pieces = append(make([]string, 0, min(maxPieces, max(8, 4*cap(b.pieces)))), b.pieces...)
		}
		b.pieces = append(b.pieces, text)
		b.npieces += len(text)
		return
	}
	if !b.inBuf {
		b.buf = strings.Builder{}
		n := b.npieces + len(text)
		if n <= 1<<10 {
			n *= 2 // a short item of many deltas is likely longer still: room for it at once
		}
		b.buf.Grow(max(2*n, minBuf))
		for _, p := range b.pieces {
			b.buf.WriteString(p)
		}
		b.pieces = b.pieces[:0]
		b.npieces = 0
		b.inBuf = true
	}
	if b.buf.Len()+len(text) > b.buf.Cap() {
		// Double (Grow makes room for twice the capacity and text):
		// append alone grows a large buffer by a quarter, copying a long
		// call several times over.
		b.buf.Grow(len(text))
	}
	b.buf.WriteString(text)
}

// AppendHeld appends the pending item's bytes from earlier deltas to dst.
func (b *Base) AppendHeld(dst []byte) []byte {
	if b.inBuf {
		return append(dst, b.buf.String()...)
	}
	for _, p := range b.pieces {
		dst = append(dst, p...)
	}
	return dst
}

// AppendHeldFrom appends the pending item's bytes from earlier deltas that
// come at or after offset from.
func (b *Base) AppendHeldFrom(dst []byte, from int) []byte { return b.appendHeldFrom(dst, from) }

// appendHeldFrom appends the pending item's bytes from earlier deltas that
// come at or after offset from: only those, so that matching a marker near
// the end of a long block costs the marker's length, not the block's.
func (b *Base) appendHeldFrom(dst []byte, from int) []byte {
	if b.inBuf {
		return append(dst, b.buf.String()[from:]...)
	}
	k, off := b.pieceAt(from)
	for ; k < len(b.pieces); k++ {
		p := b.pieces[k]
		dst = append(dst, p[max(from-off, 0):]...)
		off += len(p)
	}
	return dst
}

// pieceAt returns the index of the piece that holds offset from of the
// pending item's held bytes, and where that piece starts (len(pieces) and
// the held length past them). It looks from the end: from is usually near
// it, where a marker may begin.
func (b *Base) pieceAt(from int) (k, off int) {
	k, off = len(b.pieces), b.npieces
	for k > 0 && off > from {
		k--
		off -= len(b.pieces[k])
	}
	return k, off
}

// IndexHeld returns the offset in the pending item of the first byte c
// among its bytes from earlier deltas at or after offset from, or -1.
func (b *Base) IndexHeld(from int, c byte) int {
	if b.mark >= 0 || from < 0 {
		return -1
	}
	if b.inBuf {
		if from >= b.buf.Len() {
			return -1
		}
		if k := strings.IndexByte(b.buf.String()[from:], c); k >= 0 {
			return from + k
		}
		return -1
	}
	k, off := b.pieceAt(from)
	for ; k < len(b.pieces); k++ {
		p := b.pieces[k]
		if j := strings.IndexByte(p[max(from-off, 0):], c); j >= 0 {
			return max(from, off) + j
		}
		off += len(p)
	}
	return -1
}

// HeldLen is the number of the pending item's bytes from earlier deltas.
func (b *Base) HeldLen() int {
	if b.mark >= 0 {
		return 0
	}
	if b.inBuf {
		return b.buf.Len()
	}
	return b.npieces
}

// Text ends the pending item and returns its text through s[:i] as one
// string.
func (b *Base) Text(s string, i int) string {
	defer b.end()
	if b.mark >= 0 {
		return s[b.mark:i]
	}
	if b.inBuf {
		b.buf.WriteString(s[:i])
		return b.buf.String()
	}
	if len(b.pieces) == 0 {
		return s[:i]
	}
	var sb strings.Builder
	sb.Grow(b.npieces + i)
	for _, p := range b.pieces {
		sb.WriteString(p)
	}
	sb.WriteString(s[:i])
	return sb.String()
}

// Emit ends the pending item and hands its text through s[:i] on as
// content, without copying a short item.
func (b *Base) Emit(dst []toolcall.Event, s string, i int) []toolcall.Event {
	if b.mark >= 0 || b.inBuf {
		return b.Content(dst, b.Text(s, i))
	}
	for _, p := range b.pieces {
		dst = b.Content(dst, p)
	}
	dst = b.Content(dst, s[:i])
	b.end()
	return dst
}

// RightAfterCall reports whether a call came last: no prose but
// whitespace since.
func (b *Base) RightAfterCall() bool { return b.called && !b.sinceCall.Spoke() }

// Drop ends the pending item without output: its text was consumed.
func (b *Base) Drop() { b.end() }

func (b *Base) end() {
	b.holding = false
	b.mark = -1
	b.pieces = b.pieces[:0]
	b.npieces = 0
	if b.inBuf {
		b.buf = strings.Builder{}
		b.inBuf = false
	}
}

// Content appends text, if any, as content and notes it as prose. Text
// that directly follows content in dst joins that event (see Flush), so
// however many pieces a delta's prose comes in, it goes out as one event.
func (b *Base) Content(dst []toolcall.Event, text string) []toolcall.Event {
	if text == "" {
		return dst
	}
	b.Said.Note(text)
	if b.called {
		b.sinceCall.Note(text)
	}
	if (b.TrackFences || b.TrackTurns) && (len(text) > minSkip || !b.quietFor(text)) {
		b.watch(text)
	}
	b.midLine = midLine(b.midLine, text)
	n := len(dst)
	if n == 0 || dst[n-1].Content == "" {
		return append(dst, toolcall.Event{Content: text})
	}
	if b.merging && int(b.mergeAt) != n-1 {
		dst = b.Flush(dst) // an earlier run, ended by a call
	}
	if !b.merging {
		if joined, ok := b.adjacent(dst[n-1].Content, text); ok {
			dst[n-1].Content = joined
			return dst
		}
		b.merged = b.merged[:0]
		b.merged = append(b.grow(len(dst[n-1].Content)), dst[n-1].Content...)
		b.mergeAt, b.merging = int32(n-1), true
	}
	b.merged = append(b.grow(len(text)), text...)
	return dst
}

// quietFor reports whether text, the next content, leaves both watches
// as they stand, as most content does, a few bytes at a time: none is
// kept unnoted, both are settled and text is plain. It is small enough
// to inline; Content asks it for a short text.
func (b *Base) quietFor(text string) bool {
	if b.unnotedEnd != b.unnotedAt || b.TrackFences && !b.fence.settled(b.midLine) || b.TrackTurns && !b.turn.settled() {
		return false
	}
	return plainText(text)
}

// watch hands text, the next content, to the watches: kept unnoted
// while it joins what they have not read yet, or lies in the delta short
// of its end (where nothing more can join it).
func (b *Base) watch(text string) {
	at, in := b.deltaOffset(text)
	if b.unnotedEnd != b.unnotedAt {
		if in && at == int(b.unnotedEnd) {
			// The delta's length fits in 31 bits; once the content
			// reaches its end, nothing more can join it.
			if b.unnotedEnd += int32(len(text)); int(b.unnotedEnd) == len(b.delta) {
				b.noteUnnoted()
			}
			return
		}
		b.noteUnnoted()
	}
	if in && at+len(text) < len(b.delta) {
		b.unnotedAt, b.unnotedEnd, b.unnotedMid = int32(at), int32(at+len(text)), b.midLine
		return
	}
	b.noteWatches(text, b.midLine)
}

// noteUnnoted has the watches read the content kept unnoted.
func (b *Base) noteUnnoted() {
	text := b.delta[b.unnotedAt:b.unnotedEnd]
	b.unnotedAt, b.unnotedEnd = 0, 0
	b.noteWatches(text, b.unnotedMid)
}

// noteWatches has the watches read text, which follows content that ended
// mid-line when midLine is set: one scan tells both whether text can move
// them.
func (b *Base) noteWatches(text string, midLine bool) {
	var plain bool
	if len(text) > minSkip {
		plain = plainLong(text)
	} else {
		plain = plainText(text)
	}
	if b.TrackFences && !(plain && b.fence.settled(midLine)) {
		b.fence.note(text, midLine)
	}
	if b.aheadEnd != b.aheadAt {
		text = b.takeAhead(text)
	}
	if b.TrackTurns && !(plain && b.turn.settled()) {
		b.turn.noteAll(text)
	}
}

// takeAhead returns text, the content the watches read next, without the
// lead AfterNextTurn read ahead when text starts with it, the turn watch
// then standing as after the lead; it forgets the lead either way.
func (b *Base) takeAhead(text string) string {
	lead := int(b.aheadEnd - b.aheadAt)
	at, in := b.deltaOffset(text)
	took := in && at == int(b.aheadAt) && len(text) >= lead
	b.aheadAt, b.aheadEnd = 0, 0
	if !took {
		return text
	}
	b.turn = b.ahead
	return text[lead:]
}

// deltaOffset returns where text lies in the current delta, and whether
// it does (in a delta whose offsets fit in 31 bits).
func (b *Base) deltaOffset(text string) (int, bool) {
	base := uintptr(unsafe.Pointer(unsafe.StringData(b.delta)))
	at := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	if len(b.delta) == 0 || len(b.delta) > math.MaxInt32 || at < base || at-base+uintptr(len(text)) > uintptr(len(b.delta)) {
		return 0, false
	}
	return int(at - base), true
}

// adjacent joins two texts that lie one right after the other in the
// current delta, and reports whether they do. Both must lie in it: texts
// from different allocations that happen to touch must not be joined.
func (b *Base) adjacent(first, next string) (string, bool) {
	i, in := b.deltaOffset(first)
	if !in {
		return "", false
	}
	j := i + len(first)
	if k, in := b.deltaOffset(next); !in || k != j {
		return "", false
	}
	return b.delta[i : j+len(next)], true
}

// grow makes room in merged for n more bytes, doubling: a Feed's content
// joined from many pieces (a long run of candidates that are prose) costs
// at most twice its size in buffers, where append's growth past 256 KiB
// (a quarter at a time) would cost about five times it.
func (b *Base) grow(n int) []byte {
	if need := len(b.merged) + n; need > cap(b.merged) {
		grown := make([]byte, len(b.merged), max(2*cap(b.merged), need, 64))
		copy(grown, b.merged)
		b.merged = grown
	}
	return b.merged
}

// Reasoning appends text, if any, as reasoning, for formats whose
// reasoning is framed by the format itself (Harmony's analysis channel).
func (b *Base) Reasoning(dst []toolcall.Event, text string) []toolcall.Event {
	if text == "" {
		return dst
	}
	return append(dst, toolcall.Event{Reasoning: text})
}

// BeginDelta begins a Feed of delta, or a Close (delta ""). A decoder's
// Feed and Close begin with it and end with Flush.
func (b *Base) BeginDelta(delta string) {
	b.forgetCalls()
	b.feeds++
	b.delta = delta
	b.aheadAt, b.aheadEnd, b.pairsTo = 0, 0, 0
}

// Flush completes the content event that pieces were joined to. A
// decoder's Feed and Close end with it.
func (b *Base) Flush(dst []toolcall.Event) []toolcall.Event {
	if b.unnotedEnd == b.unnotedAt && !b.merging {
		return dst
	}
	return b.flush(dst)
}

// flush is Flush when content is kept unnoted or joined.
func (b *Base) flush(dst []toolcall.Event) []toolcall.Event {
	if b.unnotedEnd != b.unnotedAt { // the delta may not outlive the Feed
		b.noteUnnoted()
	}
	if !b.merging {
		return dst
	}
	if int(b.mergeAt) < len(dst) {
		dst[b.mergeAt].Content = string(b.merged)
	}
	b.merging = false
	if cap(b.merged) > 64<<10 {
		b.merged = nil
	}
	return dst
}

// Call appends a call event for a call whose text starts at offset off of
// the response.
func (b *Base) Call(dst []toolcall.Event, c toolcall.Call, off int) []toolcall.Event {
	return b.CallAt(dst, &c, off)
}

// CallAt is Call for a call the decoder made for the stream: the event
// points to c, which the decoder must not write again.
func (b *Base) CallAt(dst []toolcall.Event, c *toolcall.Call, off int) []toolcall.Event {
	b.Said.Say()
	b.called, b.sinceCall, b.midLine = true, prose.Tracker{}, false
	if b.callOffs == nil {
		b.callOffs = make([]int, 0, 8)
	}
	b.callOffs = append(b.callOffs, off)
	if cap(dst)-len(dst) == 0 && cap(dst) < 8 { // room for several calls at once
		dst = append(make([]toolcall.Event, 0, 8+len(dst)), dst...)
	}
	return append(dst, toolcall.Event{Call: c})
}

// InFenceAfterProse reports whether the content so far has opened a
// Markdown code fence (a line starting with three backticks) that is not
// closed, after prose outside any fence: a code block inside an
// explanation, not one that is the whole response.
// Lead is prose that goes out just before the candidate, not yet noted.
func (b *Base) InFenceAfterProse(lead string) bool {
	if b.unnotedEnd != b.unnotedAt {
		b.noteUnnoted()
	}
	if lead != "" && !b.fence.quiet(lead, b.midLine) {
		return b.inFenceAfter(lead)
	}
	return b.fence.open && b.fence.afterProse // lead leaves the fences as they are
}

// inFenceAfter is InFenceAfterProse for a lead to read.
func (b *Base) inFenceAfter(lead string) bool {
	f := b.fence
	f.note(lead, b.midLine)
	return f.open && f.afterProse
}

// fences follows Markdown code fences in content: a line whose first
// bytes other than spaces are three backticks or more opens one, the next
// such line closes it.
type fences struct {
	open, afterProse bool
	prose            bool  // content other than whitespace outside fences came
	ticks            uint8 // backticks at the line's start, up to 255
}

// quiet reports whether text, which follows content that ended
// mid-line, leaves the tracker as it stands, as most content does: the
// tracker is settled and text has no byte a watch reads (plainText).
func (f *fences) quiet(text string, midLine bool) bool {
	return f.settled(midLine) && plainText(text)
}

// settled reports whether the tracker, after content that ended
// mid-line, stays as it stands over text that does not end the line: no
// backticks are being counted, and content already came outside a fence
// or one is open.
func (f *fences) settled(midLine bool) bool {
	return midLine && f.ticks == 0 && (f.prose || f.open)
}

// watched are the bytes a watch of the content reads: the line ends the
// fence tracker reads, and the bytes a next turn's marker begins with
// (nextTurns: a newline, or '<' of a header).
var watched = [256]bool{'\n': true, '\r': true, '<': true}

// plainText reports whether text has no byte of watched: the content
// most often noted, which moves neither watch once it is settled.
func plainText(text string) bool {
	for i := 0; i < len(text); i++ {
		if watched[text[i]] {
			return false
		}
	}
	return true
}

// plainLong is plainText by searches, faster for a text longer than
// minSkip.
func plainLong(text string) bool {
	return lineEnd(text, 0) == len(text) && strings.IndexByte(text, '<') < 0
}

// note follows text, given whether the content before it ended mid-line.
func (f *fences) note(text string, midLine bool) {
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			if f.ticks >= 3 {
				f.open = !f.open
				f.afterProse = f.open && f.prose
			}
			f.ticks = 0
		case c == '`' && (f.ticks > 0 || !midLine):
			f.ticks = min(f.ticks+1, 255)
		case f.ticks >= 3: // the fence's info string
		case c == ' ' || c == '\t' || c == '\r':
			if f.ticks > 0 && f.ticks < 3 {
				f.ticks = 0
			}
		default:
			f.ticks = 0
			if !f.open {
				f.prose = true
			}
			// The line is decided: up to its end, every byte would come
			// here again or leave all as it is. A long rest is skipped.
			if len(text)-i > minSkip {
				i = lineEnd(text, i+1) - 1
				midLine = true
				continue
			}
		}
		// as midLine below: a carriage return ends a line too
		midLine = c != '\n' && c != '\r' && (midLine || c != ' ' && c != '\t')
	}
}

// minSkip is how long a rest must be for a search (strings.IndexByte,
// which compares many bytes at a time) to beat reading it byte by byte.
const minSkip = 32

// lineEnd returns the index of the first newline or carriage return in
// text from from on, or len(text).
func lineEnd(text string, from int) int {
	end := len(text)
	if k := strings.IndexByte(text[from:], '\n'); k >= 0 {
		end = from + k
	}
	if k := strings.IndexByte(text[from:end], '\r'); k >= 0 {
		end = from + k
	}
	return end
}

// AtLineStart reports whether content that went out so far, followed by
// more, ends at the start of a line: only spaces and tabs after its last
// newline (or since the response began, or since the last call).
func (b *Base) AtLineStart(more string) bool { return !midLine(b.midLine, more) }

// midLine returns whether text ends inside a line, given whether what came
// before it did. It looks back from the end only to the first byte that
// is not a space or tab.
func midLine(before bool, text string) bool {
	for i := len(text) - 1; i >= 0; i-- {
		switch text[i] {
		case ' ', '\t':
		case '\n', '\r':
			return false
		default:
			return true
		}
	}
	return before
}

// CallOffset implements protocol.Reporter, for the calls the latest
// Feed or Close returned (n counts every call of the response from 0).
func (b *Base) CallOffset(n int) int {
	n -= b.callBase
	if n < 0 || n >= len(b.callOffs) {
		return -1
	}
	return b.callOffs[n]
}

// forgetCalls drops the offsets of calls handed on by an earlier Feed.
func (b *Base) forgetCalls() {
	b.callBase += len(b.callOffs)
	b.callOffs = b.callOffs[:0]
}

// MatchAt matches set against the pending item's text from offset at (where
// a possible marker begins) through s[i:], without allocating. n counts from
// at, and held is how many of those bytes came before s[i]: the match ends
// at s[i+n-held].
func (b *Base) MatchAt(set *marker.Set, s string, i, at int) (res marker.Result, idx, n, held int) {
	held = b.Len(s, i) - at
	inDelta := max(b.mark, 0) + at - b.HeldLen() // where at falls in s, if it does
	if at >= b.HeldLen() {
		res, idx, n = marker.Match(set, s[inDelta:])
		return res, idx, n, held
	}
	var buf [64]byte
	joined := b.appendHeldFrom(buf[:0], at)
	joined = append(joined, s[i:min(len(s), i+set.MaxLen())]...)
	res, idx, n = marker.Match(set, joined)
	if res == marker.Partial {
		n = len(joined)
	}
	return res, idx, n, held
}

// InDelta returns where offset from of the pending item lies in the
// current delta, when it lies there (not in an earlier one).
func (b *Base) InDelta(from int) (int, bool) {
	held := b.HeldLen()
	return max(b.mark, 0) + from - held, from >= held
}

// Peek returns the pending item's text from offset from through s[:i] as
// one string, leaving the item open: part of s when it lies there, else a
// copy (one allocation).
func (b *Base) Peek(s string, i, from int) string {
	if b.mark >= 0 {
		return s[b.mark+from : i]
	}
	held := b.HeldLen()
	if from >= held {
		return s[from-held : i]
	}
	buf := make([]byte, 0, held-from+i)
	buf = append(b.appendHeldFrom(buf, from), s[:i]...)
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// SetOffset makes the decoder count offsets from off, for a decoder that
// reads a block cut out of a larger response.
func (b *Base) SetOffset(off int) { b.off = off }

// Adopt appends diagnostics recorded elsewhere, such as by a decoder that
// read a block of this response.
func (b *Base) Adopt(diags []toolcall.Diagnostic) {
	for _, d := range diags {
		b.diags = toolcall.AppendDiagnostic(b.diags, d, b.Limits.MaxDiagnostics)
	}
}

// CallsOut is how many calls the decoder handed on in this response.
func (b *Base) CallsOut() int { return b.callBase + len(b.callOffs) }

// CallRoom is how many more calls the response may hand on: Limits'
// MaxCalls less the calls handed on; 0 once a candidate was refused.
func (b *Base) CallRoom() int { return max(0, b.Limits.MaxCalls-b.CallsOut()) }

// RefuseCalls reports whether a candidate of n calls, whose text starts at
// offset off of the response, would pass Limits' MaxCalls. When it would,
// the caller hands its text on as content, and so is the rest of the
// response: a diagnostic of kind "limit" at off says so, and CallRoom is 0
// from now on.
func (b *Base) RefuseCalls(n, off int) bool {
	if n <= b.CallRoom() {
		return false
	}
	b.CapCalls(off)
	return true
}

// CapCalls ends the calls of the response: a candidate at offset off held
// more than its Limits allow, so it and the rest of the response are
// content, which a diagnostic of kind "limit" says (once), and CallRoom is
// 0 from now on.
func (b *Base) CapCalls(off int) {
	if !b.capSaid {
		b.Diag(toolcall.KindLimit, off, "", "more calls than the limit of "+strconv.Itoa(b.Limits.MaxCalls)+" in the response: the rest of it is content")
	}
	b.capSaid = true
	b.Limits.MaxCalls = b.CallsOut()
}

// CallsCapped reports whether the response may hand on no more calls
// (CallRoom is 0): the rest of it is content.
func (b *Base) CallsCapped() bool { return b.CallRoom() == 0 }

// SayCapped records, at offset off, the diagnostic of the text that
// follows the last call the limit let through, unless one was recorded.
func (b *Base) SayCapped(off int) {
	if !b.capSaid {
		b.capSaid = true
		b.Diag(toolcall.KindLimit, off, "", "the response handed on the limit of "+strconv.Itoa(b.Limits.MaxCalls)+" calls: the rest of it is content")
	}
}
