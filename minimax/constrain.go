package minimax

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how MiniMax-M2 writes calls, as RenderCalls writes them: one
// block around them, back to back.
var frame = grammar.Frame{
	Begin:  func(name string) string { return invokeText + name + nameEndText + "\n" },
	End:    invokeEndText + "\n",
	Tagged: parameter,
	Open:   toolCallText + "\n",
	Close:  toolCallEndText,
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <minimax:tool_call>, one tag holding the block, its
// content the calls' grammar (see Grammar). "auto" lets free text come
// first; "required" and a named tool put a call at the start;
// parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for MiniMax-M2 calls as
// RenderCalls writes them, in one <minimax:tool_call> block, whose names
// are the request's tools and whose parameters follow each tool's JSON
// Schema: declared order, required ones present, string values as raw
// text that never holds "</parameter>" (any other tag may stand in it),
// values that may be a string or another type as raw text or JSON of that
// type, other values as JSON: the way the reader takes each type back.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of the internal grammar package (the same for
// every format).
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
