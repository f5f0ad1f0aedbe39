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
package lfm2

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/toolcall"
)

// Format is the LFM2 / LFM2.5 format.
var Format toolcall.Format = format{}

// The block markers.
const (
	startText = "<|tool_call_start|>"
	endText   = "<|tool_call_end|>"
)

// The format's markers, keyed by these tokens.
const (
	toolCallStart block.Token = iota
	toolCallEnd
	imEnd
	endOfText
)

const kBlock = 0 // the one kind of block

var format_ = block.Format{
	Markers: []block.Marker{
		toolCallStart: {Text: startText, Role: block.Opens, Kind: kBlock},
		toolCallEnd:   {Text: endText}, // dropped in prose (an orphan), or ends an echo
		imEnd:         {Text: "<|im_end|>", EndsTurn: true},
		endOfText:     {Text: "<|endoftext|>", EndsTurn: true},
	},
	Kinds: []block.Kind{kBlock: {End: toolCallEnd, Scan: block.ScanCode, Follow: block.FollowDecode}},
	Hooks: func() block.Hooks { return new(echo) },
}

type format struct{}

// Reasoning implements toolcall.Reasoner.
func (format) Reasoning() toolcall.Reasoning {
	return toolcall.Reasoning{Open: "<think>", Close: "</think>"}
}

func (format) Name() string { return "lfm2" }

func (format) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	return block.NewDecoder(&format_, req)
}

func init() { toolcall.Register(Format, "lfm", "lfm2_5") }
