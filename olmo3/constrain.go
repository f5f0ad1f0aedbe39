package olmo3

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// body returns the grammar of what stands between <function_calls> and
// </function_calls>: one call per line, with JSON literals.
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
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	b, inner, err := body(c)
	if err != nil {
		return nil, err
	}
	tag := grammar.Tag{Begin: startText, Content: grammar.GrammarFormat(b.String(inner)), End: endText}
	return grammar.StructuralTag(grammar.Triggered(startText, []grammar.Tag{tag}, c))
}

// Grammar returns an xgrammar EBNF grammar for an OLMo 3 block:
// <function_calls>, one call per line whose name is one of the request's
// tools and whose arguments follow its JSON Schema in JSON literals,
// </function_calls>.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return "", err
	}
	b, inner, err := body(c)
	if err != nil {
		return "", err
	}
	return b.String(grammar.Lit(startText) + " " + inner + " " + grammar.Lit(endText)), nil
}

// Grammar implements toolcall.Constrainer.
func (format) Grammar(req toolcall.Request) (string, error) { return Grammar(req) }

// StructuralTag implements toolcall.Constrainer.
func (format) StructuralTag(req toolcall.Request) ([]byte, error) { return StructuralTag(req) }
