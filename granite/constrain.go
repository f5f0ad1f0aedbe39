package granite

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how Granite writes calls, as RenderCalls writes them: the
// array after <|tool_call|> is the section, which its own ']' closes.
var frame = grammar.ArrayFrame(array, startText)

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <|tool_call|>, one tag from <|tool_call|>[ to ] whose
// content is the calls of Grammar. "auto" lets free text come first;
// "required" and a named tool put the calls at the start;
// parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for Granite's calls as
// RenderCalls writes them: <|tool_call|>[, call objects {"name": "NAME",
// "arguments": ARGS} separated by ", ", whose names are the request's
// tools and whose arguments follow each tool's JSON Schema, then ].
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
