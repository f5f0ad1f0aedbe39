package llama4

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// StructuralTag returns xgrammar's structural tag for the request, as vLLM
// and SGLang take it in response_format: triggered on <function=, one tag
// per tool, <function=NAME>{json}</function>, whose JSON follows the tool's
// schema. "auto" lets free text come first; "required" and a named tool put
// a call at the start (at_least_one); parallel_tool_calls false and a named
// tool stop after the first call.
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	tags := make([]grammar.Tag, len(c.Tools))
	for i, t := range c.Tools {
		tags[i] = grammar.Tag{Begin: functionTag + t.Name + ">", Content: grammar.JSONSchema(t), End: functionEnd}
	}
	return grammar.StructuralTag(grammar.Triggered(functionTag, tags, c))
}

// Grammar returns an xgrammar EBNF grammar for Llama 4's calls: a Python
// call list, or function tags <function=NAME>{json}</function>, whose
// names are the request's tools and whose arguments follow each tool's JSON
// Schema (Python literals in the list, JSON in the tags).
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return "", err
	}
	py := grammar.New(grammar.Python, "")
	call, err := py.Call(c.Tools)
	if err != nil {
		return "", err
	}
	js := grammar.New(grammar.JSON, "j-")
	tags, err := js.Alternatives(c.Tools, nil, func(name, args string) string {
		return grammar.Lit(functionTag+name+">") + " " + js.R("ws") + " " + args + " " + js.R("ws") + " " + grammar.Lit(functionEnd)
	})
	if err != nil {
		return "", err
	}
	py.Rule("function-tag", grammar.Alts(tags))
	tagged := py.Repeat("function-tag", c.One, py.R("ws"))
	return py.String(py.List(call, c.One)+" | "+tagged) + js.Rules(), nil
}

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
