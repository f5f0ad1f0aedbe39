package mistral

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how Mistral v13 writes calls, as RenderCalls writes them: a
// call ends with its JSON.
var frame = grammar.Frame{
	Begin:   func(name string) string { return toolCallsText + name + argsText },
	Trigger: toolCallsText,
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on [TOOL_CALLS], one tag per tool, [TOOL_CALLS]NAME[ARGS] then
// the arguments by the tool's JSON Schema (the call ends with its JSON, so
// the tag's end is empty). "auto" lets free text come first; "required" and
// a named tool put a call at the start; parallel_tool_calls false and a
// named tool allow one call. (xgrammar has no builtin for Mistral.)
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for v13 calls as RenderCalls
// writes them, whose names are the request's tools and whose arguments
// follow each tool's JSON Schema.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
