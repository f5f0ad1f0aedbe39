package qwen3coder

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

func callBegin(name string) string { return toolCallText + "\n" + functionText + name + ">\n" }

const callEnd = functionEndText + "\n" + toolCallEndText

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <tool_call>, one tag per tool, <tool_call>\n<function=NAME>\n,
// the parameters by the tool's schema as an EBNF grammar (see Grammar;
// xgrammar's own qwen_xml style refuses newlines and '<' in string values,
// which Qwen3-Coder writes), then </function>\n</tool_call>. "auto" lets free text
// come first; "required" and a named tool put a call at the start;
// parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	tags := make([]grammar.Tag, len(c.Tools))
	for i, t := range c.Tools {
		b := grammar.New(grammar.JSON, "")
		params, err := b.TaggedArguments(t, grammar.QwenParameters)
		if err != nil {
			return nil, err
		}
		tags[i] = grammar.Tag{Begin: callBegin(t.Name), Content: grammar.GrammarFormat(b.String(params)), End: callEnd}
	}
	return grammar.StructuralTag(grammar.Triggered(toolCallText, tags, c))
}

// Grammar returns an xgrammar EBNF grammar for Qwen3-Coder calls as
// RenderCalls writes them, separated by a newline, whose names are the
// request's tools and whose parameters follow each tool's JSON Schema:
// declared order, required ones present, string values as text without
// "</", other values as JSON.
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
		params, err := b.TaggedArguments(t, grammar.QwenParameters)
		if err != nil {
			return "", err
		}
		alts = append(alts, grammar.Lit(callBegin(t.Name))+" "+params+" "+grammar.Lit(callEnd))
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
