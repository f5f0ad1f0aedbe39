package harmony

import (
	"strings"
	"unicode"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is the Harmony format of gpt-oss.
var Format toolcall.Format = format{}

type format struct{}

func (format) Name() string { return "harmony" }

func (format) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	d := &decoder{}
	d.Init(req)
	d.parser = pythonic.ForRequest(d.Req, d.Limits.MaxDepth)
	return d
}

func init() { toolcall.Register(Format, "gpt_oss", "openai_harmony") }

// The special tokens.
const (
	startText     = "<|start|>"
	endText       = "<|end|>"
	messageText   = "<|message|>"
	channelText   = "<|channel|>"
	constrainText = "<|constrain|>"
	returnText    = "<|return|>"
	callText      = "<|call|>"
)

// maxHeader bounds a header's length.
const maxHeader = 512

// heads are what a header may begin with.
var heads = marker.NewSet(startText, "assistant", channelText, "to=", " to=", constrainText)

// The markers that end a body, keyed by these tokens (their index in
// bodyEnds).
const (
	bEnd = iota
	bCall
	bReturn
	bStart
	bChannel
)

var bodyEnds = marker.NewSet(endText, callText, returnText, startText, channelText)

type mode uint8

const (
	mExpect   mode = iota // where a header may begin: a header, or content
	mHeader               // a header, until <|message|>
	mText                 // a body handed on as it comes (content or reasoning)
	mTextMark             // a possible end marker in such a body
	mHeld                 // a body held until it ends (a call, or a built-in's message)
	mHeldMark             // a possible end marker in a held body
	mContent              // content to the end: the response is not Harmony
)

// decoder is the incremental state of one Harmony response.
type decoder struct {
	engine.Base
	parser pythonic.Parser

	mode      mode
	reasoning bool   // the body of mText is reasoning
	recipient string // the call or built-in of mHeld
	call      bool   // mHeld is a call, not a built-in
	mark      int    // where a possible marker starts in the pending item
	matching  bool   // a header is matching <|message|> at mark
	// channelLead says the pending header began with a <|channel|> that
	// ended the body before it, and is not in the pending item.
	channelLead bool
}

// Configure implements toolcall.Reporter.
func (d *decoder) Configure(c toolcall.Config) {
	d.Base.Configure(c)
	d.parser.MaxDepth = d.Limits.MaxDepth
}

// Feed implements toolcall.Decoder.
func (d *decoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	return engine.Feed(d, dst, s)
}

// Close implements toolcall.Decoder.
func (d *decoder) Close(dst []toolcall.Event) []toolcall.Event { return engine.Close(d, dst) }

// ToProse implements engine.ProseStepper: what overflowed went out as
// content, and the rest of the response is content too.
func (d *decoder) ToProse() { d.mode = mContent }

// FeedDelta implements engine.Machine.
func (d *decoder) FeedDelta(dst []toolcall.Event, s string) []toolcall.Event {
	dst = d.RunBounded(dst, s, 0, d)
	if d.mode != mHeld && d.mode != mHeldMark {
		return d.Settle(dst, nil) // the safety net gave the call up
	}
	return d.Report(dst)
}

// CloseResponse implements engine.Machine: a held body ends with the
// response (the stop token is usually missing); a header cut off is
// content.
func (d *decoder) CloseResponse(dst []toolcall.Event) []toolcall.Event {
	if !d.Holding() {
		return dst
	}
	switch d.mode {
	case mHeld, mHeldMark:
		start := d.Start()
		dst = d.decide(dst, d.Text("", 0), start)
	case mHeader:
		d.Diag(toolcall.KindSyntax, d.Start(), "", "a message header is cut off by the end of the response")
		if d.channelLead {
			dst = d.Content(dst, channelText)
		}
		dst = d.Emit(dst, "", 0)
	case mTextMark:
		dst = d.text(dst, d.Text("", 0))
	default:
		dst = d.Emit(dst, "", 0)
	}
	d.mode = mContent
	return dst
}

// InCandidate implements toolcall.Reporter.
func (d *decoder) InCandidate() bool { return d.mode == mHeld || d.mode == mHeldMark }

// steps are the decoder's modes, as the method that reads each.
var steps = [...]func(*decoder, []toolcall.Event, string, int) ([]toolcall.Event, int){
	mExpect:   (*decoder).expect,
	mHeader:   (*decoder).header,
	mText:     (*decoder).body,
	mTextMark: (*decoder).textMark,
	mHeld:     (*decoder).held,
	mHeldMark: (*decoder).heldMark,
	mContent:  (*decoder).rest,
}

// Step implements engine.Stepper.
func (d *decoder) Step(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	return steps[d.mode](d, dst, s, i)
}

// rest hands the rest of a response that is not Harmony on as content.
func (d *decoder) rest(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	return d.Content(dst, s[i:]), len(s)
}

// text hands body text on as reasoning or content.
func (d *decoder) text(dst []toolcall.Event, t string) []toolcall.Event {
	if d.reasoning {
		return d.Reasoning(dst, t)
	}
	return d.Content(dst, t)
}

// expect reads where a header may begin: at the start of the response, or
// after a message ended.
func (d *decoder) expect(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	if !d.Holding() {
		for i < len(s) && (s[i] == '\n' || s[i] == '\r') {
			i++ // stray newlines between messages
		}
		if i == len(s) {
			return dst, i
		}
		d.Begin(i)
	}
	res, _, n, held := d.MatchAt(heads, s, i, 0)
	switch res {
	case marker.Partial:
		return dst, len(s)
	case marker.Full:
		d.mode = mHeader
		return dst, i + n - held
	}
	d.mode = mContent // not Harmony: the response is content
	return d.Emit(dst, s, i), i
}

// header holds a header until <|message|>.
func (d *decoder) header(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	for {
		if d.matching {
			res, _, n, held := d.MatchAt(msgSet, s, i, d.mark)
			if res == marker.Partial {
				return dst, len(s)
			}
			d.matching = false
			end := i + n - held
			if res == marker.Full {
				h := d.Text(s, end)[:d.mark]
				if d.channelLead {
					h, d.channelLead = channelText+h, false
				}
				d.open(h, end)
				return dst, end
			}
			i = end
			continue
		}
		if d.Len(s, i) > maxHeader {
			d.Diag(toolcall.KindLimit, d.Start(), "", "a message header passed 512 bytes")
			d.mode = mContent
			if d.channelLead {
				dst, d.channelLead = d.Content(dst, channelText), false
			}
			return d.Emit(dst, s, i), i
		}
		if i == len(s) {
			return dst, i
		}
		end := min(len(s), i+maxHeader)
		k := strings.IndexByte(s[i:end], '<')
		if k < 0 {
			i = end
			continue
		}
		d.mark, d.matching = d.Len(s, i+k), true
		i += k
	}
}

var msgSet = marker.NewSet(messageText)

// open starts the body of a message whose header is h, at s[i].
func (d *decoder) open(h string, i int) {
	recipient, channel, _ := parseHeader(h)
	if recipient == "" || recipient == "functions." { // no recipient, or no name: a message
		recipient = ""
	}
	if recipient == "" {
		d.mode, d.reasoning = mText, channel == "analysis"
		return
	}
	d.recipient = recipient
	name, isFunc := strings.CutPrefix(recipient, "functions.")
	switch {
	case isFunc:
		d.recipient, d.call = d.toolName(name), true
	case toolcall.MatchTool(d.Req.Tools, recipient) >= 0:
		d.call = true
	default:
		d.call = false
	}
	d.mode = mHeld
	d.Begin(i)
	if d.call && d.Streaming {
		d.Follow(block.JSONArgs(d.parser, d.recipient, ""), nil)
	}
}

// toolName maps a name as the model wrote it back to the requested tool it
// stands for: the name itself when a tool matches it, else the tool whose
// TypeScript name it is.
func (d *decoder) toolName(name string) string {
	if toolcall.MatchTool(d.Req.Tools, name) >= 0 {
		return name
	}
	for _, t := range d.Req.Tools {
		if TSName(t.Name) == name {
			return t.Name
		}
	}
	return name
}

// body hands a content or reasoning body on up to a possible end marker.
func (d *decoder) body(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	k := strings.IndexByte(s[i:], '<')
	if k < 0 {
		return d.text(dst, s[i:]), len(s)
	}
	j := i + k
	dst = d.text(dst, s[i:j])
	d.Begin(j)
	d.mode = mTextMark
	return dst, j
}

// textMark decides a possible end marker in a content or reasoning body.
func (d *decoder) textMark(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, tok, n, held := d.MatchAt(bodyEnds, s, i, 0)
	end := i + n - held
	switch res {
	case marker.Partial:
		return dst, len(s)
	case marker.None:
		text := d.Text(s, end)
		d.mode = mText
		return d.text(dst, text), end
	}
	d.Drop()
	d.next(s, end, tok)
	return dst, end
}

// next follows a marker of bodyEnds that ended a body at s[end]: a new
// header, or what may begin one.
func (d *decoder) next(s string, end, tok int) {
	switch tok {
	case bChannel: // a new header, begun at the marker
		d.Begin(end)
		d.mode, d.channelLead = mHeader, true
	case bStart:
		d.Begin(end)
		d.mode = mHeader
	default:
		d.mode = mExpect
	}
}

// held holds a call's or built-in's body until a possible end marker.
func (d *decoder) held(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	lim := min(len(s), i+d.Room(s, i))
	k := strings.IndexByte(s[i:lim], '<')
	if k < 0 {
		if lim < len(s) {
			d.Diag(toolcall.KindLimit, d.Start(), d.recipient, "a call's arguments passed the size limit")
			d.mode = mContent
			return d.Emit(d.Settle(dst, nil), s, lim), lim
		}
		d.FollowFeed(s[i:])
		return dst, len(s)
	}
	d.FollowFeed(s[i : i+k])
	d.mark = d.Len(s, i+k)
	d.mode = mHeldMark
	return dst, i + k
}

// heldMark decides a possible end marker in a held body.
func (d *decoder) heldMark(dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, tok, n, held := d.MatchAt(bodyEnds, s, i, d.mark)
	end := i + n - held
	switch res {
	case marker.Partial:
		return dst, len(s)
	case marker.None:
		d.mode = mHeld
		if d.Followed() || d.Streaming {
			d.FollowFeed(d.Peek(s, end, d.mark))
		}
		return dst, end
	}
	start, mark := d.Start(), d.mark
	dst = d.decide(dst, d.Text(s, end)[:mark], start)
	d.next(s, end, tok)
	return dst, end
}

// decide ends a held body that starts at offset start: a call's arguments,
// or a built-in's message, dropped.
func (d *decoder) decide(dst []toolcall.Event, body string, start int) []toolcall.Event {
	if !d.call {
		d.Diag(toolcall.KindUnknownTool, start, d.recipient, "a message to a built-in tool the request does not offer is dropped")
		return d.Settle(dst, nil)
	}
	args := "{}"
	if strings.TrimSpace(body) != "" {
		raw, err := jsoncall.Value(strings.TrimSpace(body), &d.parser)
		if err == nil {
			args, err = jsoncall.Arguments(raw, &d.parser)
		}
		if err != nil {
			d.Diag(toolcall.KindSyntax, start, d.recipient, "the arguments are not a JSON object: "+err.Error())
			return d.Content(d.Settle(dst, nil), body)
		}
	}
	c := toolcall.Call{Name: d.recipient, Arguments: args}
	return d.Call(d.Settle(dst, &c), c, start)
}

// parseHeader reads a header: the recipient (to=R, in the role part or
// after the channel), the channel, and the content type.
func parseHeader(h string) (recipient, channel, ctype string) {
	h = strings.TrimPrefix(h, startText)
	role, rest := h, ""
	if c := strings.Index(h, channelText); c >= 0 {
		role, rest = h[:c], h[c+len(channelText):]
		n := strings.IndexFunc(rest, func(r rune) bool { return unicode.IsSpace(r) || r == '<' })
		if n < 0 {
			n = len(rest)
		}
		channel, rest = rest[:n], rest[n:]
	}
	for _, part := range [2]string{role, rest} {
		for _, t := range strings.Fields(strings.ReplaceAll(part, constrainText, " "+constrainText)) {
			switch {
			case strings.HasPrefix(t, "to="):
				recipient = t[len("to="):]
			case strings.HasPrefix(t, constrainText):
				ctype = t[len(constrainText):]
			case t != "assistant":
				ctype = t
			}
		}
	}
	switch recipient {
	case "all", "assistant", "user":
		recipient = ""
	}
	return recipient, channel, ctype
}

// TSName returns a tool's name as a TypeScript identifier, as Harmony
// prompts declare tools: ' ', '-' and '.' become '_', other characters
// that are not letters, digits, '_' or '$' are dropped, and a leading digit
// gets a '_' before it.
func TSName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == ' ' || r == '-' || r == '.':
			b.WriteByte('_')
		case r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	out := b.String()
	if out == "" || unicode.IsDigit(rune(out[0])) {
		out = "_" + out
	}
	return out
}
