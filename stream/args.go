package stream

import (
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/toolcall"
)

// argState is what argument streaming keeps, made by New when it is on.
type argState struct {
	queue []*started // calls the decoder started and has not ended
	fed   []*started // started calls whose arguments grew in this Feed
	// fragPool holds the CallDeltas of fragment events, reused by every
	// Feed; frags of them are in use.
	fragPool []*toolcall.CallDelta
	frags    int
}

// Argument streaming (WithArgumentStreaming).
//
// A decoder told to (protocol.Config.StreamArguments) starts each call it
// reads with a CallStarted delta and follows it with fragments of the
// arguments as written. The stream keeps one started entry per call not
// yet ended, oldest first, and announces the oldest once every call before
// it is decided, so its Index is final: then the policy decides from what
// comes before it and its name (the selector's Peek). When every call is
// kept whatever comes before it, a later call is announced at once, its
// Index counting the open calls before it; if one of those is withdrawn,
// the later ones are withdrawn too and come whole (see shift). A call the policy
// or tool_choice would drop is never announced; one the policy cannot
// judge by its name alone (an edit after edits, under independent) is
// announced when it is complete. Fragments pass through a schema.Prefix,
// so that only text coercion cannot change goes out, at most one event per
// call per Feed. When the call completes, the rest of its coerced
// arguments goes out, then the Call event. A call that ends otherwise (a
// syntax error, a list that is prose after all) is retracted.
//
// What was sent is checked against the complete call: should they ever
// disagree, the call is retracted and announced again, whole, under the
// same Index (with a diagnostic of kind "stream"), so the promise that the
// fragments concatenate to the Call's Arguments holds whatever a decoder
// does.

// started is a call a decoder started and has not ended.
type started struct {
	name      string // as the decoder wrote it
	id        string // the model's, if any
	raw       strings.Builder
	announced *toolcall.CallDelta // nil until announced
	hold      bool                // the policy needs the whole call: nothing streams
	drop      bool                // the policy or tool_choice drops it: nothing streams
	prefix    *schema.Prefix
	// sent holds the coerced text sent, and at its end what is pending
	// for this Feed's fragment, from flushed on. It only grows, never
	// written again, so fragments are views of it.
	sent    []byte
	flushed int
	fed     bool // in Stream.fed: its sent grew in this Feed
	ended   bool // the decoder ended it: nothing more is flushed
}

// WithArgumentStreaming turns argument streaming on: each call is
// announced (an Event whose Delta is CallStarted: its Index, ID and Name)
// as soon as its name is read and the policy can decide it, its arguments
// follow in pieces (ArgumentsFragment deltas: at most one per call per
// Feed, of 32 bytes or more but the last, so a client is not sent a chunk
// per token), and its Call event, which carries the whole arguments as
// without the option, says it is done. The fragments of a call
// concatenate to its Arguments byte for byte, coercion included: a string
// whose schema type is string streams as it arrives, any other value once
// complete. A call announced that turns out not to be a call (its text
// does not parse, after all) is withdrawn with a CallRetracted delta;
// discard what arrived for its Index, which the next call takes. A call no
// reader could follow is announced when complete, so every call is
// announced. Without the option the events are exactly those of earlier
// versions.
func WithArgumentStreaming() Option {
	return func(c *config) { c.streamArgs = true }
}

// delta follows a step of a call the decoder reports.
func (s *Stream) delta(d *toolcall.CallDelta) {
	switch d.Kind {
	case toolcall.CallStarted:
		s.startCall(d)
	case toolcall.ArgumentsFragment:
		s.fragment(d.Arguments)
	case toolcall.CallRetracted:
		s.withdraw()
	}
}

// startCall notes a call the decoder began: the oldest is announced at
// once, and so is a later one when every call is kept whatever comes
// before it and the calls before it are announced (a list's second call
// while the list is open).
func (s *Stream) startCall(d *toolcall.CallDelta) {
	e := &started{name: d.Name, id: d.ID}
	s.args.queue = append(s.args.queue, e)
	if n := len(s.args.queue); n == 1 || s.keepsAll() && s.args.queue[n-2].announced != nil {
		s.announce(e, n-1)
	}
}

// keepsAll reports whether every call is kept whatever comes before it:
// the policy keeps all, parallel calls are allowed and tool_choice names
// no tool.
func (s *Stream) keepsAll() bool { return s.named == "" && s.req.Parallel() && s.sel.KeepsAll() }

// shift deals with the calls announced after one that was withdrawn: their
// Index is one too high, so each is withdrawn too and comes whole when
// complete. (Announcing them anew could repeat for every call withdrawn
// before them: a quadratic number of events.)
func (s *Stream) shift() {
	for k, e := range s.args.queue {
		if e.announced == nil {
			return
		}
		if e.announced.Index != int(s.calls)+k {
			s.retract(e)
			e.hold = true
		}
	}
}

// fragment passes a piece of the latest started call's arguments on.
func (s *Stream) fragment(text string) {
	if len(s.args.queue) == 0 {
		return
	}
	s.feedEntry(s.args.queue[len(s.args.queue)-1], text)
}

// feedEntry passes a piece of e's arguments on.
func (s *Stream) feedEntry(e *started, text string) {
	switch {
	case e.drop || e.hold:
	case e.announced == nil:
		e.raw.WriteString(text) // until the calls before it are decided
	default:
		e.sent = e.prefix.Append(e.sent, text)
		if !e.fed && len(e.sent) > e.flushed {
			e.fed = true
			s.args.fed = append(s.args.fed, e)
		}
	}
}

// announce decides the started call e, at position at of the queue, now
// that every call before it is decided, and announces it if it is kept.
func (s *Stream) announce(e *started, at int) {
	name := e.name
	var sch *schema.Schema // none for a tool the request does not offer
	if i := s.req.Match(name); i >= 0 {
		name, sch = s.req.Tools[i].Name, schema.Of(&s.req, i)
	}
	keep, decided := true, true
	switch {
	case s.named != "" && (!toolcall.SameName(name, s.named) || s.calls > 0):
		keep = false
	case s.calls > 0 && !s.req.Parallel():
		keep = false
	default:
		keep, decided = s.sel.Peek(name)
	}
	if !decided {
		e.hold = true
		return
	}
	if !keep {
		e.drop = true
		return
	}
	index := int(s.calls) + at // the calls before it in the queue are announced, and open
	c := &toolcall.CallDelta{Kind: toolcall.CallStarted, Index: index, Name: name}
	c.ID = s.callID(toolcall.Call{Index: index, Name: name, ID: e.id})
	e.announced = c
	e.prefix = sch.NewPrefix()
	s.out = append(s.out, toolcall.Event{Delta: c})
	if e.raw.Len() > 0 {
		raw := e.raw.String()
		e.raw = strings.Builder{}
		s.feedEntry(e, raw)
	}
}

// endStarted ends the oldest started call: the decoder's Call event (c) or
// Retract (c nil). It returns the entry, or nil when none was started.
func (s *Stream) endStarted() *started {
	if len(s.args.queue) == 0 {
		return nil
	}
	e := s.args.queue[0]
	s.args.queue[0] = nil
	s.args.queue = s.args.queue[1:]
	e.ended = true
	return e
}

// next announces the call that is now the oldest started one.
func (s *Stream) next() {
	if len(s.args.queue) > 0 && s.args.queue[0].announced == nil && !s.args.queue[0].hold && !s.args.queue[0].drop {
		s.announce(s.args.queue[0], 0)
	}
}

// withdraw ends the oldest started call, which will not be a call.
func (s *Stream) withdraw() {
	s.retract(s.endStarted())
	s.shift()
	s.next()
}

// retract withdraws an announced call.
func (s *Stream) retract(e *started) {
	if e != nil && e.announced != nil {
		r := *e.announced
		s.seenIDs.remove(r.ID) // the index and its ID are free again
		r.Kind = toolcall.CallRetracted
		s.out = append(s.out, toolcall.Event{Delta: &r})
		e.announced = nil
	}
}

// streamedCall hands on the complete call c, whose started entry is e (or
// nil): the rest of its arguments, then the call.
func (s *Stream) streamedCall(e *started, c *toolcall.Call) {
	if e != nil && e.announced != nil {
		if e.announced.Name == c.Name && strings.HasPrefix(c.Arguments, view(e.sent)) {
			if rest := c.Arguments[e.flushed:]; rest != "" { // what is pending, and the rest
				s.out = append(s.out, s.fragmentEvent(c.Index, rest))
			}
			s.out = append(s.out, toolcall.Event{Call: c})
			return
		}
		// The decoder told a start that is not this call's: a net that
		// keeps the promise, at the price of a retraction.
		s.retract(e)
		s.diag(toolcall.KindStream, c.Name, "the arguments streamed are not the call's: it was withdrawn and sent again whole")
	}
	s.out = append(s.out, toolcall.Event{Delta: &toolcall.CallDelta{Kind: toolcall.CallStarted, Index: c.Index, ID: c.ID, Name: c.Name}})
	if c.Arguments != "" {
		s.out = append(s.out, s.fragmentEvent(c.Index, c.Arguments))
	}
	s.out = append(s.out, toolcall.Event{Call: c})
}

// flushFragment sends what e has pending as one fragment.
func (s *Stream) flushFragment(e *started) {
	if e.announced != nil && len(e.sent) > e.flushed {
		s.out = append(s.out, s.fragmentEvent(e.announced.Index, view(e.sent[e.flushed:])))
		e.flushed = len(e.sent)
	}
}

// minFragment is the least a fragment holds, but the last of a call: a
// fragment a token would cost a client more than it shows.
const minFragment = 32

// flushFragments sends, at the end of a Feed, what the started calls fed
// in it have pending, once it is minFragment bytes or more. Only those:
// the pending text of the others has not changed since the last Feed, when
// it was under minFragment, so a list of many open calls costs nothing per
// Feed for the calls the Feed did not touch.
func (s *Stream) flushFragments() {
	if s.args == nil {
		return
	}
	for i, e := range s.args.fed {
		e.fed = false
		if !e.ended && len(e.sent)-e.flushed >= minFragment {
			s.flushFragment(e)
		}
		s.args.fed[i] = nil
	}
	s.args.fed = s.args.fed[:0]
}

// view returns b as a string without a copy: b is never written again.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// fragmentEvent returns the event of a fragment of the arguments of the
// call at index. Its CallDelta is the stream's, valid until the next Feed
// or Close, like the slice of events it is in.
func (s *Stream) fragmentEvent(index int, text string) toolcall.Event {
	if s.args.frags == len(s.args.fragPool) {
		s.args.fragPool = append(s.args.fragPool, new(toolcall.CallDelta))
	}
	d := s.args.fragPool[s.args.frags]
	s.args.frags++
	*d = toolcall.CallDelta{Kind: toolcall.ArgumentsFragment, Index: index, Arguments: text}
	return toolcall.Event{Delta: d}
}
