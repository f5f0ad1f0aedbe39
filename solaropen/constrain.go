package solaropen

import (
	"strings"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// callID is the grammar of a call's ID: ten lowercase letters and
// digits, as the template asks of the model.
var callID = strings.TrimSpace(strings.Repeat("[a-z0-9] ", 10))

// section is how Solar Open writes calls, as RenderCalls writes them:
// between <|tool_calls|> and <|calls|>.
var section = grammar.Section{Open: callsText, Close: callsEndText, Calls: callsRule}

// callsRule returns a builder holding the rules "call-id" and "call", one
// alternative of "call" per tool, and the expression for the calls inside
// the section that c allows: one, or one or more.
func callsRule(c grammar.Choice) (*grammar.Builder, string, error) {
	b := grammar.New(grammar.JSON, "")
	alts, err := b.Alternatives(c.Tools, nil, func(name, args string) string { return grammar.Lit(name+argsText) + " " + args })
	if err != nil {
		return nil, "", err
	}
	b.Rule("call-id", callID)
	b.Rule("call", grammar.Lit(callText)+" "+b.R("call-id")+" "+grammar.Lit(nameText)+" ("+grammar.Alts(alts)+") "+grammar.Lit(callEndText))
	return b, b.Repeat("call", c.One, ""), nil
}

// Grammar returns an xgrammar EBNF grammar for Solar Open's calls as
// RenderCalls writes them: <|tool_calls|>, then calls
// <|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>ARGS<|tool_call:end|>
// whose IDs are ten lowercase letters and digits, whose names are the
// request's tools and whose arguments follow each tool's JSON Schema,
// then <|calls|>.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return section.Grammar(req) }

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <|tool_calls|>, one tag from it to <|calls|> whose content
// is the calls of Grammar. "auto" lets free text come first; "required"
// and a named tool put the calls at the start; parallel_tool_calls false
// and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return section.StructuralTag(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
