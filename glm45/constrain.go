package glm45

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <tool_call>, one tag per tool, <tool_call>NAME\n, the
// arguments by the tool's schema as an EBNF grammar (see Grammar), then
// </tool_call>. "auto" lets free text come first; "required" and a named
// tool put a call at the start; parallel_tool_calls false and a named tool
// allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	tags := make([]grammar.Tag, len(c.Tools))
	for i, t := range c.Tools {
		b := grammar.New(grammar.JSON, "")
		args, err := b.TaggedArguments(t, grammar.GLMArgs)
		if err != nil {
			return nil, err
		}
		tags[i] = grammar.Tag{Begin: startText + t.Name + "\n", Content: grammar.GrammarFormat(b.String(args)), End: endText}
	}
	return grammar.StructuralTag(grammar.Triggered(startText, tags, c))
}

// Grammar returns an xgrammar EBNF grammar for GLM calls as RenderCalls
// writes them, separated by a newline, whose names are the request's
// tools and whose arguments follow each tool's JSON Schema: declared
// order, required ones present, string values as text without "</", other
// values as JSON.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return "", err
	}
	b := grammar.New(grammar.JSON, "")
	var alts []string
	for _, t := range c.Tools {
		args, err := b.TaggedArguments(t, grammar.GLMArgs)
		if err != nil {
			return "", err
		}
		alts = append(alts, grammar.Lit(startText+t.Name+"\n")+" "+args+" "+grammar.Lit(endText))
	}
	b.Rule("call", grammar.Alts(alts))
	if c.One {
		return b.String("call"), nil
	}
	return b.String(`call ("\n" call)*`), nil
}

// Grammar implements toolcall.Constrainer.
func (format) Grammar(req toolcall.Request) (string, error) { return Grammar(req) }

// StructuralTag implements toolcall.Constrainer.
func (format) StructuralTag(req toolcall.Request) ([]byte, error) { return StructuralTag(req) }
