package stream

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/toolcall"
)

// thinkSplitter routes text between think tags to reasoning and the rest to
// the decoder. A tag split across deltas is held, as references to the
// deltas, until the next byte decides it.
type thinkSplitter struct {
	on bool
	in bool // inside reasoning
	// maybe says the output may have begun inside reasoning: until a tag
	// of maybeSet decides, text is kept in early (references to deltas),
	// and partial is a marker's start at its end.
	maybe   bool
	tags    [2]*marker.Set
	open    string // the tag that opens reasoning
	held    []string
	heldLen int

	maybeSet *marker.Set // close, then open, then the format's call markers
	early    strings.Builder
	partial  string
	limit    int
}

func (t *thinkSplitter) init(f toolcall.Format, c *config) {
	var r toolcall.Reasoning
	if th, ok := f.(toolcall.Reasoner); ok {
		r = th.Reasoning()
	}
	open, close := r.Open, r.Close
	if c.hasThink {
		open, close = c.open, c.close
	}
	if c.inReasoning && (open == "" || close == "") {
		open, close = "<think>", "</think>"
	}
	if open == "" || close == "" {
		return
	}
	t.on = true
	t.in = c.inReasoning
	var endedBy []string
	if !c.hasThink {
		endedBy = r.EndedBy
	}
	sets := thinkSetsFor(open, close, endedBy)
	t.tags = [2]*marker.Set{sets.open, sets.closers}
	t.open = open
	if r.OpenedByPrompt && !c.inReasoning && !c.outside && !c.hasThink {
		t.maybe = true
		t.maybeSet = sets.maybe
		t.limit = c.limits.WithDefaults().MaxPending
	}
}

// thinkSets are the marker sets of one pair of think tags and the markers
// that also end reasoning: built once per distinct set of markers and
// shared by every stream that uses them, as a stream's cost to start is
// paid once per response.
type thinkSets struct {
	openText, closeText string
	endedBy             []string
	open, closers       *marker.Set
	maybe               *marker.Set // close, then open, then endedBy
}

// The cache of thinkSets holds at most thinkCacheEntries entries of at most
// thinkCacheBytes bytes of markers each: a stream whose tags do not fit
// builds its own sets.
const (
	thinkCacheEntries = 32
	thinkCacheBytes   = 256
)

var thinkCache struct {
	mu   sync.Mutex
	list atomic.Pointer[[]*thinkSets] // copied on write
}

func thinkSetsFor(open, close string, endedBy []string) *thinkSets {
	if l := thinkCache.list.Load(); l != nil {
		for _, e := range *l {
			if e.openText == open && e.closeText == close && slices.Equal(e.endedBy, endedBy) {
				return e
			}
		}
	}
	e := &thinkSets{openText: open, closeText: close, endedBy: slices.Clone(endedBy)}
	closers := append([]string{close}, e.endedBy...)
	e.open, e.closers = marker.NewSet(open), marker.NewSet(closers...)
	e.maybe = marker.NewSet(append([]string{close, open}, e.endedBy...)...)
	size := len(open) + len(close)
	for _, m := range endedBy {
		size += len(m)
	}
	if size > thinkCacheBytes {
		return e
	}
	thinkCache.mu.Lock()
	defer thinkCache.mu.Unlock()
	var l []*thinkSets
	if old := thinkCache.list.Load(); old != nil {
		l = *old
	}
	if len(l) < thinkCacheEntries {
		l = append(slices.Clip(l), e)
		thinkCache.list.Store(&l)
	}
	return e
}

// maybeSplit reads a delta while it is not known whether the output began
// inside reasoning, and returns what is left of it once that is known.
func (s *Stream) maybeSplit(delta string) (rest string, decided bool) {
	t := &s.think
	set := t.maybeSet
	i := 0
	if t.partial != "" {
		var buf [64]byte // a marker's start and the delta's first bytes: on the stack
		joined := append(append(buf[:0], t.partial...), delta[:min(len(delta), set.MaxLen())]...)
		res, idx, n := marker.Match(set, joined)
		switch res {
		case marker.Partial:
			t.keep(delta)
			t.partial = t.earlyText(0)[t.early.Len()-len(joined):] // what was kept ends with it
			return "", false
		case marker.Full:
			k := n - len(t.partial) // where the marker ends in delta
			early := t.earlyText(len(t.partial))
			if idx == 0 { // </think>: what came before was reasoning
				s.decideEarly(early, true)
				return delta[k:], true
			}
			s.decideEarly(early, false)
			return string(joined[:n]) + delta[k:], true
		}
		i = max(0, n-len(t.partial))
		t.partial = ""
	}
	for i < len(delta) {
		k := set.Index(delta[i:])
		if k < 0 {
			break
		}
		j := i + k
		res, idx, n := marker.Match(set, delta[j:])
		switch res {
		case marker.Partial:
			t.keep(delta)
			t.partial = delta[j:]
			return "", false
		case marker.Full:
			early := t.earlyText(0) + delta[:j]
			if idx == 0 {
				s.decideEarly(early, true)
				return delta[j+n:], true
			}
			s.decideEarly(early, false)
			return delta[j:], true
		}
		i = j + n
	}
	t.keep(delta)
	if t.early.Len() > t.limit { // too long to wait for: content
		s.decideEarly(t.earlyText(0), false)
		return "", true
	}
	return "", false
}

// keep holds a delta of the undecided start.
func (t *thinkSplitter) keep(delta string) { t.early.WriteString(delta) }

// earlyText is the undecided start, without its last cut bytes.
func (t *thinkSplitter) earlyText(cut int) string {
	text := t.early.String()
	return text[:len(text)-cut]
}

// decideEarly hands on the output's start as reasoning or as text for the
// decoder, and ends the undecided state.
func (s *Stream) decideEarly(text string, reasoning bool) {
	t := &s.think
	t.maybe, t.early, t.partial = false, strings.Builder{}, ""
	if reasoning {
		s.out = s.thought.add(s.out, text)
		t.in = false
		return
	}
	s.text(text)
}

// tag is the tag that would switch modes now.
func (t *thinkSplitter) tag() *marker.Set {
	if t.in {
		return t.tags[1]
	}
	return t.tags[0]
}

// emit hands text on as reasoning or to the decoder.
func (s *Stream) emit(text string) {
	if text == "" {
		return
	}
	if s.think.in {
		s.out = s.thought.add(s.out, text)
		return
	}
	s.text(text)
}

// split routes a delta.
func (s *Stream) split(delta string) {
	t := &s.think
	if !t.on {
		s.text(delta)
		return
	}
	if t.maybe {
		rest, decided := s.maybeSplit(delta)
		if !decided || rest == "" {
			return
		}
		delta = rest
	}
	i, start := 0, 0
	if len(t.held) > 0 {
		var buf [64]byte
		joined := buf[:0]
		for _, p := range t.held {
			joined = append(joined, p...)
		}
		joined = append(joined, delta[:min(len(delta), t.tag().MaxLen())]...)
		res, idx, n := marker.Match(t.tag(), joined)
		if res == marker.Partial {
			t.held = append(t.held, delta)
			t.heldLen += len(delta)
			return
		}
		held := t.held
		i = n - t.heldLen // where the tag, or the text that is no tag, ends in delta
		t.held, t.heldLen = t.held[:0], 0
		switch {
		case res == marker.Full && t.in && idx > 0: // a call opens: reasoning ends, the marker is text
			t.in = false
			for _, p := range held {
				s.emit(p)
			}
		case res == marker.Full && !s.taggedData():
			t.in = !t.in
			start = i
		default:
			for _, p := range held { // not a tag: text, and the delta's part of it too
				s.emit(p)
			}
		}
	}
	// Hand text on in runs as long as possible: the decoder reads a long
	// call best in one piece.
	for i < len(delta) {
		k := t.tag().Index(delta[i:])
		if k < 0 {
			break
		}
		j := i + k
		res, idx, n := marker.Match(t.tag(), delta[j:])
		switch {
		case res == marker.Full && t.in && idx > 0: // a call opens: reasoning ends, the marker is text
			s.emit(delta[start:j])
			start = j
			t.in = false
		case res == marker.Partial:
			s.emit(delta[start:j])
			t.held = append(t.held[:0], delta[j:])
			t.heldLen = len(delta) - j
			return
		case res == marker.Full:
			s.emit(delta[start:j])
			start = j
			if !s.taggedData() {
				t.in = !t.in
				start = j + n
			}
		}
		i = j + n
	}
	s.emit(delta[start:])
}

// taggedData reports whether a think tag found now is data: an opening tag
// while the decoder is inside a call candidate (a string argument that
// holds "<think>" must stay in the call).
func (s *Stream) taggedData() bool {
	if s.think.in || s.dec == nil {
		return false
	}
	return s.rep != nil && s.rep.InCandidate()
}

// endSplit hands on a tag fragment held at the end of the response as text.
func (s *Stream) endSplit() {
	t := &s.think
	if t.maybe { // the response ended undecided: content
		s.decideEarly(t.earlyText(0), false)
		return
	}
	held := t.held
	t.held, t.heldLen = nil, 0
	for _, p := range held {
		s.emit(p)
	}
}
