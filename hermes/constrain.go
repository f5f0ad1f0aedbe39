package hermes

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how Hermes writes calls, as RenderCalls writes them.
var frame = grammar.Frame{
	Begin: func(name string) string {
		return startText + "\n{\"name\": " + grammar.JSONText(name) + ", \"arguments\": "
	},
	End:     "}\n" + endText,
	Sep:     "\n",
	Trigger: startText,
}

// StructuralTag returns xgrammar's structural tag for the request, as
// xgrammar's own qwen_3 builder shapes it: triggered on <tool_call>, one
// tag per tool, <tool_call>\n{"name": "NAME", "arguments": then the
// arguments by the tool's JSON Schema, then }\n</tool_call>. "auto" lets
// free text come first; "required" and a named tool put a call at the
// start; parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for Hermes calls: <tool_call>
// blocks, as RenderCalls writes them, separated by a newline, whose names
// are the request's tools and whose arguments follow each tool's JSON
// Schema.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
