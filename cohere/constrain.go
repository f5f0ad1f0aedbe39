package cohere

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// actionSection is the action's frame, as RenderCalls writes it: the calls
// stand in a JSON list inside it, separated by callSep, each one object.
var actionSection = grammar.Section{Open: actionText, Close: actionEndText, Lead: "[\n    ", Trail: "\n]", Calls: calls}

// callSep separates the calls in the action's list.
const callSep = ",\n    "

// calls returns a builder holding the rule "call", one alternative per
// tool (any number as the call's ID), and the expression for the calls
// inside the action's list that c allows: one, or one or more.
func calls(c grammar.Choice) (*grammar.Builder, string, error) {
	b := grammar.New(grammar.JSON, "")
	alts, err := b.Alternatives(c.Tools, nil, func(name, args string) string {
		return grammar.Lit(`{"tool_call_id": "`) + ` [0-9]+ ` +
			grammar.Lit(`", "tool_name": `+grammar.JSONText(name)+`, "parameters": `) + " " + args + " " + grammar.Lit("}")
	})
	if err != nil {
		return nil, "", err
	}
	b.Rule("call", grammar.Alts(alts))
	return b, b.Repeat("call", c.One, grammar.Lit(callSep)), nil
}

// Grammar returns an xgrammar EBNF grammar for an action as RenderCalls
// writes it: <|START_ACTION|>, a JSON list of call objects laid out as
// the template lays them out, whose IDs are numbers, whose names are the
// request's tools and whose parameters follow each tool's JSON Schema,
// then <|END_ACTION|>.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) { return actionSection.Grammar(req) }

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <|START_ACTION|>, one tag whose inside is the list of
// Grammar, ended by <|END_ACTION|>. "auto" lets free text (the plan, a
// response) come first; "required" and a named tool put the action at the
// start; parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return actionSection.StructuralTag(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
