// Package lfm2 reads the tool calls of Liquid AI's LFM2 and LFM2.5:
// <|tool_call_start|>[...]<|tool_call_end|> blocks, anywhere in the
// response, several per response.
//
// Inside a block: a pythonic call list, one or more calls separated by ','
// (or ';' and newlines), or JSON call objects; any name, including
// hyphenated names (sub-task-ending) and Python keywords (import), which the
// tokenizer reads as names, never by rewriting the text. Calls follow the
// pythonic package's literal language (a repeated keyword: the last value
// wins, with a diagnostic; markdown's \_ in names reads as '_'). JSON call
// objects may have their keys in any order, "arguments" or "parameters"
// (an object or a JSON string holding one), or OpenAI's {"type":
// "function", "function": {...}} shape; an object with a "name" and no
// arguments member is a call only when the name is a requested tool, its
// other members being the arguments. Text around blocks
// is content; outside a block nothing is a call. A block whose end marker is
// missing at the end of the response is read as it stands; a block that is
// not calls is content, verbatim, markers included; [] is no call and no
// content. <|im_end|> and <|endoftext|> are consumed, and also end an open
// block.
//
// LFM2 often repeats a block's body after its end marker and closes the
// repeat with a second <|tool_call_end|>. Text after a block that starts like
// a call is held until it is decided: when an orphan end marker closes it
// and it holds the same calls as the last block, it is dropped; otherwise it
// is content. An orphan end marker is always consumed.
//
// RenderPrompt writes the prompt each profile's chat template writes:
//   - lfm2 (default): LFM2's (350M to 2.6B; golden directory lfm2, from a
//     third-party copy), which LFM2-8B-A1B's shares (a llama.cpp fork's
//     LFM2-8B-A1B.jinja; golden directory lfm2_8b). The template drops an
//     assistant turn's calls, so the model would not see what it did: the
//     prompt writes them, as RenderCalls does, before the turn's text, and
//     matches the goldens byte for byte where there are none, and
//     elsewhere once they are taken out.
//   - lfm2.5: LFM2.5-1.2B-Thinking's (golden directory lfm25, from a
//     third-party copy of LiquidAI's template, with the unseen
//     conversations rendered from it), with "Today's date:"
//     (toolcall.PromptOptions.Date, today by default) and the tools after
//     the system text, past calls before the turn's text, their strings
//     in double quotes, objects as JSON and other values as Python's str
//     writes them (None, True, ['a', 'b']), and the last assistant turn's
//     reasoning kept.
//   - lfm2.5-8b: LFM2.5-8B-A1B's (llama.cpp's LFM2.5-8B-A1B.jinja; golden
//     directory lfm25_8b, the unseen conversations rendered from the same
//     file), as lfm2.5 with single quotes, the calls after the turn's
//     text, and the reasoning of the turns after the last user message
//     kept.
//   - lfm2.5-instruct: LFM2.5-1.2B-Instruct's as a llama.cpp fork copied
//     it (LFM2.5-Instruct.jinja; golden directory lfm25_instruct): "List
//     of tools: [...]" after the system text with no date, no reasoning
//     field read, and, like LFM2's, no past calls: the prompt writes them
//     as lfm2.5 does, and matches the golden as lfm2 matches its own.
//     LiquidAI's later LFM2.5 template (lfm2.5's) writes the date and the
//     calls; a GGUF file made before it keeps this one.
//
// The LFM2.5 templates write string values in past calls between quotes
// with no escapes, so a value holding a quote or a newline is not a
// literal the model can read back; the prompt escapes them as Python does
// (the goldens lfm25 and lfm25_8b match byte for byte for every
// conversation whose strings need no escape).
//
// Cut-off and end of turn: A call is complete only when its arguments are: a
// response the end cuts inside a call's arguments gives no call, its text
// coming back as content with a diagnostic (a coding agent must never run
// half a write); a block's list must close with ']'. A missing
// <|tool_call_end|> after it is tolerated, and so is one the end cuts
// (<|tool_call_e...), which is dropped, not content. <|im_end|> and
// <|endoftext|> end the response: what follows them is dropped, with one
// end_of_turn diagnostic.
package lfm2

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The block markers and the reasoning's tags.
const (
	startText  = "<|tool_call_start|>"
	endText    = "<|tool_call_end|>"
	thinkOpen  = "<think>"
	thinkClose = "</think>"
)

// turnEnds are the tokens that end LFM2's turn.
var turnEnds = []string{"<|im_end|>", "<|endoftext|>"}

// kBlock is the one kind of block.
const kBlock = 0

// table reads the block between the markers as code; an end marker in
// prose is dropped (an orphan), or ends an echo.
var table = block.Marked{
	Open: startText, End: endText,
	Kind:     block.Kind{End: block.MarkedEnd, Scan: block.ScanCode, Follow: block.FollowDecode},
	TurnEnds: turnEnds,
	Hooks:    func() block.Hooks { return new(echo) },
}.Format()

// Format is the LFM2 / LFM2.5 format.
//
// It implements toolcall.Reasoner.
var Format toolcall.Format = formatdef.NewReasoned(table.Named("lfm2"), methods, constraints,
	&toolcall.Reasoning{Open: thinkOpen, Close: thinkClose})

// profiles are the prompt profiles as the descriptor gives them, the
// default first, and the models each template is for.
var profiles = []toolcall.Profile{
	{Name: ProfileLFM2, Models: []string{"lfm2"}},
	{Name: ProfileLFM25, Models: []string{"lfm2.5"}},
	{Name: ProfileLFM25MoE, Models: []string{"lfm2.5 8b"}},
	{Name: ProfileLFM25Instruct, Models: []string{"lfm2.5 instruct"}},
}

// Profiles lists the prompt profiles' names, the default first.
var Profiles = prompt.ProfileNames(profiles)

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:    Format,
		Reply:     prompt.Reply{Open: thinkOpen, Close: thinkClose, Sep: "", End: "<|im_end|>", Render: RenderCalls}.Write,
		Aliases:   []string{"lfm", "lfm2_5"},
		Profiles:  profiles,
		EndOfTurn: turnEnds,
	})
}
