package lfm2

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// section is how LFM2 writes calls, as RenderCalls writes them: a Python
// call list between <|tool_call_start|> and <|tool_call_end|>.
var section = grammar.Section{Open: startText, Close: endText, Calls: grammar.PythonList}

// StructuralTag returns xgrammar's structural tag for the request: triggered
// on <|tool_call_start|>, a block whose inside is the call list of Grammar.
// "auto" lets free text come first; "required" and a named tool put a block
// at the start; parallel_tool_calls false and a named tool allow one call
// and stop after the block.
func StructuralTag(req toolcall.Request) ([]byte, error) { return section.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for an LFM2 block,
// <|tool_call_start|>[call, ...]<|tool_call_end|>, whose calls name the
// request's tools with arguments that follow each tool's JSON Schema,
// written as Python literals.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return section.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
