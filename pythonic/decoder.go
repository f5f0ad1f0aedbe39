package pythonic

import (
	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/prose"
	"github.com/toolparse/toolparse/toolcall"
	"strings"
)

// endOfTurn are the end-of-turn tokens that servers often leave in the text;
// the format consumes them wherever they stand.
var endOfTurn = marker.NewSet("<end_of_turn>", "<|eot_id|>", "<|eot|>", "<|im_end|>", "<|endoftext|>", "</s>")

// startsSomething marks the bytes that may start a marker or a call list.
var startsSomething = [256]bool{'[': true, '<': true}

type mode uint8

const (
	inProse     mode = iota
	inMarker         // a possible end-of-turn token
	inHead           // a possible call list: '[' name '('
	inCandidate      // a call list, until its brackets close
)

// decoder is the incremental state of one response in the pythonic format.
// Text that is still undecided (a partial marker, a list head, an open list)
// is the pending item: it starts at pendOff in the response; its bytes from
// earlier deltas are in pend, those of the current delta start at mark.
// pend is a strings.Builder so that a long call's text becomes a string for
// the parser without another copy.
type decoder struct {
	req    *toolcall.Request
	limits toolcall.Limits
	parser Parser
	params map[string][]string

	mode    mode
	head    listHead
	rec     Recognizer
	off     int             // offset in the response of the current delta
	pend    strings.Builder // the pending item's bytes from earlier deltas
	pendOff int
	mark    int           // start of the pending item in the current delta, or -1 when it began earlier
	opening bool          // the pending list opens the response
	said    prose.Tracker // prose or a call list came before: later lists are not opening
	diags   []toolcall.Diagnostic
}

func newDecoder(req *toolcall.Request) *decoder {
	d := &decoder{req: req, limits: toolcall.Limits{}.WithDefaults()}
	d.parser = Parser{MaxDepth: d.limits.MaxDepth, Params: d.paramsOf}
	return d
}

// SetLimits implements toolcall.Limiter.
func (d *decoder) SetLimits(l toolcall.Limits) {
	d.limits = l.WithDefaults()
	d.parser.MaxDepth = d.limits.MaxDepth
}

// Diagnostics implements toolcall.Diagnoser.
func (d *decoder) Diagnostics() []toolcall.Diagnostic { return d.diags }

// paramsOf returns the declared parameters of the tool a call names, for
// positional arguments.
func (d *decoder) paramsOf(name string) []string {
	i := toolcall.MatchTool(d.req.Tools, name)
	if i < 0 {
		return nil
	}
	tool := d.req.Tools[i].Name
	if p, ok := d.params[tool]; ok {
		return p
	}
	if d.params == nil {
		d.params = make(map[string][]string)
	}
	p := jsonkeys.Properties(d.req.Tools[i].Parameters)
	d.params[tool] = p
	return p
}

// Feed implements toolcall.Decoder.
func (d *decoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	d.mark = -1
	if d.mode == inCandidate && d.pendingLen(s, len(s)) <= d.limits.MaxPending {
		// The hot path of a long call: the delta only extends the list.
		if n, st := d.rec.Feed(s); st == Open {
			d.hold(s)
			d.off += len(s)
			return dst
		} else {
			dst, i := d.closed(dst, s, n, st)
			return d.feed(dst, s, i)
		}
	}
	return d.feed(dst, s, 0)
}

func (d *decoder) feed(dst []toolcall.Event, s string, i int) []toolcall.Event {
	for i < len(s) {
		switch d.mode {
		case inProse:
			dst, i = d.prose(dst, s, i)
		case inMarker:
			dst, i = d.marker(dst, s, i)
		case inHead:
			dst, i = d.listHead(dst, s, i)
		case inCandidate:
			dst, i = d.candidate(dst, s, i)
		}
	}
	if d.mode != inProse {
		if d.mark >= 0 {
			d.pend.Reset()
			d.pend.WriteString(s[d.mark:])
		} else {
			d.hold(s)
		}
	}
	d.off += len(s)
	return dst
}

// Close implements toolcall.Decoder: a pending item that never completed is
// content, verbatim.
func (d *decoder) Close(dst []toolcall.Event) []toolcall.Event {
	if d.mode != inProse {
		text := d.pend.String()
		if d.mode == inCandidate {
			d.diag(toolcall.KindSyntax, d.pendOff+len(text), "", "the call list is not closed at the end of the response")
		}
		dst = d.content(dst, text)
		d.reset()
	}
	return dst
}

// prose emits text up to the next byte that may start a marker or a list.
func (d *decoder) prose(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	j := i
	for j < len(s) && !startsSomething[s[j]] {
		j++
	}
	if j == len(s) {
		return d.content(dst, s[i:]), len(s)
	}
	dst = d.content(dst, s[i:j])
	d.begin(j)
	if s[j] == '<' {
		d.mode = inMarker
	} else {
		d.mode = inHead
		d.head = listHead{}
		d.opening = !d.said.Spoke()
	}
	return dst, j
}

// hold appends a delta to the pending item, doubling its buffer when full
// (append alone grows large buffers by a quarter, which copies a long call
// several times over).
func (d *decoder) hold(s string) {
	if d.pend.Len()+len(s) > d.pend.Cap() {
		d.pend.Grow(max(d.pend.Cap(), len(s), 64))
	}
	d.pend.WriteString(s)
}

// begin makes the pending item start at s[j] of the current delta.
func (d *decoder) begin(j int) {
	d.mark = j
	d.pendOff = d.off + j
}

// reset ends the pending item and returns to prose.
func (d *decoder) reset() {
	d.mode = inProse
	d.pend.Reset()
	d.mark = -1
}

// pending returns the pending item's text through s[:i].
func (d *decoder) pending(s string, i int) string {
	if d.mark >= 0 {
		return s[d.mark:i]
	}
	d.pend.WriteString(s[:i])
	return d.pend.String()
}

// pendingLen is the length of the pending item through s[:i].
func (d *decoder) pendingLen(s string, i int) int {
	if d.mark >= 0 {
		return i - d.mark
	}
	return d.pend.Len() + i
}

func (d *decoder) marker(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if d.mark >= 0 {
		res, _, n := marker.Match(endOfTurn, s[d.mark:])
		switch res {
		case marker.Full:
			d.reset()
			return dst, i + n
		case marker.Partial:
			return dst, len(s)
		}
		dst = d.content(dst, s[d.mark:d.mark+n])
		d.reset()
		return dst, i + n
	}
	// The marker began in an earlier delta: match on the held bytes plus
	// enough of this delta to decide.
	var buf [64]byte
	joined := append(append(buf[:0], d.pend.String()...), s[:min(len(s), endOfTurn.MaxLen())]...)
	held := d.pend.Len()
	res, _, n := marker.Match(endOfTurn, joined)
	switch res {
	case marker.Full:
		d.reset()
		return dst, n - held
	case marker.Partial:
		return dst, len(s)
	}
	dst = d.content(dst, string(joined[:n]))
	d.reset()
	return dst, n - held
}

func (d *decoder) listHead(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	end := min(len(s), i+d.limits.MaxPending-d.pendingLen(s, i))
	res, n := d.head.feed(s[i:end])
	switch res {
	case marker.Partial:
		if end == len(s) {
			return dst, len(s)
		}
		d.diag(toolcall.KindLimit, d.pendOff, "", "a pending call list passed the size limit")
		n = end - i
		fallthrough
	case marker.None:
		dst = d.content(dst, d.pending(s, i+n))
		d.reset()
		return dst, i + n
	}
	d.mode = inCandidate
	d.rec.Reset(d.limits.MaxDepth)
	d.rec.Feed("[(") // the head's brackets; nothing else in it is structural
	return dst, i + n
}

func (d *decoder) candidate(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	// The candidate may take at most MaxPending bytes. Cutting the scan there,
	// rather than checking after a delta, makes the outcome the same for
	// every split of the input.
	end := min(len(s), i+d.limits.MaxPending-d.pendingLen(s, i))
	n, st := d.rec.Feed(s[i:end])
	return d.closed(dst, s, i+n, st)
}

// closed acts on the recognizer's verdict on the candidate that ends at
// s[:i]: nothing yet, a closed list to decide, or content.
func (d *decoder) closed(dst []toolcall.Event, s string, i int, st Status) ([]toolcall.Event, int) {
	switch st {
	case Open:
		if i == len(s) {
			return dst, i
		}
		d.diag(toolcall.KindLimit, d.pendOff, "", "a pending call list passed the size limit")
		dst = d.content(dst, d.pending(s, i))
	case Closed:
		dst = d.decide(dst, d.pending(s, i))
	case Mismatch:
		d.diag(toolcall.KindSyntax, d.off+i-1, "", "a closing bracket does not match")
		dst = d.content(dst, d.pending(s, i))
	case TooDeep:
		d.diag(toolcall.KindLimit, d.off+i-1, "", "a call list nested too deep")
		dst = d.content(dst, d.pending(s, i))
	}
	d.reset()
	return dst, i
}

// decide parses a closed call list: calls go out, elements that did not
// parse become content, and a list that is not calls at all is content.
func (d *decoder) decide(dst []toolcall.Event, text string) []toolcall.Event {
	elems, err := d.parser.ParseList(text)
	if err != nil {
		se := err.(*SyntaxError)
		kind := toolcall.KindSyntax
		if se.Msg == ErrTooDeep {
			kind = toolcall.KindLimit
		}
		d.diag(kind, d.pendOff+se.Offset, "", se.Msg)
		return d.content(dst, text)
	}
	if !d.opening {
		for _, el := range elems {
			if !d.req.IsKnownTool(el.Call.Name) {
				d.diag(toolcall.KindUnknownTool, d.pendOff+el.Start, el.Call.Name, "a call list in prose names a tool the request does not offer")
				return d.content(dst, text)
			}
		}
	}
	d.said.Say()
	for _, el := range elems {
		if el.Err != nil {
			d.diag(toolcall.KindSyntax, d.pendOff+el.Err.Offset, el.Call.Name, el.Err.Msg)
			dst = d.content(dst, text[el.Start:el.End])
			continue
		}
		c := el.Call
		dst = append(dst, toolcall.Event{Call: &c})
	}
	return dst
}

func (d *decoder) content(dst []toolcall.Event, text string) []toolcall.Event {
	if text == "" {
		return dst
	}
	d.said.Note(text)
	return append(dst, toolcall.Event{Content: text})
}

func (d *decoder) diag(kind string, off int, call, msg string) {
	d.diags = append(d.diags, toolcall.Diagnostic{Kind: kind, Offset: off, Call: call, Message: msg})
}
