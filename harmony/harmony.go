package harmony

import (
	"strings"
	"unicode"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is the Harmony format of gpt-oss.
var Format toolcall.Format = formatdef.New(table.Named("harmony"), methods, constraints)

// profiles are the prompt profiles as the descriptor gives them, the
// default first: the models each template is for, and the texts that tell
// the template.
var profiles = []toolcall.Profile{
	{Name: ProfileGPTOSS, Models: []string{"gptoss"}, Template: []string{"<|channel|>", "<|start|>", "<|call|>"}},
	{Name: ProfileAllCalls},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Aliases:   []string{"gpt_oss", "openai_harmony"},
		Profiles:  profiles,
		EndOfTurn: []string{"<|return|>"},
		Reply:     reply,
	})
}

// reply writes a reply as gpt-oss does: reasoning in the analysis
// channel, then the content as a preamble in the commentary channel before
// calls, or in the final channel when there are none.
func reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	var b strings.Builder
	if reasoning != "" {
		b.WriteString("<|channel|>analysis<|message|>" + reasoning + "<|end|><|start|>assistant")
	}
	if len(calls) == 0 {
		b.WriteString("<|channel|>final<|message|>" + content + "<|return|>")
		return b.String(), nil
	}
	if content != "" {
		b.WriteString("<|channel|>commentary<|message|>" + content + "<|end|><|start|>assistant")
	}
	text, err := RenderCalls(calls)
	if err != nil {
		return "", err
	}
	b.WriteString(text)
	return b.String(), nil
}

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

// The tokens a message body may meet, as the machine's markers: the three
// that end a message, the two that begin the next header, and <|message|>,
// which ends a header and is text in a body.
const (
	tEnd block.Token = iota
	tCall
	tReturn
	tStart
	tChannel
	tMessage
)

// The kinds of block: a header (after <|start|> or where a message may
// begin, or after a <|channel|> that is its first token), and the body of
// a message to a function or to a built-in tool. A message that is no call
// is the machine's prose, handed on as it comes (ProseAs).
const (
	kHeader = iota
	kChannel
	kCall
	kBuiltin
)

var table = block.Format{
	TurnEnds: true, // an end-of-turn token ends the response
	Markers: []block.Marker{
		tEnd: {Text: endText, Role: block.Dropped, Restarts: true},
		// <|call|> and <|return|> end the turn: the model stops there.
		// <|return|> ends the turn; after <|call|> only further calls may
		// follow (messages.AfterBlock).
		tCall:    {Text: callText, Role: block.Dropped, Restarts: true},
		tReturn:  {Text: returnText, Role: block.Dropped, Restarts: true, EndsTurn: true},
		tStart:   {Text: startText, Role: block.Opens, Kind: kHeader},
		tChannel: {Text: channelText, Role: block.Opens, Kind: kChannel},
		tMessage: {Text: messageText, Role: block.Kept},
	},
	Kinds: []block.Kind{
		kHeader:  header(""),
		kChannel: header(channelText),
		kCall:    body(readArgs, followArgs, true),
		kBuiltin: body(dropBuiltin, nil, false),
	},
	Hooks:     func() block.Hooks { return new(messages) },
	LimitEnds: true,
}

// header is the kind of a header that begins with lead, which is not in
// the block's body: it ends at <|message|>, at most maxHeader bytes on.
// The hooks read it (messages.AfterBlock).
func header(lead string) block.Kind {
	return block.Kind{
		End: tMessage, Scan: block.ScanPlain, MaxLen: len(lead) + maxHeader + len(messageText),
		TooLong: "a message header passed 512 bytes", Header: true,
		CutOff: "a message header is cut off by the end of the response",
	}
}

// leads are the text before each header kind's body that is not in it.
var leads = [...]string{kHeader: "", kChannel: channelText}

// body is the kind of a held message body, read by read: it ends at the
// first token that ends a message, or at one that begins the next header.
// A call's body (args) is a JSON object, read on the way. What follows
// the end is read apart from it (tEnd Restarts): where a message may
// begin, the hooks keep a header's start whole.
func body(read func(*block.Machine, string) ([]block.Item, error), follow func(*block.Machine) block.Follower, args bool) block.Kind {
	return block.Kind{
		End: tEnd, Ends: []block.Token{tCall, tReturn}, Yields: []block.Token{tStart, tChannel}, Scan: block.ScanPlain,
		ReadsOnTheWay: args, TooLong: "a message body passed the size limit", Read: read, Follow: follow,
	}
}

// heads are what a header may begin with where a message may begin.
var heads = marker.NewSet(startText, "assistant", channelText, "to=", " to=", constrainText)

// messages are the format's own rules, as the machine's hooks: where a
// message may begin (the response's start, after a message ended), a header
// or nothing; and what the header that just ended opens.
type messages struct {
	tsNames   map[string]string // TypeScript name → tool name, made on first use
	opens     int               // the kind of block the header opens, or -1: prose
	reasoning bool              // with opens -1: the prose is reasoning
	name      string            // the call the block holds
	// lead and header are its text (the token before it, if not in the
	// block, and the block's body): with <|message|> after them, the
	// lead of a body that is not calls (Lead).
	lead, header string
	// afterCall says a call's <|call|> ended the latest message: the model
	// stops there, so only a further call may follow (parallel calls); any
	// other message ends the response.
	afterCall bool
}

// BeginResponse implements block.ResponseBeginner: a message may begin at
// the response's first byte, whitespace too (a header may begin " to=").
func (h *messages) BeginResponse(m *block.Machine) bool { return h.Start(m, "", 0) }

// Start: a message may begin here; Step decides.
func (h *messages) Start(m *block.Machine, _ string, _ int) bool {
	m.Enter()
	return true
}

// Step reads where a message may begin: after stray newlines, a header;
// anything else makes the rest of the response content (it is not
// Harmony).
func (h *messages) Step(m *block.Machine, dst []toolcall.Event, s string, i int) ([]toolcall.Event, int) {
	res, i := m.HoldMarker(heads, &newlines, s, i)
	switch res {
	case marker.Partial:
		return dst, i
	case marker.Full:
		m.Open(kHeader, "")
		return dst, i
	}
	if h.afterCall { // text after a call: not part of the turn
		m.DropTurn(s, i)
		return dst, i
	}
	m.Verbatim()
	return m.Emit(dst, s, i), i
}

// newlines are the stray bytes between messages.
var newlines = [256]bool{'\n': true, '\r': true}

// Quiet implements block.Quieter: where a message may begin, and while the
// start of a header is held, nothing is told until the bytes complete the
// start of a header or begin none.
func (h *messages) Quiet(m *block.Machine) protocol.Quiet {
	return m.PrefixQuiet(heads, kHeader)
}

// readHeader reads a header's text: a message with no recipient is prose, as
// reasoning on the analysis channel; a call's or a built-in's body is a
// block.
func (h *messages) readHeader(m *block.Machine, lead, text string) {
	recipient, channel, _ := parseHeader(lead, text)
	h.opens, h.name, h.lead, h.header = -1, "", lead, text
	name, isFunc := strings.CutPrefix(recipient, "functions.")
	switch {
	case recipient == "" || recipient == "functions.": // no recipient, or no name: a message
		h.reasoning = channel == "analysis"
	case isFunc:
		h.opens, h.name = kCall, h.toolName(m.Req, name)
	case m.Requested(recipient):
		h.opens, h.name = kCall, recipient
	default:
		h.opens, h.name = kBuiltin, recipient
	}
}

// AfterBlock reads the header that ended and opens what it opens; after a
// body that ended with its end marker, a message may begin.
func (h *messages) AfterBlock(m *block.Machine, b block.Block, s string, i int) {
	if b.Kind != kHeader && b.Kind != kChannel {
		h.afterCall = m.EndedBy() == tCall
		h.Start(m, s, i)
		return
	}
	h.readHeader(m, leads[b.Kind], b.Body)
	if h.afterCall && h.opens != kCall { // a runaway next message after a call: the turn ended
		m.EndTurn()
		return
	}
	if h.opens < 0 {
		m.ProseAs(h.reasoning)
		return
	}
	m.Begin(i)
	m.OpenLed(h.opens, h.name)
}

// Lead is the text of the header that opened the block open now, tokens
// included: a body that is not calls is content with it before.
func (h *messages) Lead() string { return h.lead + h.header + messageText }

func (h *messages) At(*block.Machine, string, int, int) (int, int, bool) { return 0, 0, false }

// Close: what may begin a message is content.
func (h *messages) Close(m *block.Machine, dst []toolcall.Event) []toolcall.Event {
	return m.Emit(dst, "", 0)
}

func (h *messages) InCandidate() bool { return false }

// followArgs follows a call's body, its JSON arguments.
func followArgs(m *block.Machine) block.Follower {
	return block.JSONArgs(*m.Parser(), m.BlockName(), "")
}

// readArgs reads a call's body: its JSON arguments (a Python dict too),
// none for an empty body (unless the response's end cut it off); a body
// that is neither is content, verbatim, with its header.
func readArgs(m *block.Machine, body string) ([]block.Item, error) {
	args := "{}"
	t := strings.TrimSpace(body)
	if t == "" && m.CutOff() {
		return nil, block.ErrCutOff
	}
	if t != "" {
		raw, err := m.ReadValue(body, 0) // read on the way, when the body is one JSON object
		if err == nil {
			args, err = jsoncall.Arguments(raw, m.Parser())
		}
		if err != nil { // the message, header and all, is content
			return nil, &toolcall.SyntaxError{Msg: "the arguments of " + m.BlockName() + " are not a JSON object: " + err.Error()}
		}
	}
	return m.OneCall(toolcall.Call{Name: m.BlockName(), Arguments: args}, 0), nil
}

// dropBuiltin drops a message to a built-in tool, which the gateway cannot
// run, with a diagnostic.
func dropBuiltin(m *block.Machine, _ string) ([]block.Item, error) {
	m.Diag(toolcall.KindUnknownTool, m.BodyStart(), m.BlockName(), "a message to a built-in tool the request does not offer is dropped")
	return nil, nil
}

// toolName maps a name as the model wrote it back to the requested tool it
// stands for: the name itself when a tool matches it, else the tool whose
// TypeScript name it is (the first, when several share one). The
// TypeScript names are made once per response.
func (h *messages) toolName(req *toolcall.Request, name string) string {
	if req.Match(name) >= 0 {
		return name
	}
	if h.tsNames == nil {
		h.tsNames = make(map[string]string, len(req.Tools))
		for _, t := range req.Tools {
			if _, ok := h.tsNames[TSName(t.Name)]; !ok {
				h.tsNames[TSName(t.Name)] = t.Name
			}
		}
	}
	if t, ok := h.tsNames[name]; ok {
		return t
	}
	return name
}

// parseHeader reads a header: the recipient (to=R, in the role part or
// after the channel), the channel (the word after a <|channel|>; a later
// one wins), and the content type (the word after <|constrain|>, or a bare
// word). A word ends at whitespace or a special token: a recipient never
// runs over a <|channel|>. The header is lead (a special token the block
// did not hold, or "") and h (which may start with <|start|>).
func parseHeader(lead, h string) (recipient, channel, ctype string) {
	after := lead // the special token the next word follows
	if lead == "" {
		h = strings.TrimPrefix(h, startText)
	}
	for i := 0; i < len(h); {
		if jsonvalue.IsSpace(h[i]) {
			i++
			continue
		}
		if specialAt(h, i) { // a special token ends a word, and may say what the next is
			end := strings.Index(h[i:], "|>")
			if end < 0 {
				break
			}
			after, i = h[i:i+end+2], i+end+2
			continue
		}
		n := i
		for n < len(h) && !jsonvalue.IsSpace(h[n]) && !specialAt(h, n) {
			n++
		}
		word := h[i:n]
		switch {
		case after == channelText:
			channel = word
		case after == constrainText:
			ctype = word
		case strings.HasPrefix(word, "to="):
			recipient = word[len("to="):]
		case word != "assistant":
			ctype = word
		}
		after, i = "", n
	}
	switch recipient {
	case "all", "assistant", "user":
		recipient = ""
	}
	return recipient, channel, ctype
}

// specialAt reports whether a special token ("<|") starts at h[i].
func specialAt(h string, i int) bool { return h[i] == '<' && i+1 < len(h) && h[i+1] == '|' }

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
