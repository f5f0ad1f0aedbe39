package olmo3

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// section is how OLMo 3 writes calls, as RenderCalls writes them: one
// per line between <function_calls> and </function_calls>.
var section = grammar.Section{Open: startText, Close: endText, Calls: body}

// body returns a builder holding the rules of what stands between
// <function_calls> and </function_calls>, and its expression: one call
// per line, with JSON literals.
func body(c grammar.Choice) (*grammar.Builder, string, error) {
	b := grammar.New(grammar.JSON, "")
	call, err := b.Call(c.Tools)
	if err != nil {
		return nil, "", err
	}
	if c.One {
		return b, `"\n"? ` + call + ` "\n"?`, nil
	}
	return b, `"\n"? ` + call + ` ("\n" ` + call + `)* "\n"?`, nil
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <function_calls>, a block whose inside is one call per line
// (see Grammar). "auto" lets free text come first; "required" and a named
// tool put the block at the start; parallel_tool_calls false and a named
// tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return section.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for an OLMo 3 block:
// <function_calls>, one call per line whose name is one of the request's
// tools and whose arguments follow its JSON Schema in JSON literals,
// </function_calls>.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return section.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
