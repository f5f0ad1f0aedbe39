package deepseek

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how DeepSeek V3.1 writes calls, as RenderCalls writes them: a
// section, and in it each call between its markers.
var frame = grammar.Frame{
	Open: callsBeginText, Close: callsEndText,
	Begin: func(name string) string { return callBeginText + name + sepText },
	End:   callEndText,
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <｜tool▁calls▁begin｜>, a section whose inside is the calls
// of Grammar. "auto" lets free text come first; "required" and a named
// tool put the section at the start; parallel_tool_calls false and a named
// tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for a section of calls in
// V3.1's form, as RenderCalls writes it, whose names are the request's
// tools and whose arguments follow each tool's JSON Schema.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
