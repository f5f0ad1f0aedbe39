package dsml

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how the models of spelling s write calls, as RenderCallsFor
// writes them.
func (s *spelling) frame() grammar.Frame {
	return grammar.Frame{
		Begin: func(name string) string { return s.invoke + name + "\">\n" },
		End:   s.invokeEnd + "\n",
		Typed: func(key string, text bool) (string, string) {
			if text {
				return s.param + key + `" string="true">`, s.paramEnd + "\n"
			}
			return s.param + key + `" string="false">`, s.paramEnd + "\n"
		},
		Open:  s.block + "\n",
		Close: s.blockEnd,
	}
}

// Grammar returns an xgrammar EBNF grammar for a block of calls in
// V4.1's spelling (the default profile's), as GrammarFor writes it.
func Grammar(req toolcall.Request) (string, error) { return v41.frame().Grammar(req) }

// GrammarFor returns an xgrammar EBNF grammar for a block of calls as
// RenderCallsFor writes it in profile's spelling, whose names are the
// request's tools and whose parameters follow each tool's JSON Schema:
// declared order, required ones present; a value whose schema allows
// only strings as raw text with string="true", text that never holds the
// parameter's close tag (any other tag, and any part of that one, may
// stand in it); a value that may be a string or another type (or whose
// schema names no type, as RenderCallsFor writes any JSON value) either
// so or as JSON of that type with string="false"; any other value as
// JSON with string="false": the way the reader takes each back.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func GrammarFor(profile string, req toolcall.Request) (string, error) {
	s, err := spellingOf(profile)
	if err != nil {
		return "", err
	}
	return s.frame().Grammar(req)
}

// StructuralTag returns xgrammar's structural tag for the request in
// V4.1's spelling, as StructuralTagFor writes it.
func StructuralTag(req toolcall.Request) ([]byte, error) { return v41.frame().StructuralTag(req) }

// StructuralTagFor returns xgrammar's structural tag for the request in
// profile's spelling: triggered on the block's open tag, a block whose
// inside is the calls of GrammarFor. "auto" lets free text come first;
// "required" and a named tool put the block at the start;
// parallel_tool_calls false and a named tool allow one call.
func StructuralTagFor(profile string, req toolcall.Request) ([]byte, error) {
	s, err := spellingOf(profile)
	if err != nil {
		return nil, err
	}
	return s.frame().StructuralTag(req)
}

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
