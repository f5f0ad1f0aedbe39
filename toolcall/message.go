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

// PromptOptions are what a gateway asks of any format's prompt: its
// template variant, and the templates' variables a request may set (its
// chat_template_kwargs). Every format's RenderPrompt and Prompt take
// them; a template without a variable ignores its field, and each
// format's doc says which it reads. The zero value is each template's
// defaults.
type PromptOptions struct {
	// Profile names the template variant, one of the format's
	// PromptProfiles; "" is its default (its newest model's template).
	Profile string
	// Thinking turns the template's reasoning switch (enable_thinking,
	// thinking) on or off; nil keeps the profile's default. Templates
	// without one ignore it.
	Thinking *bool
	// Date is the date templates that write one write (Llama 3's "Today
	// Date", gpt-oss's "Current date", LFM2.5's "Today's date",
	// Mistral-Small-3.2's system prompt), each in its template's layout;
	// the zero time writes what the template writes when given none
	// (today's, UTC, or a fixed date).
	Date time.Time
	// ReasoningEffort is the template's reasoning_effort (gpt-oss: "low",
	// "medium" or "high"; Solar Open: "minimal" and "low" leave the
	// reasoning empty) or thinking_effort (Kimi K3: "low", "medium",
	// "high" or "max"); "" is the template's default.
	ReasoningEffort string
	// ThinkingBudget is the template's thinking_budget (Seed-OSS): the
	// tokens the model may think for, which the prompt tells it; 0 (or
	// less) sets none.
	ThinkingBudget int
	// KeepReasoning keeps the reasoning of every assistant turn in the
	// history, not only of those after the last user message, as GLM-4.7's
	// clear_thinking=false does. Templates that always keep it, or always
	// drop it, ignore it.
	KeepReasoning bool
	// ModelIdentity is the template's model_identity: the line gpt-oss's
	// system message begins with in place of "You are ChatGPT, a large
	// language model trained by OpenAI."; "" keeps the template's.
	ModelIdentity string
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
	// RefuseSpecialTokens makes Prompt (and every format's RenderPrompt)
	// return an error naming the token.
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
