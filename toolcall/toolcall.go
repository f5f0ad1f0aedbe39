// Package toolcall holds the types every toolparse package shares: the calls a
// parser returns, the tools a request offers, the events a stream hands on, the
// Format and Decoder interfaces a model family implements, the format registry,
// and tool-name matching.
//
// It has no dependencies beyond the standard library and no parsing code of its
// own, so that formats, schema coercion and the stream can all import it.
package toolcall

import "encoding/json"

// Call is one complete tool call, shaped like OpenAI's tool_calls entry.
type Call struct {
	Index     int    `json:"index"`     // position among the calls returned for this response, from 0
	ID        string `json:"id"`        // assigned by stream ("call_" + 24 alphanumerics by default)
	Name      string `json:"name"`      // the requested tool's exact name when it matched one
	Arguments string `json:"arguments"` // compact JSON object text; "{}" for no arguments
}

// Tool is one tool offered in the request (OpenAI's "function" object).
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters,omitempty"` // JSON Schema
	Strict      bool            `json:"strict,omitempty"`
}

// Request is what of the chat request the parser needs. stream.New indexes
// its copy (Index): a call's tool is then a lookup, and what the schema
// package compiles of a tool is kept with the index, once per request.
type Request struct {
	Tools             []Tool
	ToolChoice        string // "" or "auto", "none", "required", or one tool's name
	ParallelToolCalls *bool  // nil means true

	index *toolIndex // set by Index
}

// Event is one thing the stream can hand on now. Exactly one field is set.
//
// Delta appears only with argument streaming (the stream's
// WithArgumentStreaming option): a call is announced (CallStarted: Index,
// ID and Name), its arguments follow as fragments for that Index
// (ArgumentsFragment) whose concatenation is byte for byte the Arguments of
// the Call event that ends it. CallRetracted says an announced call is not
// a call after all: discard what arrived for its Index (the index is free
// again, and the text it came from is content). Without the option a
// stream hands on exactly Content, Call and Reasoning events.
type Event struct {
	Content   string     // a chunk of prose, verbatim
	Call      *Call      // a complete tool call (with argument streaming: the announced call is done)
	Reasoning string     // a chunk of reasoning (<think> ... </think>), verbatim
	Delta     *CallDelta // a step of a call whose arguments stream
}

// CallDelta is a step of a call while its arguments stream. The stream
// reuses the CallDeltas of fragments: like the slice of events they come
// in, they are valid until the next Feed or Close (copy one to keep it;
// its strings stay valid).
type CallDelta struct {
	Kind      DeltaKind
	Index     int    // the call's Index
	ID        string // CallStarted and CallRetracted: the call's ID
	Name      string // CallStarted and CallRetracted: the call's name
	Arguments string // ArgumentsFragment: the next piece of the arguments
}

// DeltaKind says what a CallDelta is.
type DeltaKind uint8

// The kinds of CallDelta.
const (
	CallStarted       DeltaKind = iota + 1 // a call is announced
	ArgumentsFragment                      // a piece of its arguments
	CallRetracted                          // the announced call is withdrawn
)

// IsText reports whether e is a content or reasoning event.
func (e Event) IsText() bool { return e.Content != "" || e.Reasoning != "" }

// Result is a whole response, parsed at once.
type Result struct {
	Content     string // all prose in order; "" when the response had none
	Calls       []Call
	Diagnostics []Diagnostic
	Reasoning   string // all reasoning in order; "" when the response had none
}

// Diagnostic records what the parser did not accept, for a gateway's logs and metrics.
type Diagnostic struct {
	Kind    string // "syntax", "limit", "policy", "schema", "unknown_tool", ...
	Offset  int    // byte offset in the response it concerns, or -1
	Call    string // the call's name, when it concerns a call
	Message string
}

// Diagnostic kinds used by the packages of this module.
const (
	KindSyntax      = "syntax"       // a candidate that looked like calls did not parse
	KindLimit       = "limit"        // a candidate exceeded the pending size or nesting depth
	KindPolicy      = "policy"       // a call was dropped by tool_choice, parallel_tool_calls or the policy
	KindSchema      = "schema"       // arguments do not satisfy the tool's schema
	KindUnknownTool = "unknown_tool" // a call names no requested tool
	KindStream      = "stream"       // argument streaming withdrew a call and sent it again whole
	KindEndOfTurn   = "end_of_turn"  // text after the model's end-of-turn token was dropped
)

// Format knows one model family's syntax.
type Format interface {
	Name() string
	NewDecoder(req *Request) Decoder
}

// Decoder is the incremental state of one response. It appends what it can
// decide now to dst. Calls it returns carry Name and Arguments only.
type Decoder interface {
	Feed(dst []Event, delta string) []Event
	Close(dst []Event) []Event
}

// Limits bound what a decoder holds while a candidate is open, and how
// many diagnostics one response keeps. A zero field means its default.
type Limits struct {
	MaxPending     int // bytes of one pending candidate; DefaultMaxPending when 0
	MaxDepth       int // bracket nesting depth; DefaultMaxDepth when 0
	MaxDiagnostics int // diagnostics kept per response; DefaultMaxDiagnostics when 0
}

// Default limits. Past MaxDiagnostics, one more diagnostic of kind "limit"
// says that later ones were dropped, so a hostile response cannot grow the
// list without bound.
const (
	DefaultMaxPending     = 1 << 20
	DefaultMaxDepth       = 256
	DefaultMaxDiagnostics = 1000
)

// AppendDiagnostic appends d to diags unless diags holds max already; the
// first one past max becomes a "limit" diagnostic saying so.
func AppendDiagnostic(diags []Diagnostic, d Diagnostic, max int) []Diagnostic {
	switch {
	case len(diags) < max:
		return append(diags, d)
	case len(diags) == max:
		return append(diags, Diagnostic{Kind: KindLimit, Offset: d.Offset, Message: "more diagnostics than the limit: later ones are dropped"})
	}
	return diags
}

// WithDefaults returns l with every zero field set to its default.
func (l Limits) WithDefaults() Limits {
	if l.MaxPending <= 0 {
		l.MaxPending = DefaultMaxPending
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxDiagnostics <= 0 {
		l.MaxDiagnostics = DefaultMaxDiagnostics
	}
	return l
}

// Reasoner is implemented by formats whose models reason in text of
// their own (LFM2.5, OLMo 3 Think, Qwen3, DeepSeek R1, ...). The stream
// reads it when no stream.WithThinkTags option is given.
type Reasoner interface {
	Reasoning() Reasoning
}

// Reasoning says how a format's models write their reasoning.
type Reasoning struct {
	// Open and Close are the tags around it (<think> and </think>).
	Open, Close string
	// EndedBy are markers that also end it, then read as text: models
	// that may open a call while their reasoning is still open (Qwen3
	// writes <tool_call> without </think>).
	EndedBy []string
	// OpenedByPrompt says the template of the format's most served model
	// ends the prompt inside reasoning (GLM-4.7's; DeepSeek-R1's, and
	// V3.1's with thinking on), so the output may begin with reasoning
	// closed by Close and no Open before it; a stream told nothing of the
	// prompt (stream.ForPrompt) then holds the output's start until it can
	// tell. Formats whose template leaves reasoning closed (Qwen3's,
	// Kimi-K2-Thinking's) say false: their output streams from its first
	// byte, and a prompt of a profile that opens it says so in its
	// toolcall.Prompt.
	OpenedByPrompt bool
}

// CallIDMaker is implemented by formats whose calls carry IDs of a style of
// their own: the stream asks it for the ID of a call that has none from
// the text (Mistral's 9 letters and digits).
type CallIDMaker interface {
	NewCallID(c Call) string
}

// Reporter is implemented by decoders that tell the stream what they know
// beyond their events: the one optional interface of a Decoder. The
// stream calls Configure once, before the first Feed.
type Reporter interface {
	// Configure sets what the stream asks of the decoder.
	Configure(Config)
	// Diagnostics returns every diagnostic recorded so far, oldest first;
	// the stream reads it before each call it hands on and at the end.
	Diagnostics() []Diagnostic
	// CallOffset returns the byte offset where the n-th call (from 0) the
	// decoder returned starts in the response, or -1. The stream gives the
	// diagnostics it records about a call (policy, schema, unknown_tool)
	// that offset.
	CallOffset(n int) int
	// InCandidate reports whether the decoder is inside a call candidate
	// (a list, block or tag not yet closed), where text is data: the
	// stream then reads a think tag as text.
	InCandidate() bool
}

// Config is what the stream asks of a decoder that is a Reporter.
type Config struct {
	Limits Limits
	// StreamArguments asks the decoder to tell each call's progress while
	// it arrives (argument streaming); without it a decoder emits only
	// Content, Call and Reasoning events.
	//
	// With it on, a decoder may also emit Delta events for a call it is
	// reading: CallStarted with the name as written (and the model's ID
	// when the text gives one), then ArgumentsFragment pieces whose
	// concatenation is a prefix of that call's Arguments as its Call event
	// will carry them (before any schema coercion: the stream does that);
	// a fragment's event and text may be the decoder's own, valid until its
	// next Feed or Close (the stream copies what it keeps). A call that was
	// started ends with its Call event or with CallRetracted. The stream
	// pairs them in order: a fragment belongs to the latest started call,
	// and each Call or CallRetracted ends the oldest started call not yet
	// ended (a Call with none started is a call that was not streamed).
	// Index is not used. A decoder that never starts a call is correct
	// too: the stream then announces each call when it is complete.
	StreamArguments bool
	// Quiet, when set, is where the decoder says, at the end of each Feed,
	// which of the bytes that come next it would read without a trace
	// (see Quiet). The stream sets Room to 0 before each Feed; a decoder
	// that leaves it so is correct.
	Quiet *Quiet
}

// Quiet is what a decoder tells the stream of the bytes that come next
// (Config.Quiet): up to Room of them that hold no byte of Stop change
// nothing the decoder tells (no event, no diagnostic, no answer of
// InCandidate) until a byte that may arrives. Escape, when Stop holds it,
// is a byte that only makes the byte after it not count: inside a string
// literal only the quote matters, and a quote after a backslash does not
// close it. The stream may then keep such deltas and hand them to the
// decoder with the first delta that is not one, in one Feed, which split
// invariance makes the same as a Feed each: a long string argument
// streamed in small deltas costs the decoder a few Feeds, not one a delta.
// Ends, when set, narrows Stop to where one of Ends may end: a byte of Stop
// matters only when the bytes kept up to it end with one of them, or with
// the start of one that began before them. In a block that only its end
// markers end, Stop holds the markers' last bytes and Ends the markers.
// Escape is then not used. Prefix, with Ends, says instead that the decoder
// holds the start of a marker and Ends are the ways it may go on: the next
// bytes matter once they complete one of Ends, or go on with none of them
// (Stop and Escape are then not used). Then, with Prefix, says what the
// bytes after an end are when they complete one of Ends and no other goes
// on: quiet as Then says, up to Then.Room of them and within Room in all
// (Then's own Prefix and Then are not used); without it, the end matters.
// Apart, with Ends, says that the bytes after an end, once it completes,
// are best read apart from it: the stream hands the bytes on through the
// end, and those after it in the same delta as a delta of their own, which
// the decoder's next rule may keep (so that a header's body, or the marker
// after a call, reaches the decoder whole, not cut where a delta ended).
type Quiet struct {
	Room   int        // how many bytes at most; 0: none
	Stop   *[256]bool // the bytes that may matter
	Ends   []string   // when set, a byte of Stop matters only where one of these may end
	Escape byte       // a byte of Stop that only escapes the next one, or 0
	Prefix bool       // the next bytes matter once they complete one of Ends, or go on with none
	Apart  bool       // with Ends: the bytes after an end that completes go on as a delta of their own
	Then   *Quiet     // with Prefix: the rule for the bytes after the end they complete
}
