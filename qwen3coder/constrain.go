package qwen3coder

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how Qwen3-Coder writes calls, as RenderCalls writes them.
var frame = grammar.FunctionFrame(toolCallText, toolCallEndText, grammar.QwenParameters)

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <tool_call>, one tag per tool, <tool_call>\n<function=NAME>\n,
// the parameters by the tool's schema as an EBNF grammar (see Grammar;
// xgrammar's own qwen_xml style refuses newlines and '<' in string values,
// which Qwen3-Coder writes), then </function>\n</tool_call>. "auto" lets
// free text come first; "required" and a named tool put a call at the
// start; parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for Qwen3-Coder calls as
// RenderCalls writes them, separated by a newline, whose names are the
// request's tools and whose parameters follow each tool's JSON Schema:
// declared order, required ones present, string values as raw text that
// never holds "</parameter>" (any other tag may stand in it), values that
// may be a string or another type as raw text or JSON of that type,
// other values as JSON: the way the reader takes each type back.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
