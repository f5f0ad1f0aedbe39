package minimaxm3

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is the MiniMax-M3 format.
var Format toolcall.Format = format{methods, constraints}

// The format's tokens and tags.
const (
	ns           = "]<]minimax[>[" // the namespace token every call tag begins with
	toolCallTag  = "<tool_call>"
	toolCallEnd  = "</tool_call>"
	invokeTag    = `<invoke name="`
	invokeEnd    = "</invoke>"
	itemKey      = "item" // an array's elements are elements of this name
	thinkOpen    = "<mm:think>"
	thinkClose   = "</mm:think>"
	turnEnd      = "[e~["  // ends every turn
	roleStart    = "]~b]"  // starts a turn's role header
	promptStart  = "]~!b[" // starts the prompt
	imageToken   = "]<]image[>["
	videoToken   = "]<]video[>["
	blockOpen    = ns + toolCallTag
	blockClose   = ns + toolCallEnd
	invokeClose  = ns + invokeEnd
	invokeOpener = ns + invokeTag
)

type format struct {
	*prompt.Methods
	*grammar.Constraints
}

// Name implements toolcall.Format.
func (format) Name() string { return "minimax_m3" }

// NewDecoder implements toolcall.Format.
func (format) NewDecoder(req *toolcall.Request) toolcall.Decoder { return newDecoder(req) }

// Reasoning implements toolcall.Reasoner: <mm:think> ... </mm:think>. The
// template's default (thinking mode adaptive) leaves reasoning closed, so
// the output streams from its first byte; a prompt that opens it (thinking
// mode enabled) says so (toolcall.Prompt.InReasoning). A call block while
// reasoning is open ends it.
func (format) Reasoning() toolcall.Reasoning {
	return toolcall.Reasoning{Open: thinkOpen, Close: thinkClose, EndedBy: []string{blockOpen}}
}

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   Reply,
		Aliases: []string{"minimax-m3", "minimaxm3"},
		Profiles: []toolcall.Profile{{
			Name:   ProfileM3,
			Models: []string{"minimax m3"},
			// The template's source holds the namespace token and the
			// think tag literally; its call tags it builds of parts.
			Template: []string{ns, thinkOpen, roleStart},
		}},
		EndOfTurn: []string{turnEnd, roleStart},
	})
}

// Reply writes a whole reply as MiniMax-M3 writes one after its default
// prompt, which leaves reasoning closed: the reasoning in <mm:think> tags
// (none when there is none), the content, the calls and [e~[.
func Reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	return prompt.Reply{Open: thinkOpen, Close: thinkClose, End: turnEnd, Render: RenderCalls}.Write(reasoning, content, calls)
}
