package block

import (
	"errors"
	"sync"

	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// Config describes a block format: where its blocks start and end, the
// end-of-turn tokens it consumes, and its repairs.
type Config struct {
	Start, End string   // the block markers
	Consumed   []string // end-of-turn tokens, consumed anywhere outside blocks; they also end an open block
	// Echo turns on LFM2's echo repair: an orphan end marker whose text since
	// the last block is that block's call list again drops that text.
	Echo bool
	// Untagged turns on OLMo 3's reading of a response that is nothing but
	// calls, with no markers, as calls (every name must be a requested tool).
	Untagged bool

	once  sync.Once
	prose *marker.Set // Consumed, then Start, then End
	ends  *marker.Set // End, then Consumed
	end   *marker.Set // End alone
	eot   *marker.Set // Consumed alone
}

func (c *Config) sets() {
	c.once.Do(func() {
		c.prose = marker.NewSet(append(append([]string{}, c.Consumed...), c.Start, c.End)...)
		c.ends = marker.NewSet(append([]string{c.End}, c.Consumed...)...)
		c.end = marker.NewSet(c.End)
		c.eot = marker.NewSet(c.Consumed...)
	})
}

// NewDecoder returns a decoder for one response in the format c describes.
func NewDecoder(c *Config, req *toolcall.Request) toolcall.Decoder {
	c.sets()
	d := &decoder{cfg: c}
	d.Init(req)
	d.parser = pythonic.ForRequest(d.Req, d.Limits.MaxDepth)
	return d
}

type mode uint8

const (
	mProse       mode = iota
	mMarker           // '<' in prose
	mBody             // inside a block
	mAfter            // whitespace after a block: an echo may follow
	mEcho             // a possible echo of the last block's calls
	mEchoEnd          // after an echoed call: more calls, or the orphan end marker?
	mUntagged         // a response that may be nothing but calls
	mUntaggedEOT      // '<' after the calls of an untagged response
)

type decoder struct {
	engine.Base
	cfg    *Config
	parser pythonic.Parser

	mode     mode
	body     Body
	bodyAt   int    // where the body starts in the pending item, after the start marker
	lead     string // the start marker, when the pending item begins after it
	rec      pythonic.Recognizer
	head     bool // before the first bracket of an echoed or untagged call
	named    bool // a name has been read in that head
	spaced   bool // and whitespace after it
	done     int  // calls read so far in the echo or untagged response
	matching bool // echoEnd is matching the orphan end marker at mark
	candAt   int  // where the echo starts in the pending item
	mark     int  // where a possible marker starts in the pending item
	last     []toolcall.Call
	untagged bool // the untagged reading was tried already
}

// SetLimits implements toolcall.Limiter.
func (d *decoder) SetLimits(l toolcall.Limits) {
	d.Base.SetLimits(l)
	d.parser.MaxDepth = d.Limits.MaxDepth
}

// Feed implements toolcall.Decoder.
func (d *decoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	return engine.Feed(d, dst, s)
}

// Close implements toolcall.Decoder.
func (d *decoder) Close(dst []toolcall.Event) []toolcall.Event { return engine.Close(d, dst) }

// ToProse implements engine.ProseStepper.
func (d *decoder) ToProse() { d.mode = mProse }

// FeedDelta implements engine.Machine.
func (d *decoder) FeedDelta(dst []toolcall.Event, s string) []toolcall.Event {
	dst = d.RunBounded(dst, s, d)
	return dst
}

// CloseResponse implements engine.Machine: an open block is read as it stands (a
// missing end marker is tolerated); anything else pending is content.
func (d *decoder) CloseResponse(dst []toolcall.Event) []toolcall.Event {
	if !d.Holding() {
		return dst
	}
	switch d.mode {
	case mBody:
		start := d.Start()
		text := d.Text("", 0)
		dst = d.decideBlock(dst, text, text[d.bodyAt:], start)
	case mUntagged:
		if d.head && !d.named && d.done > 0 {
			start := d.Start()
			text := d.Text("", 0)
			dst = d.decideUntagged(dst, text, text, start)
			break
		}
		dst = d.Emit(dst, "", 0)
	default:
		dst = d.Emit(dst, "", 0)
	}
	d.mode = mProse
	return dst
}

// InCandidate implements toolcall.CandidateHolder: inside a block, an
// echo or an untagged response's call, text is data.
func (d *decoder) InCandidate() bool {
	switch d.mode {
	case mBody:
		return true
	case mEcho, mUntagged:
		return !d.head // inside the brackets of a call, not before them
	}
	return false
}

// Step implements engine.Stepper.
func (d *decoder) Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	switch d.mode {
	case mMarker:
		return d.marker(dst, s, i)
	case mBody:
		return d.inBody(dst, s, i)
	case mAfter:
		return d.after(dst, s, i)
	case mEcho, mUntagged:
		return d.call(dst, s, i)
	case mEchoEnd:
		return d.echoEnd(dst, s, i)
	case mUntaggedEOT:
		return d.untaggedEOT(dst, s, i)
	}
	return d.prose(dst, s, i)
}

func (d *decoder) prose(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	j := i
	if d.cfg.Untagged && !d.untagged && !d.Said.Spoke() {
		for j < len(s) && jsonvalue.IsSpace(s[j]) {
			j++
		}
		if j < len(s) {
			d.untagged = true
			if pythonic.IsNameStartByte(s[j]) {
				dst = d.Content(dst, s[i:j])
				d.Begin(j)
				d.done = 0
				d.startCall(mUntagged)
				return dst, j
			}
		}
	}
	for j < len(s) && s[j] != '<' {
		j++
	}
	dst = d.Content(dst, s[i:j])
	if j < len(s) {
		d.Begin(j)
		d.mode = mMarker
	}
	return dst, j
}

// startCall starts reading a call of an echo or an untagged response.
func (d *decoder) startCall(m mode) {
	d.mode, d.head, d.named, d.spaced = m, true, false, false
	d.rec.Reset(d.Limits.MaxDepth)
}

func (d *decoder) marker(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, idx, n, held := d.MatchAt(d.cfg.prose, s, i, 0)
	end := i + n - held
	switch {
	case res == marker.Partial:
		return dst, len(s)
	case res == marker.None:
		d.mode = mProse
		return d.Emit(dst, s, end), end
	case idx == len(d.cfg.Consumed): // the start marker: the pending item holds it
		d.mode, d.bodyAt, d.lead = mBody, n, ""
		d.body.Reset(d.cfg.ends, d.Limits.MaxDepth)
		return dst, end
	}
	d.Drop() // an end-of-turn token, or an orphan end marker
	d.mode = mProse
	return dst, end
}

func (d *decoder) inBody(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	out, next, _, n := d.body.Scan(&d.Base, s, i)
	switch out {
	case Ended:
		start := d.Start()
		text := d.Text(s, next)
		dst = d.decideBlock(dst, text, text[d.bodyAt:n], start)
		if d.cfg.Echo {
			d.mode = mAfter
			d.Begin(next)
		}
		return dst, next
	case Limit:
		d.Diag(toolcall.KindLimit, d.Start(), "", "a block passed the size limit")
		d.mode = mProse
		return d.Emit(dst, s, next), next
	}
	return dst, next
}

// requested reports whether name matches one of the request's tools.
func (d *decoder) requested(name string) bool { return toolcall.MatchTool(d.Req.Tools, name) >= 0 }

// decideBlock hands on the calls of a block whose whole text (markers and
// all) starts at offset start; a body that is not calls is content,
// verbatim, markers included.
func (d *decoder) decideBlock(dst []toolcall.Event, text, body string, start int) []toolcall.Event {
	d.mode = mProse
	items, err := Decode(body, &d.parser, d.requested)
	bodyOff := start + d.bodyAt
	if err != nil {
		d.diagErr(err, bodyOff, "the block does not hold calls")
		d.last = nil
		dst = d.Content(dst, d.lead)
		return d.Content(dst, text)
	}
	d.Said.Say()
	d.last = d.last[:0]
	for _, it := range items {
		if it.Call == nil {
			d.diagErr(it.Err, bodyOff, "")
			dst = d.Content(dst, it.Content)
			continue
		}
		for _, r := range it.Repaired {
			d.Diag(toolcall.KindSyntax, bodyOff+r.Offset, it.Call.Name, r.Msg)
		}
		d.last = append(d.last, *it.Call)
		dst = d.Call(dst, *it.Call, bodyOff+it.Offset)
	}
	return dst
}

func (d *decoder) diagErr(err error, off int, msg string) {
	kind := toolcall.KindSyntax
	if se, ok := err.(*pythonic.SyntaxError); ok {
		off += se.Offset
		if errors.Is(se, pythonic.ErrTooDeep) {
			kind = toolcall.KindLimit
		}
		msg = se.Msg
	} else if msg == "" || err != ErrNotCalls {
		msg = err.Error()
	}
	d.Diag(kind, off, "", msg)
}

// after holds the whitespace after a block; a call list or call after it
// may be an echo of the block.
func (d *decoder) after(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	j := i
	for j < len(s) && jsonvalue.IsSpace(s[j]) {
		j++
	}
	if j == len(s) {
		return dst, j
	}
	if len(d.last) > 0 && (s[j] == '[' || pythonic.IsNameStartByte(s[j])) {
		d.candAt, d.done = d.Len(s, j), 0
		d.startCall(mEcho)
		return dst, j
	}
	d.mode = mProse
	return d.Emit(dst, s, j), j
}

// call reads one call (or a call list) of an echo or an untagged response:
// a name, then brackets until they close.
func (d *decoder) call(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	for ; d.head && i < len(s); i++ {
		c := s[i]
		switch {
		case !d.named && d.done > 0 && (jsonvalue.IsSpace(c) || c == ',' || c == ';'): // between calls
		case !d.named && d.done > 0 && c == '<' && d.mode == mUntagged:
			d.mode, d.mark = mUntaggedEOT, d.Len(s, i)
			return dst, i
		case !d.named && c == '[':
			d.head = false
		case !d.named && (pythonic.IsNameStartByte(c) || c >= 0x80):
			d.named = true
		case d.named && !d.spaced && (pythonic.IsNameByte(c) || c >= 0x80):
		case d.named && jsonvalue.IsSpace(c):
			d.spaced = true
		case d.named && c == '(':
			d.head = false
		default:
			return d.abandon(dst, s, i)
		}
		if !d.head {
			break
		}
	}
	if i == len(s) {
		return dst, i
	}
	end := min(len(s), i+d.Room(s, i))
	n, st := d.rec.Feed(s[i:end])
	i += n
	switch st {
	case pythonic.Open:
		if i == len(s) {
			return dst, i
		}
		d.Diag(toolcall.KindLimit, d.Start(), "", "a pending call passed the size limit")
		return d.abandon(dst, s, i)
	case pythonic.Closed:
		d.done++
		if d.mode == mEcho {
			d.mode, d.matching = mEchoEnd, false
		} else {
			d.head, d.named, d.spaced = true, false, false // separators, then the next call
		}
		return dst, i
	}
	return d.abandon(dst, s, i)
}

// abandon gives up an echo or untagged reading: what was held is prose.
func (d *decoder) abandon(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	d.mode = mProse
	return d.Emit(dst, s, i), i
}

// echoEnd follows an echoed call: separators and another call, or the
// orphan end marker that makes it an echo.
func (d *decoder) echoEnd(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if !d.matching {
		for i < len(s) && (jsonvalue.IsSpace(s[i]) || s[i] == ',' || s[i] == ';') {
			i++
		}
		if i == len(s) {
			return dst, i
		}
		switch {
		case pythonic.IsNameStartByte(s[i]):
			d.startCall(mEcho)
			return dst, i
		case s[i] != '<':
			return d.abandon(dst, s, i)
		}
		d.matching, d.mark = true, d.Len(s, i)
	}
	res, idx, n, held := d.MatchAt(d.cfg.prose, s, i, d.mark)
	end := i + n - held
	switch {
	case res == marker.Partial:
		return dst, len(s)
	case res == marker.None:
		return d.abandon(dst, s, end)
	case idx != len(d.cfg.Consumed)+1: // another marker: no echo after all
		return d.markerAt(dst, s, end, idx)
	}
	mark, candAt := d.mark, d.candAt
	text := d.Text(s, end)
	d.mode = mProse
	items, err := Decode(text[candAt:mark], &d.parser, d.requested)
	if err == nil && sameCalls(items, d.last) {
		return dst, end // the echo and the orphan marker are dropped
	}
	return d.Content(dst, text[:mark]), end
}

func sameCalls(items []Item, calls []toolcall.Call) bool {
	if len(items) != len(calls) {
		return false
	}
	for i, it := range items {
		if it.Call == nil || it.Call.Name != calls[i].Name || it.Call.Arguments != calls[i].Arguments {
			return false
		}
	}
	return true
}

// markerAt ends what was held before a marker of the prose set that starts
// at d.mark of the pending item and ends at s[end]: the held text is
// content, and the marker acts as it does in prose.
func (d *decoder) markerAt(dst []toolcall.Event, s string, end, idx int) ([]toolcall.Event, int) {
	text := d.Text(s, end)
	dst = d.Content(dst, text[:d.mark])
	d.mode = mProse
	if idx == len(d.cfg.Consumed) { // the start marker: a block, whose text starts before this delta's bytes
		d.Begin(end)
		d.mode, d.bodyAt, d.lead = mBody, 0, text[d.mark:]
		d.body.Reset(d.cfg.ends, d.Limits.MaxDepth)
	}
	return dst, end
}

// untaggedEOT checks whether a '<' after an untagged response's calls is an
// end-of-turn token, which ends the response's calls.
func (d *decoder) untaggedEOT(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, idx, n, held := d.MatchAt(d.cfg.prose, s, i, d.mark)
	end := i + n - held
	switch {
	case res == marker.Partial:
		return dst, len(s)
	case res == marker.None:
		return d.abandon(dst, s, end)
	case idx >= len(d.cfg.Consumed): // a block after all: no untagged response
		return d.markerAt(dst, s, end, idx)
	}
	start, mark := d.Start(), d.mark
	text := d.Text(s, end)
	d.mode = mProse
	return d.decideUntagged(dst, text, text[:mark], start), end
}

// decideUntagged reads a response that held nothing but calls: they are
// calls when every name is a requested tool.
func (d *decoder) decideUntagged(dst []toolcall.Event, text, calls string, start int) []toolcall.Event {
	items, err := Decode(calls, &d.parser, d.requested)
	if err != nil || len(items) == 0 {
		if err != nil {
			d.diagErr(err, start, "")
		}
		return d.Content(dst, text)
	}
	for _, it := range items {
		if it.Call == nil || !d.Req.IsKnownTool(it.Call.Name) {
			if it.Call != nil {
				d.Diag(toolcall.KindUnknownTool, start+it.Offset, it.Call.Name, "a call outside the tags names a tool the request does not offer")
			}
			return d.Content(dst, text)
		}
	}
	for _, it := range items {
		dst = d.Call(dst, *it.Call, start+it.Offset)
	}
	return dst
}
