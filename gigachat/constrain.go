package gigachat

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// heads are the call markers a constrained call may begin with: GigaChat
// 3.1's, and 3's, so that one grammar serves a model of either.
var heads = []string{call31Text, call3Text}

// begin is what comes before a call's arguments after its marker.
func begin(name string) string { return `{"name": ` + grammar.JSONText(name) + `, "arguments": ` }

// Grammar returns an xgrammar EBNF grammar for GigaChat calls as
// RenderCalls and RenderCalls3 write them: each call's marker (GigaChat
// 3.1's <|function_call|> or GigaChat 3's
// <|message_sep|>\n\nfunction call<|role_sep|>\n), then the call object
// {"name": "NAME", "arguments": ARGS}, whose name is one of the request's
// tools and whose arguments follow its JSON Schema; one call, or more
// back to back.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return "", err
	}
	b := grammar.New(grammar.JSON, "")
	alts, err := b.Alternatives(c.Tools, nil, func(name, args string) string {
		return grammar.Lit(begin(name)) + " " + args + " " + grammar.Lit("}")
	})
	if err != nil {
		return "", err
	}
	b.Rule("call-head", grammar.Lit(heads[0])+" | "+grammar.Lit(heads[1]))
	b.Rule("call", b.R("call-head")+" ("+grammar.Alts(alts)+")")
	return b.String(b.Repeat("call", c.One, "")), nil
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on either call marker, one tag per marker and tool, from the
// marker and the call object's start to its close, whose content is the
// tool's JSON Schema. "auto" lets free text come first; "required" and a
// named tool put a call at the start; parallel_tool_calls false and a
// named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	var tags []grammar.Tag
	for _, head := range heads {
		for _, t := range c.Tools {
			tags = append(tags, grammar.Tag{Begin: head + begin(t.Name), Content: grammar.JSONSchema(t), End: "}"})
		}
	}
	tt := grammar.Triggered(heads[0], tags, c)
	tt.Triggers = heads
	return grammar.StructuralTag(tt)
}

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
