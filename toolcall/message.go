package toolcall

import "time"

// Message is one turn of a conversation, as a chat request carries it.
type Message struct {
	Role    string // "system", "user", "assistant" or "tool"
	Content string
	// Reasoning is an assistant's reasoning, as a chat request carries it
	// back (reasoning_content). Each format's RenderPrompt keeps it on the
	// turns its template keeps it on, in the template's markers, and drops
	// it elsewhere.
	Reasoning  string
	ToolCalls  []Call // an assistant's calls
	ToolCallID string // for a tool's result: the call it answers
}

// Prompt is a conversation written as a model's chat template writes it,
// and what a stream reading the model's answer must know of it.
type Prompt struct {
	Text string
	// InReasoning says the prompt ends inside reasoning it opened (a
	// <think> left open, as Qwen3-Thinking-2507's and DeepSeek-V3.1's
	// thinking templates do): the answer begins as reasoning. When false,
	// it begins outside reasoning. Pass the Prompt to stream.ForPrompt so
	// the stream knows which, and holds nothing to find out.
	InReasoning bool
}

// PromptOptions are what a gateway that knows only the model's name (see
// package models) asks of any format's prompt: its template variant, and
// the choices most templates offer. Each format's own RenderPrompt takes
// options of its own with more.
type PromptOptions struct {
	// Profile names the template variant, one of the format's
	// PromptProfiles; "" is its default (its newest model's template).
	Profile string
	// Thinking turns the template's reasoning switch (enable_thinking,
	// thinking) on or off; nil keeps the profile's default. Templates
	// without one ignore it.
	Thinking *bool
	// Date is the date templates that write one write (Llama 3's "Today
	// Date", gpt-oss's "Current date", LFM2.5's "Today's date"); the zero
	// time writes what the template writes when given none.
	Date time.Time
	// SpecialTokens says what becomes of the format's special tokens
	// (<|im_start|>, [TOOL_CALLS], <｜tool▁sep｜>, ...) in the client's
	// text: message contents and reasoning, calls' names, arguments and
	// IDs, tools' names, descriptions and schemas. KeepSpecialTokens (the
	// default, as the chat templates do) writes them as they are: a
	// client can write a turn of its own, as it already can with the
	// roles it sends. A gateway that adds a system prompt of its own
	// should escape or refuse them.
	SpecialTokens string
}

// The SpecialTokens modes.
const (
	KeepSpecialTokens = ""
	// EscapeSpecialTokens breaks each token in client text with a
	// zero-width space (U+200B) after its first character: the text reads
	// the same, and the model server's tokenizer reads it as text.
	EscapeSpecialTokens = "escape"
	// RefuseSpecialTokens makes Prompt return an error naming the token.
	RefuseSpecialTokens = "refuse"
)

// Prompter is implemented by formats that write a conversation as their
// models' own chat templates do (every shipped format): a gateway that
// renders prompts itself calls it for any format by name.
type Prompter interface {
	// PromptProfiles lists the template variants the format writes, its
	// default first.
	PromptProfiles() []string
	// Prompt writes msgs and tools as the profile's template does.
	Prompt(msgs []Message, tools []Tool, opts PromptOptions) (Prompt, error)
}

// Renderer writes calls the way a model writes them, so that a prompt's
// history looks like the model's own output. Every shipped format
// implements it; parsing what RenderCalls writes gives the same calls back.
type Renderer interface {
	RenderCalls(calls []Call) (string, error)
}

// Constrainer is implemented by formats that can constrain a model's
// decoding to the request's tools: Grammar returns an EBNF grammar (the
// subset both xgrammar and llama.cpp's GBNF read) for what the model may
// write, and StructuralTag xgrammar's structural tag. Every shipped format
// implements it.
type Constrainer interface {
	Grammar(req Request) (string, error)
	StructuralTag(req Request) ([]byte, error)
}
