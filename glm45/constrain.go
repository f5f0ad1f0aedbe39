package glm45

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how GLM writes calls, as RenderCalls writes them.
var frame = grammar.Frame{
	Begin:   func(name string) string { return startText + name + "\n" },
	End:     endText,
	Sep:     "\n",
	Tagged:  grammar.GLMArgs,
	Trigger: startText,
}

// compactFrame is how GLM-4.7 writes calls.
var compactFrame = grammar.Frame{
	Begin:  func(name string) string { return startText + name },
	End:    endText,
	Tagged: func(key string) (string, string) { return "<arg_key>" + key + "</arg_key><arg_value>", "</arg_value>" },
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <tool_call>, one tag per tool, <tool_call>NAME\n, the
// arguments by the tool's schema as an EBNF grammar (see Grammar), then
// </tool_call>. "auto" lets free text come first; "required" and a named
// tool put a call at the start; parallel_tool_calls false and a named tool
// allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for GLM calls as RenderCalls
// writes them, separated by a newline, whose names are the request's
// tools and whose arguments follow each tool's JSON Schema: declared
// order, required ones present, string values as raw text that never
// holds "</arg_value>" (any other tag may stand in it), values that may be
// a string or another type as raw text or JSON of that type, other values
// as JSON: the way the reader takes each type back.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
