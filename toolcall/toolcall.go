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

// Limits bound what a decoder holds while a candidate is open, how many
// calls one response hands on, and how many diagnostics it keeps. A zero
// field means its default.
type Limits struct {
	MaxPending     int // bytes of one pending candidate; DefaultMaxPending when 0
	MaxDepth       int // bracket nesting depth; DefaultMaxDepth when 0
	MaxDiagnostics int // diagnostics kept per response; DefaultMaxDiagnostics when 0
	// MaxCalls bounds the calls one response hands on; DefaultMaxCalls
	// when 0. A candidate (a block, a list) whose calls would pass it is
	// content, and once it is met, or MaxCalls calls were handed on, the
	// rest of the response is content, with a diagnostic of kind "limit"
	// (the shipped formats' decoders; a response of a million tiny calls
	// then costs what its text does, not what a million calls do).
	MaxCalls int
}

// Default limits. Past MaxDiagnostics, one more diagnostic of kind "limit"
// says that later ones were dropped, so a hostile response cannot grow the
// list without bound.
const (
	DefaultMaxPending     = 1 << 20
	DefaultMaxDepth       = 256
	DefaultMaxDiagnostics = 1000
	DefaultMaxCalls       = 1024
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
	if l.MaxCalls <= 0 {
		l.MaxCalls = DefaultMaxCalls
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
