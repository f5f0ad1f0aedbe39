package nemotronv2

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <TOOLCALL>, one tag from <TOOLCALL>[ to ]</TOOLCALL> whose
// content is the calls of Grammar. "auto" lets free text come first;
// "required" and a named tool put the block at the start;
// parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for a Nemotron Nano v2 block
// as RenderCalls writes it: <TOOLCALL>[, call objects {"name": "NAME",
// "arguments": ARGS} separated by ", ", whose names are the request's
// tools and whose arguments follow each tool's JSON Schema, then
// ]</TOOLCALL>.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
