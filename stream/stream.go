// Package stream turns a model's text deltas into prose and tool calls while
// the response streams. It is the one place where a format's decoder, tool
// name matching, tool_choice and parallel_tool_calls meet.
//
// A gateway creates one Stream per response, calls Feed with every text delta
// and Close at the end, and forwards the events. Parse does the same for a
// whole response, so streaming and non-streaming results agree by
// construction: for every split of a text, the content events concatenate to
// Parse's Content and the calls are the same calls in the same order.
//
// What the stream promises:
//   - content is the prose outside calls, verbatim, with the whitespace at its
//     very start and end removed; a run of whitespace is held until prose
//     follows it (then it goes out as it came) or the response ends (then it
//     is dropped);
//   - no content event ends inside a UTF-8 sequence: trailing incomplete bytes
//     wait for the next delta (and go out as they are at Close);
//   - reasoning between think tags (WithThinkTags, StartInReasoning, or the
//     format's own tags) goes out as Reasoning events under the same
//     whitespace and UTF-8 rules; nothing inside it is a call; a missing
//     closing tag means the rest was reasoning. An opening tag inside a call
//     candidate (protocol.Reporter's InCandidate: a block, a list, a tag not yet
//     closed) is data; decoder diagnostics count offsets in the text the
//     decoder was given; for formats whose templates may open reasoning in
//     the prompt (toolcall.Reasoning's OpenedByPrompt), the output's start is held
//     until it shows which (see StartOutsideReasoning);
//   - each call is handed on whole, with its name matched to the requested
//     tool's spelling, its arguments coerced to the tool's JSON Schema and
//     validated (package schema; violations are diagnostics of kind
//     "schema"), an Index counting from 0 and an ID;
//   - tool_choice "none" turns parsing off: everything is content;
//     a named tool_choice keeps only the first call to that tool;
//     parallel_tool_calls false keeps only the first call; then the policy
//     decides (package policy; WithPolicy); each dropped call is reported as
//     a Diagnostic of kind "policy", never turned into content;
//   - a call identical (name and arguments) to an earlier call of the
//     response is dropped when content other than a call list's separators
//     (whitespace, ',', ';', brackets, parentheses) stands between them:
//     models repeat their calls in the explanation after them; it is
//     reported as a diagnostic of kind "policy". After a next turn the
//     model runs on into, written after prose (a line that is "### Instruction"
//     or "### Instruction:", a line that begins "User:",
//     "<|im_start|>assistant" or "<|start_header_id|>assistant<|end_header_id|>"),
//     the shipped formats read no call without their own markers: its
//     text stays content. A call in the format's markers is still a call,
//     and a heading that only begins so ("### Instructions for the trip")
//     is prose;
//   - a call to a name no requested tool matches is still returned when its
//     format accepted it (a list that opens the response, or a call inside an
//     explicit marker), with a Diagnostic of kind "unknown_tool";
//   - with WithArgumentStreaming, each call is also announced as soon as its
//     name is read and the policy can decide it, and its arguments follow in
//     pieces that concatenate to the Arguments of its Call event (coercion
//     included); a call announced that turns out not to be one is
//     retracted. Parse gives the same calls and content with the option as
//     without.
//
// Feed and Close return a slice owned by the Stream, valid until the next
// call; on the prose path in steady state they allocate nothing.
//
// A decoder may say, after each Feed, which of the next bytes it reads
// without a trace (protocol.Quiet: inside a string argument, any byte but
// its unescaped quote). While the think tags leave text to the decoder and
// no call streams its arguments, the stream then keeps such deltas (but
// outside a call, none that completes the tag that opens reasoning) of up
// to 128 bytes, in buffers of up to 16 KiB, and hands them to the decoder
// with the first delta that is not one (or at Close, or when a buffer is
// full), in one Feed; where the decoder reads what follows an end apart
// from it (Quiet.Apart), in two: through the end, then the rest of that
// delta, which what the decoder says next may keep again. Each Feed returns
// exactly the events it would have returned otherwise: the kept deltas'
// Feeds return none, as the decoder's would have. A long argument streamed
// token by token then costs the decoder about one parse of it, not one
// Feed a token.
package stream

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/clip"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/internal/selection"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/toolcall"
)

// Option configures a Stream.
type Option func(*config)

type config struct {
	ids         func(toolcall.Call) string // the caller's (WithIDs), or nil
	limits      toolcall.Limits
	policy      policy.Policy
	open, close string
	hasThink    bool
	inReasoning bool
	outside     bool // the prompt did not open reasoning
	streamArgs  bool // WithArgumentStreaming
	loud        bool // every delta goes to the decoder (a test compares)
}

// settings are what of the options a stream reads after New.
type settings struct {
	ids        func(toolcall.Call) string
	limits     toolcall.Limits
	streamArgs bool
	loud       bool
}

// WithThinkTags turns reasoning on with the given tags: text between open
// and close is reasoning (Event.Reasoning, Result.Reasoning), never content
// and never calls. Empty tags turn it off. Without this option the format's
// own tags apply (toolcall.Reasoner: <think> and </think> for lfm2 and olmo3;
// none for llama4 and pythonic).
func WithThinkTags(open, close string) Option {
	return func(c *config) { c.open, c.close, c.hasThink = open, close, true }
}

// StartInReasoning says the prompt already opened the reasoning tag (as
// LFM2.5's template does), so the output begins inside reasoning. With no
// tags from WithThinkTags or the format, <think> and </think> are used.
func StartInReasoning() Option {
	return func(c *config) { c.inReasoning = true }
}

// StartOutsideReasoning says the prompt did not open the reasoning tag. It
// matters for formats whose most served template opens it
// (toolcall.Reasoning's OpenedByPrompt: deepseek, glm45): without either
// option their output is held from the start until it shows which it is:
// a </think> makes the text before it reasoning; a <think>, the format's
// call marker, the pending-size limit or the end of the response make it
// content. A gateway that knows whether its prompt opened reasoning should
// say so (ForPrompt does, from the prompt a RenderPrompt wrote), so that
// nothing is held.
func StartOutsideReasoning() Option {
	return func(c *config) { c.outside = true }
}

// ForPrompt tells the stream what the prompt the model answers left
// open: StartInReasoning when p.InReasoning, else StartOutsideReasoning.
// Every format's RenderPrompt returns the Prompt to pass, so a gateway
// that renders the prompt itself streams the answer from its first byte
// without knowing the template.
func ForPrompt(p toolcall.Prompt) Option {
	return func(c *config) { c.inReasoning, c.outside = p.InReasoning, !p.InReasoning }
}

// WithPolicy sets which calls of a parallel list are returned. Without it,
// or when p.Mode is empty, the format's default mode applies (independent
// for llama4, all for the others). The stream reads no environment: a
// gateway that wants the LLAMA4_* variables reads them into a Policy, as
// the gateway example does, and passes it here.
func WithPolicy(p policy.Policy) Option {
	return func(c *config) { c.policy = p }
}

// WithIDs sets how call IDs are made: next gets the call as it will be
// handed on, its Index and Name set, and its ID the one the model wrote in
// the text (Kimi K2's functions.NAME:IDX, Mistral's [CALL_ID]) or "". With
// argument streaming a call's ID is made when it is announced, before its
// arguments are known: next then gets no Arguments. By
// default a call keeps the model's ID; otherwise the format makes one where
// it has a style of its own (a Format with a method NewCallID(toolcall.Call)
// string: Mistral's 9 letters and digits), and else it is "call_" and 24
// random letters and digits.
//
// A model's ID is kept only when it has the shape of one (1 to 128
// letters, digits, '_', '-', '.' and ':', as Kimi K2's and Mistral's are)
// and no earlier call of the response has it: otherwise next gets the
// call without it (ID ""), and a diagnostic of kind "syntax" says so. The
// IDs the default makes are unique within a response too.
//
// (Before this version next got only the call's index: wrap such a
// function as func(c toolcall.Call) string { return old(c.Index) }.)
func WithIDs(next func(c toolcall.Call) string) Option {
	return func(c *config) { c.ids = next }
}

// WithLimits sets the decoder's limits: the largest pending candidate in
// bytes, the deepest bracket nesting, the diagnostics kept and the calls
// one response hands on. Zero fields keep their defaults (1 MiB, 256,
// 1,000 and 1,024). Past a limit the candidate is content and a Diagnostic
// of kind "limit" says so; past the calls' limit (a candidate whose calls
// would pass it, or any text once that many calls were handed on), so is
// the rest of the response, in the shipped formats: a response of a
// million tiny calls costs what its text does.
func WithLimits(l toolcall.Limits) Option {
	return func(c *config) { c.limits = l }
}

// Stream is the parsing state of one response. It is not safe for concurrent
// use.
type Stream struct {
	// A Stream is allocated once per response: its fields are kept within
	// 760 bytes, the 768-byte size class less the allocator's header.
	dec toolcall.Decoder
	rep protocol.Reporter // dec, when it tells what it knows
	req toolcall.Request
	// validation is what validating this response's calls may still
	// spend beyond each call's own allowance.
	validation schema.Budget
	seenIDs    idSet       // the IDs handed on (or announced) in this response
	idGen      idGen       // random call IDs
	idMaker    callIDMaker // the format's style of call ID, if it has one
	turns      turns       // next turns and repeats
	cfg        settings
	named      string // a named tool_choice
	none       bool   // tool_choice "none": everything is content
	closed     bool
	escaped    bool  // the last byte kept is an unpaired Escape
	watch      bool  // the bytes kept are handed on where they complete the think open tag
	skip       uint8 // with a Prefix quiet: how many bytes of its ends the think splitter holds
	seen       int32 // decoder diagnostics copied into diags

	sel      *selection.Selector
	raw      []toolcall.Event // the decoder's events for the current call
	out      []toolcall.Event // what Feed and Close return
	prose    shaper           // content
	thought  shaper           // reasoning
	think    thinkSplitter    // routes <think> ... </think> to reasoning
	calls    int32            // calls returned so far
	decCalls int32            // calls the decoder handed on so far
	callOff  int              // where the call being handed on starts, or -1
	diags    []toolcall.Diagnostic

	args *argState // argument streaming's, when it is on

	// Deltas the decoder reads without a trace (protocol.Quiet) are kept
	// here, to be handed to it with the next delta that is not one. kept
	// only grows: what went to the decoder, kept[:handed], is never
	// written again, as the decoder may hold on to it.
	room   int32 // how many more bytes may be kept now; 0: none (escaped says more)
	handed int32
	kept   []byte
	quiet  protocol.Quiet
}

// New returns a Stream that parses one response in format f for req. A nil
// format parses nothing: everything is content, with a diagnostic.
func New(f toolcall.Format, req toolcall.Request, opts ...Option) *Stream {
	s := &Stream{req: req}
	s.init(f, opts)
	return s
}

func (s *Stream) init(f toolcall.Format, opts []Option) {
	s.validation = *schema.NewBudget()
	if !s.req.Indexed() { // once per request: tools are found by lookup, schemas compiled once
		s.req.Index()
	}
	req := s.req
	var c config
	if len(opts) > 0 { // the options see a config of their own, which escapes
		pc := new(config)
		for _, o := range opts {
			o(pc)
		}
		c = *pc
	}
	c.limits = c.limits.WithDefaults()
	s.cfg = settings{ids: c.ids, limits: c.limits, streamArgs: c.streamArgs, loud: c.loud}
	if c.streamArgs {
		s.args = new(argState)
	}
	s.idMaker, _ = f.(callIDMaker)
	switch req.ToolChoice {
	case "", "auto", "required":
	case "none":
		s.none = true
	default:
		s.named = req.ToolChoice
	}
	pol := policyFor(f, c.policy)
	s.sel = selection.NewSelector(pol.Mode, pol.ReadOnly, pol.Edit)
	s.thought.reasoning = true
	s.think.init(f, &c)
	if f == nil {
		s.none = true
		s.diag(toolcall.KindSyntax, "", "the stream has no format: everything is content")
	}
	if !s.none {
		s.dec = f.NewDecoder(&s.req)
		if s.dec == nil {
			s.none = true
			s.diag(toolcall.KindSyntax, "", "the format gave no decoder: everything is content")
			return
		}
		if s.rep, _ = s.dec.(protocol.Reporter); s.rep != nil {
			s.rep.Configure(protocol.Config{Limits: s.cfg.limits.WithDefaults(), StreamArguments: s.cfg.streamArgs, Quiet: &s.quiet})
		}
	}

}

// policyFor returns the policy for format f: the stream's own, p, with
// the format's default mode where it names none.
func policyFor(f toolcall.Format, p policy.Policy) policy.Policy {
	if p.Mode != "" {
		return p
	}
	p.Mode = policy.All
	if defaulter, ok := f.(policy.Defaulter); ok {
		if m, err := policy.ParseMode(string(defaulter.DefaultPolicy())); err == nil {
			p.Mode = m
		}
	}
	return p
}

// Feed parses the next delta of the response and returns what can be handed
// on now. The slice is owned by s and valid until the next call. Within one
// Feed, text goes out as one event per stretch of one kind (content, or
// reasoning between think tags); whitespace held from earlier deltas may
// come as an event of its own just before, so that prose is never copied.
// An empty delta costs O(1). A zero Stream is one with no format.
func (s *Stream) Feed(delta string) []toolcall.Event {
	s.out = s.out[:0]
	if s.args != nil {
		s.args.frags = 0
	}
	if s.closed || delta == "" {
		return s.out
	}
	var rest string
	if s.room > 0 { // the decoder said which bytes it reads without a trace
		switch cut := s.keep(delta); {
		case cut == 0:
			return s.out
		case cut < len(delta): // an end read apart from what follows it (protocol.Quiet.Apart)
			delta, rest = delta[:cut], delta[cut:]
		}
		delta = s.withKept(delta)
	}
	for {
		s.ready()
		s.split(delta)
		if s.args != nil && len(s.args.fed) > 0 {
			s.flushFragments()
		}
		s.listen()
		// The bytes after an end read apart go on as a delta of their own,
		// under what the decoder says next. Once only: they go on whole
		// when a byte in them matters, so that a delta costs the decoder
		// at most two Feeds.
		if rest == "" || s.room > 0 && s.keep(rest) == 0 {
			return s.done()
		}
		delta, rest = s.withKept(rest), ""
	}
}

// done ends a Feed: it returns what the Feed hands on, a stretch of text
// of one kind as one event.
func (s *Stream) done() []toolcall.Event {
	if len(s.out) > 1 { // one event has nothing to join
		s.coalesce()
	}
	return s.out
}

// keep keeps delta for the decoder, when the decoder said it reads it
// without a trace (protocol.Quiet), and returns 0 when it did. Else it
// returns how many of its bytes go to the decoder now, with those kept:
// through the byte that matters, when one is known to.
func (s *Stream) keep(delta string) int {
	if len(delta) >= int(s.room) || len(delta) > maxKept { // room stays above 0 while bytes are kept
		return len(delta)
	}
	n := len(s.kept)
	if cap(s.kept)-n < len(delta)+maxKept { // room for the delta that hands them on
		if int(s.handed) < n {
			return len(delta) // full: this delta hands on what it holds
		}
		// A new buffer: the decoder may hold on to the old one's bytes.
		s.kept, s.handed, n = make([]byte, 0, min(max(2*cap(s.kept), minKeep), maxKeep)), 0, 0
	}
	// The bytes go in past the kept ones as they are looked at; they count
	// once the whole delta is known to be quiet.
	stop, esc, buf := s.quiet.Stop, s.quiet.Escape, s.kept[n:n+len(delta)]
	i := 0
	if s.quiet.Prefix {
		// The decoder holds the start of a marker: the bytes matter once
		// they complete one of the ways it may go on, or go on with none;
		// past one that completes, as the rule that follows it says.
		if n == int(s.handed) && !s.mayStart(delta[0]) { // prose goes on at once
			return len(delta)
		}
		copy(buf, delta)
		i = len(delta)
		from := n - int(s.handed)
		switch more, done := s.prefixEnd(s.kept[s.handed:n+len(delta)], from); {
		case done == 0 && !more: // the bytes go on with no end
			return len(delta)
		case done != 0: // they complete one
			if more || done < 0 || !s.then(done-from) || len(delta) >= int(s.room) {
				return len(delta)
			}
			i = done - from
			stop, esc = s.quiet.Stop, s.quiet.Escape
		}
	}
	if s.quiet.Ends != nil {
		// A byte of stop matters only where one of the ends may end.
		for ; i < len(delta); i++ {
			c := delta[i]
			buf[i] = c
			if !stop[c] {
				continue
			}
			if s.watch && s.opensThink(s.kept[s.handed:n+i+1]) { // reasoning opens: the splitter reads it now
				return len(delta)
			}
			if end := s.mayEnd(s.kept[s.handed : n+i+1]); end == endWhole && s.quiet.Apart {
				return i + 1 // through the end's last byte
			} else if end != 0 {
				return len(delta)
			}
		}
		s.room -= int32(len(delta))
		s.kept = s.kept[:n+len(delta)]
		return 0
	}
	if s.escaped { // not after a Prefix (then clears it)
		buf[0] = delta[0]
		i = 1
	}
	for ; i < len(delta); i++ {
		c := delta[i]
		buf[i] = c
		if stop[c] {
			if c != esc || esc == 0 {
				return len(delta)
			}
			if i++; i < len(delta) { // the byte after an escape does not count
				buf[i] = delta[i]
			}
		}
	}
	s.escaped = i > len(delta)
	s.room -= int32(len(delta))
	s.kept = s.kept[:n+len(delta)]
	return 0
}

// then takes up the decoder's rule for the bytes after the end of a
// Prefix that the bytes kept complete (Quiet.Then), when it has one; i is
// where those bytes begin in the latest delta.
func (s *Stream) then(i int) bool {
	t := s.quiet.Then
	if t == nil || t.Prefix || t.Stop == nil || t.Room <= 0 {
		return false
	}
	s.quiet = protocol.Quiet{Stop: t.Stop, Ends: t.Ends, Escape: t.Escape, Apart: t.Apart} // Room stays 0: read
	s.room = int32(min(int(s.room), min(t.Room, 1<<30)+1+i))
	s.escaped, s.skip = false, 0
	return true
}

// mayEnd says whether kept, the bytes kept so far, end with one of the
// decoder's Quiet.Ends (endWhole), or with the start of one that began
// before them (endStart), or neither (0).
func (s *Stream) mayEnd(kept []byte) uint8 {
	may := uint8(0)
	for _, e := range s.quiet.Ends { // the first bytes compared first: most ends differ there
		if k := len(e); k <= len(kept) {
			if k == 0 || kept[len(kept)-k] == e[0] && string(kept[len(kept)-k:]) == e {
				return endWhole
			}
		} else if kept[0] == e[k-len(kept)] && string(kept) == e[k-len(kept):] {
			may = endStart
		}
	}
	return may
}

// What mayEnd finds.
const (
	endStart = 1 + iota
	endWhole
)

// mayStart reports whether c, the first byte kept, may go on with one of
// the ends of a Prefix quiet.
func (s *Stream) mayStart(c byte) bool {
	for _, e := range s.quiet.Ends {
		if len(e) > int(s.skip) && e[s.skip] == c {
			return true
		}
	}
	return false
}

// prefixEnd reads kept, the bytes kept so far, against the ends of a
// Prefix quiet: more says one goes on past them; done is the length of the
// one they complete past kept[:from] (the bytes known to complete none),
// 0 when none, -1 when more than one. The first skip bytes of each end are
// the think splitter's, which reach the decoder first.
func (s *Stream) prefixEnd(kept []byte, from int) (more bool, done int) {
	for _, e := range s.quiet.Ends {
		e = e[s.skip:]
		switch {
		case len(e) > len(kept):
			more = more || e[:len(kept)] == string(kept)
		case len(e) > from && string(kept[:len(e)]) == e:
			if done != 0 {
				return more, -1
			}
			done = len(e)
		}
	}
	return more, done
}

// withKept returns the deltas kept for the decoder followed by delta, as
// one text, and ends the keeping until the decoder says more.
func (s *Stream) withKept(delta string) string {
	s.room = 0
	if int(s.handed) == len(s.kept) {
		return delta
	}
	s.kept = append(s.kept, delta...)
	text := unsafe.String(&s.kept[s.handed], len(s.kept)-int(s.handed))
	s.handed = int32(len(s.kept))
	return text
}

// listen reads what the decoder said, at the end of its Feed, of the
// bytes it reads without a trace. They are kept only while the think
// splitter hands plain text to the decoder (or holds the start of a tag
// inside a call candidate, which the decoder would read without a trace
// too), and no call streams its arguments.
func (s *Stream) listen() {
	if s.cfg.loud {
		s.quiet.Room = 0
		return
	}
	s.room, s.escaped, s.skip, s.watch = 0, false, 0, false
	if s.quiet.Room <= 0 {
		return
	}
	room := s.quiet.Room
	s.quiet.Room = 0 // read: a later Feed that reaches no decoder says none
	t := &s.think
	if s.quiet.Stop == nil || s.cfg.streamArgs || t.on && (t.in || t.maybe || len(t.held) > 0 && !s.heldQuiet() && !s.heldPrefix()) {
		return
	}
	// Outside a call candidate, the think open tag opens reasoning, which
	// goes on in the Feed that brings it: the bytes kept are handed on
	// where they complete the tag, so the decoder's rule must notice it.
	// (After a Prefix's end, the rule of the block it opens: where it
	// watches Ends, the tag is watched too; in a candidate it is data.)
	if t.on && !s.rep.InCandidate() {
		if s.watch = true; !s.quiet.Prefix && !s.noticesThink() {
			return
		}
	}
	// The start of a tag the splitter holds reaches the decoder before
	// the bytes kept.
	if room -= t.heldLen; room > 0 {
		s.room = int32(min(room, 1<<30)) + 1 // above 0 while up to room bytes are kept
	}
}

// noticesThink reports whether the decoder's rule for the bytes kept
// hands them on at a think open tag they hold: without Ends, at its first
// byte; with them, where its last byte completes it (opensThink).
func (s *Stream) noticesThink() bool {
	open, q := s.think.open, &s.quiet
	if q.Ends != nil {
		return q.Stop[open[len(open)-1]]
	}
	return q.Stop[open[0]] && open[0] != q.Escape
}

// opensThink reports whether kept, the bytes kept so far, end with the
// think open tag.
func (s *Stream) opensThink(kept []byte) bool {
	open := s.think.open
	return len(kept) >= len(open) && string(kept[len(kept)-len(open):]) == open
}

// heldPrefix reports whether the start of a think tag that the splitter
// holds, and hands the decoder before anything kept, begins every end of
// a Prefix quiet (a marker's start in prose that may be a tag's too), and
// sets skip to its length: the bytes kept go on from there.
func (s *Stream) heldPrefix() bool {
	n := s.think.heldLen
	if !s.quiet.Prefix || n >= 1<<8 {
		return false
	}
	for _, e := range s.quiet.Ends {
		if len(e) <= n {
			return false
		}
		k := 0
		for _, p := range s.think.held {
			if e[k:k+len(p)] != p {
				return false
			}
			k += len(p)
		}
	}
	s.skip = uint8(n)
	return true
}

// heldQuiet reports whether the start of a think tag that the splitter
// holds, and hands the decoder before anything kept, is text the decoder
// reads without a trace: it is inside a call candidate (where a tag is
// data), and none of its bytes may matter.
func (s *Stream) heldQuiet() bool {
	if s.rep == nil || !s.rep.InCandidate() {
		return false
	}
	for _, p := range s.think.held {
		for i := 0; i < len(p); i++ {
			if s.quiet.Stop[p[i]] {
				return false
			}
		}
	}
	return true
}

// The deltas kept are at most maxKept bytes each (a longer one goes to the
// decoder at once), in a buffer of minKeep to maxKeep bytes, doubled each
// time one is made; a run of them that fills it, but for room for a
// delta as long as the longest kept that hands them on, is handed on.
const (
	maxKept = 128
	minKeep = 512
	maxKeep = 16 << 10
)

// ready makes a zero Stream usable.
func (s *Stream) ready() {
	if s.sel == nil {
		s.init(nil, nil)
	}
}

// coalesce joins runs of text events of one kind in s.out, but for a
// first one that is whitespace (held whitespace, then prose: joining them
// would copy the prose). The events of one stretch are the same however
// the decoder's Feeds cut it.
func (s *Stream) coalesce() {
	out := s.out
	w := 0
	for r := 0; r < len(out); {
		e := out[r]
		k := r + 1
		if e.IsText() {
			for k < len(out) && out[k].IsText() && (out[k].Reasoning != "") == (e.Reasoning != "") {
				k++
			}
		}
		if k-r >= 2 && strings.TrimSpace(e.Content+e.Reasoning) == "" { // held whitespace stays as it is
			out[w] = e
			w++
			r++
			e = out[r]
		}
		if k-r >= 2 {
			var sb strings.Builder
			n := 0
			for _, x := range out[r:k] {
				n += len(x.Content) + len(x.Reasoning)
			}
			sb.Grow(n)
			for _, x := range out[r:k] {
				sb.WriteString(x.Content)
				sb.WriteString(x.Reasoning)
			}
			if e.Reasoning != "" {
				e.Reasoning = sb.String()
			} else {
				e.Content = sb.String()
			}
			out[w] = e
			w++
		} else {
			w += copy(out[w:], out[r:k])
		}
		r = k
	}
	s.out = out[:w]
}

// text hands text outside reasoning to the decoder (or, with tool_choice
// "none", straight on as content).
func (s *Stream) text(text string) {
	if s.none {
		s.out = s.prose.add(s.out, text)
		return
	}
	if s.quiet.Room != 0 { // the decoder's last Feed says
		s.quiet.Room = 0
	}
	s.raw = s.dec.Feed(s.raw[:0], text)
	s.handOn()
}

// Close ends the response: whatever the decoder still held is decided, held
// whitespace at the end is dropped and split UTF-8 bytes go out as they are.
// Later calls of Feed and Close return nothing.
func (s *Stream) Close() []toolcall.Event {
	s.out = s.out[:0]
	if s.args != nil {
		s.args.frags = 0
	}
	if s.closed {
		return s.out
	}
	s.ready()
	s.closed = true
	if int(s.handed) < len(s.kept) {
		s.split(s.withKept(""))
	}
	s.endSplit()
	if !s.none {
		s.raw = s.dec.Close(s.raw[:0])
		s.handOn()
		for s.args != nil && len(s.args.queue) > 0 { // a decoder that left calls started
			s.retract(s.endStarted())
		}
		if r, ok := s.dec.(recycler); ok { // done with: back for a later stream
			s.copyDiagnostics()
			r.Recycle()
			s.dec, s.rep = nil, nil
		}
	}
	s.flushFragments()
	s.out = s.prose.end(s.out)
	s.out = s.thought.end(s.out)
	if len(s.out) > 1 { // one event has nothing to join
		s.coalesce()
	}
	return s.out
}

// recycler is a decoder that can be reused once its response is closed
// (the block machine): Close gives it back.
type recycler interface{ Recycle() }

// Calls returns how many calls the stream has handed on so far.
func (s *Stream) Calls() int { return int(s.calls) }

// Diagnostics returns what the parser did not accept so far, oldest first:
// the stream's about a call stand after the decoder's about the text
// before the call and before those about the text after it, however the
// response was cut into deltas.
func (s *Stream) Diagnostics() []toolcall.Diagnostic {
	s.copyDiagnostics()
	return s.diags
}

// Parse parses a whole response: New, one Feed of all of text, and Close.
func Parse(f toolcall.Format, text string, req toolcall.Request, opts ...Option) toolcall.Result {
	s := New(f, req, opts...)
	var res toolcall.Result
	var content, reasoning strings.Builder
	collect := func(evs []toolcall.Event) {
		for _, e := range evs {
			switch {
			case e.Call != nil:
				res.Calls = append(res.Calls, *e.Call)
			case e.Reasoning != "":
				reasoning.WriteString(e.Reasoning)
			default:
				content.WriteString(e.Content)
			}
		}
	}
	collect(s.Feed(text))
	collect(s.Close())
	res.Content = content.String()
	res.Reasoning = reasoning.String()
	res.Diagnostics = s.Diagnostics()
	return res
}

// handOn passes the decoder's events on: content through the whitespace
// and UTF-8 rules, calls through name matching and tool_choice.
func (s *Stream) handOn() {
	for _, e := range s.raw {
		switch {
		case e.Call != nil:
			s.call(e.Call)
		case e.Delta != nil:
			if s.cfg.streamArgs {
				s.delta(e.Delta)
			}
		case e.Reasoning != "":
			s.out = s.thought.add(s.out, e.Reasoning)
		default:
			s.turns.content(e.Content)
			s.out = s.prose.add(s.out, e.Content)
		}
	}
}

// copyDiagnostics appends the decoder's new diagnostics, so that they stand
// before those the stream adds for the calls that follow. It runs before
// each call and when diagnostics are asked for, not on every Feed.
func (s *Stream) copyDiagnostics() { s.copyDiagnosticsTo(-1) }

// copyDiagnosticsTo is copyDiagnostics up to the first of the decoder's
// diagnostics whose text begins past offset off (none, for off -1): the
// later ones come after what the stream says of a call at off, however
// the decoder's Feeds cut the text (one Feed may read past the call).
func (s *Stream) copyDiagnosticsTo(off int) {
	if s.rep == nil {
		return
	}
	if all := s.rep.Diagnostics(); len(all) > int(s.seen) {
		for _, d := range all[s.seen:] {
			if off >= 0 && d.Offset > off {
				break
			}
			s.diags = toolcall.AppendDiagnostic(s.diags, d, s.cfg.limits.MaxDiagnostics)
			s.seen++
		}
	}
}

func (s *Stream) call(c *toolcall.Call) {
	if !s.cfg.streamArgs {
		if s.admit(c, nil) {
			if cap(s.out)-len(s.out) == 0 && cap(s.out) < 8 { // room for several calls at once
				s.out = append(make([]toolcall.Event, 0, 8+len(s.out)), s.out...)
			}
			s.out = append(s.out, toolcall.Event{Call: c})
		}
		return
	}
	e := s.endStarted()
	if s.admit(c, e) {
		s.streamedCall(e, c)
	} else {
		s.retract(e)
		s.shift()
	}
	s.next()
}

// admit matches, coerces and decides the call c the decoder handed on (e
// is its started entry, if argument streaming started it), and reports
// whether it is returned; then its Index and ID are set.
func (s *Stream) admit(c *toolcall.Call, e *started) bool {
	s.callOff = -1
	if s.rep != nil {
		s.callOff = s.rep.CallOffset(int(s.decCalls))
	}
	s.copyDiagnosticsTo(s.callOff) // the decoder's diagnostics of the text up to the call come before this call's
	s.decCalls++
	if c.Arguments == "" {
		c.Arguments = "{}"
	}
	if i := s.req.Match(c.Name); i >= 0 {
		tool := s.req.Tools[i]
		c.Name = tool.Name
		var ds []toolcall.Diagnostic
		c.Arguments, ds = schema.Of(&s.req, i).CoerceWithin(c.Arguments, &s.validation)
		for _, d := range ds {
			d.Offset = s.callOff
			s.diags = toolcall.AppendDiagnostic(s.diags, d, s.cfg.limits.MaxDiagnostics)
		}
	} else if len(s.req.Tools) > 0 {
		s.diag(toolcall.KindUnknownTool, c.Name, "the request offers no tool of this name")
	}
	switch {
	case s.turns.repeats(c.Name, c.Arguments):
		s.diag(toolcall.KindPolicy, c.Name, "the call repeats an earlier call of the response, with prose between them: dropped")
		return false
	case s.named != "" && !toolcall.SameName(c.Name, s.named):
		s.diag(toolcall.KindPolicy, c.Name, "tool_choice names another tool")
		return false
	case s.calls > 0 && s.named != "":
		s.diag(toolcall.KindPolicy, c.Name, "tool_choice names one tool: only its first call is returned")
		return false
	case s.calls > 0 && !s.req.Parallel():
		s.diag(toolcall.KindPolicy, c.Name, "parallel_tool_calls is false: only the first call is returned")
		return false
	}
	if keep, why := s.sel.Keep(*c); !keep {
		s.diag(toolcall.KindPolicy, c.Name, why)
		return false
	}
	c.Index = int(s.calls)
	if e != nil && e.announced != nil && e.announced.Index == c.Index {
		c.ID = e.announced.ID
	} else {
		c.ID = s.callID(*c)
	}
	s.calls++
	return true
}

// MaxModelIDLen is the longest call ID a model may write that the stream
// keeps.
const MaxModelIDLen = 128

// callID returns the ID c is handed on with: the model's (c.ID) when it
// has an ID's shape and no earlier call has it, else a new one.
func (s *Stream) callID(c toolcall.Call) string {
	if c.ID != "" && (!wellFormedID(c.ID) || s.seenIDs.has(c.ID)) {
		why := "is not 1 to 128 letters, digits, '_', '-', '.' and ':'"
		if s.seenIDs.has(c.ID) {
			why = "is an earlier call's"
		}
		s.diag(toolcall.KindSyntax, c.Name, "the model's call ID "+clip.Quote(c.ID)+" "+why+": the call gets a new one")
		c.ID = ""
	}
	// Only IDs that a later model's ID may repeat are remembered: the
	// model's, and a format's (Kimi's functions.NAME:IDX). Random ones
	// repeat nothing, WithIDs' are the caller's to make, and a response of
	// a million tiny calls keeps no million IDs.
	var id string
	remember := true
	switch {
	case s.cfg.ids != nil:
		id, remember = s.cfg.ids(c), c.ID != ""
	case c.ID != "":
		id = c.ID
	case s.idMaker != nil:
		id = s.idMaker.NewCallID(c)
		if s.seenIDs.has(id) {
			id, remember = s.idGen.next(), false
		}
	default:
		id, remember = s.idGen.next(), false
	}
	if remember {
		s.seenIDs.add(id)
	}
	return id
}

// idSet is a set of call IDs: the first few in a list searched in turn,
// the rest in a map (a response has few calls; a map costs more to make
// than a few comparisons).
type idSet struct {
	few []string
	m   map[string]bool
}

func (t *idSet) has(id string) bool {
	if t.m != nil {
		return t.m[id]
	}
	for _, x := range t.few {
		if x == id {
			return true
		}
	}
	return false
}

func (t *idSet) add(id string) {
	if t.has(id) {
		return
	}
	if t.m == nil && len(t.few) < fewCalls {
		if t.few == nil {
			t.few = make([]string, 0, 8)
		}
		t.few = append(t.few, id)
		return
	}
	if t.m == nil {
		t.m = make(map[string]bool, 2*fewCalls)
		for _, x := range t.few {
			t.m[x] = true
		}
		t.few = nil
	}
	t.m[id] = true
}

func (t *idSet) remove(id string) {
	if t.m != nil {
		delete(t.m, id)
		return
	}
	for i, x := range t.few {
		if x == id {
			t.few[i] = t.few[len(t.few)-1]
			t.few = t.few[:len(t.few)-1]
			return
		}
	}
}

// wellFormedID reports whether a model's call ID has the shape IDs have.
func wellFormedID(id string) bool {
	if len(id) == 0 || len(id) > MaxModelIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-', c == '.', c == ':':
		default:
			return false
		}
	}
	return true
}

// diag records a diagnostic about the call being handed on (at its offset),
// or about the stream (offset -1).
func (s *Stream) diag(kind, call, msg string) {
	off := -1
	if call != "" {
		off = s.callOff
	}
	s.diags = toolcall.AppendDiagnostic(s.diags, toolcall.Diagnostic{Kind: kind, Offset: off, Call: call, Message: msg}, s.cfg.limits.MaxDiagnostics)
}

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// idGen makes a stream's random call IDs, "call_" and 24 letters and
// digits: from a PCG seeded once per stream from the runtime's
// cryptographically seeded generator, so that IDs differ from stream to
// stream unpredictably at the cost of two random numbers per stream, not
// 24 per ID.
// The IDs are written in blocks of idBlock of them, never written again:
// a call's ID costs no allocation of its own.
type idGen struct {
	pcg rand.PCG // seeded with the first ID, when buf is still nil
	buf []byte
}

const (
	idLen   = len("call_") + 24
	idBlock = 8
)

func (g *idGen) next() string {
	if g.buf == nil {
		g.pcg.Seed(rand.Uint64(), rand.Uint64())
	}
	if cap(g.buf)-len(g.buf) < idLen {
		g.buf = make([]byte, 0, idBlock*idLen) // the old block stays with the IDs in it
	}
	var b [idLen]byte
	copy(b[:], "call_")
	// Eight letters from each random number: its fraction x/2^64 written
	// in base 62, one multiplication a digit; eight digits leave 16 bits
	// unread, so the last is as even as the first.
	for i := len("call_"); i < len(b); i += 8 {
		x := g.pcg.Uint64()
		for k := range 8 {
			var d uint64
			d, x = bits.Mul64(x, uint64(len(idAlphabet)))
			b[i+k] = idAlphabet[d]
		}
	}
	start := len(g.buf)
	g.buf = append(g.buf, b[:]...)
	return unsafe.String(&g.buf[start], idLen)
}

// callIDMaker is a format whose calls carry IDs of a style of its own: the
// stream asks it for the ID of a call that has none from the text.
type callIDMaker interface {
	NewCallID(c toolcall.Call) string
}
