package apriel

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <tool_calls>, one tag from <tool_calls>[ to ]</tool_calls>
// whose content is the calls of Grammar. "auto" lets free text come first;
// "required" and a named tool put the block at the start;
// parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for an Apriel block as
// RenderCalls writes it for calls without IDs: <tool_calls>[, call objects
// {"name": "NAME", "arguments": ARGS} separated by ", ", whose names are
// the request's tools and whose arguments follow each tool's JSON Schema,
// then ]</tool_calls>. The model's IDs are left out: the stream gives
// each call one.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
