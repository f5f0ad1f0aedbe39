package toolcall

// Message is one turn of a conversation, as a chat request carries it.
type Message struct {
	Role       string // "system", "user", "assistant" or "tool"
	Content    string
	ToolCalls  []Call // an assistant's calls
	ToolCallID string // for a tool's result: the call it answers
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
