package kimik2

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// calls returns the grammar of a section's inside: calls whose IDs name
// the request's tools and whose arguments follow each tool's JSON Schema.
func calls(c grammar.Choice) (*grammar.Builder, string, error) {
	b := grammar.New(grammar.JSON, "")
	var alts []string
	for _, t := range c.Tools {
		args, err := b.Arguments(t, false)
		if err != nil {
			return nil, "", err
		}
		alts = append(alts, grammar.Lit(callBeginText+"functions."+t.Name+":")+` [0-9]+ `+grammar.Lit(argBeginText)+" "+args+" "+grammar.Lit(callEndText))
	}
	b.Rule("call", grammar.Alts(alts))
	if c.One {
		return b, "call", nil
	}
	return b, "call+", nil
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <|tool_calls_section_begin|>, a section whose inside is the
// calls of Grammar. "auto" lets free text come first; "required" and a
// named tool put the section at the start; parallel_tool_calls false and a
// named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	b, inner, err := calls(c)
	if err != nil {
		return nil, err
	}
	tag := grammar.Tag{Begin: sectionBeginText, Content: grammar.GrammarFormat(b.String(inner)), End: sectionEndText}
	return grammar.StructuralTag(grammar.Triggered(sectionBeginText, []grammar.Tag{tag}, c))
}

// Grammar returns an xgrammar EBNF grammar for a section of Kimi K2 calls
// as RenderCalls writes it.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return "", err
	}
	b, inner, err := calls(c)
	if err != nil {
		return "", err
	}
	return b.String(grammar.Lit(sectionBeginText) + " " + inner + " " + grammar.Lit(sectionEndText)), nil
}

// Grammar implements toolcall.Constrainer.
func (format) Grammar(req toolcall.Request) (string, error) { return Grammar(req) }

// StructuralTag implements toolcall.Constrainer.
func (format) StructuralTag(req toolcall.Request) ([]byte, error) { return StructuralTag(req) }
