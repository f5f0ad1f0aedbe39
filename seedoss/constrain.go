package seedoss

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how Seed-OSS writes calls, as RenderCalls writes them:
// Qwen3-Coder's layout, its values that are no strings as Python's str
// writes them.
var frame = func() grammar.Frame {
	f := grammar.FunctionFrame(toolCallText, toolCallEndText, parameter)
	f.Repr = true
	return f
}()

// parameter frames an argument as Seed-OSS writes it:
// <parameter=KEY>VALUE</parameter>\n, with no newline around the value.
func parameter(key string) (string, string) {
	return parameterText + key + ">", parameterEndText + "\n"
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <seed:tool_call>, one tag per tool,
// <seed:tool_call>\n<function=NAME>\n, the parameters by the tool's schema
// as an EBNF grammar (see Grammar), then </function>\n</seed:tool_call>.
// "auto" lets free text come first; "required" and a named tool put a
// call at the start; parallel_tool_calls false and a named tool allow one
// call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for Seed-OSS calls as
// RenderCalls writes them, separated by a newline, whose names are the
// request's tools and whose parameters follow each tool's JSON Schema:
// declared order, required ones present, string values as raw text that
// never holds "</parameter>" (any other tag may stand in it), values that
// may be a string or another type as raw text or a value of that type,
// other values as Python's str writes them (True, None, strings in
// either quote), as the template writes them and the reader takes them
// back.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of the internal grammar package (the same for
// every format).
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
