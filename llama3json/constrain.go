package llama3json

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how Llama 3.x writes calls, as RenderCalls writes them.
var frame = grammar.Frame{
	Begin:   callBegin,
	End:     "}",
	Sep:     "; ",
	Trigger: `{"name": `,
}

// StructuralTag returns xgrammar's structural tag for the request, as
// xgrammar's own llama builder shapes it: triggered on {"name": , one tag
// per tool, {"name": "NAME", "parameters":  then the arguments by the
// tool's JSON Schema, then }. "auto" lets free text come first; "required"
// and a named tool put a call at the start; parallel_tool_calls false and a
// named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for Llama 3.x JSON calls as
// RenderCalls writes them, separated by "; ", whose names are the
// request's tools and whose arguments follow each tool's JSON Schema.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
