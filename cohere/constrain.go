package cohere

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// The action's frame, as RenderCalls writes it: the calls stand between
// actionOpen and actionClose, separated by callSep, each one object.
const (
	actionOpen  = actionText + "[\n    "
	callSep     = ",\n    "
	actionClose = "\n]" + actionEndText
)

// calls adds the rule "call" to b, one alternative per tool (any number
// as the call's ID), and returns the expression for the calls inside the
// action that c allows: one, or one or more.
func calls(b *grammar.Builder, c grammar.Choice) (string, error) {
	var alts []string
	for _, t := range c.Tools {
		args, err := b.Arguments(t, false)
		if err != nil {
			return "", err
		}
		alts = append(alts, grammar.Lit(`{"tool_call_id": "`)+` [0-9]+ `+
			grammar.Lit(`", "tool_name": `+grammar.JSONText(t.Name)+`, "parameters": `)+" "+args+" "+grammar.Lit("}"))
	}
	b.Rule("call", grammar.Alts(alts))
	if c.One {
		return b.R("call"), nil
	}
	return b.R("call") + " (" + grammar.Lit(callSep) + " " + b.R("call") + ")*", nil
}

// Grammar returns an xgrammar EBNF grammar for an action as RenderCalls
// writes it: <|START_ACTION|>, a JSON list of call objects laid out as
// the template lays them out, whose IDs are numbers, whose names are the
// request's tools and whose parameters follow each tool's JSON Schema,
// then <|END_ACTION|>.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return "", err
	}
	b := grammar.New(grammar.JSON, "")
	list, err := calls(b, c)
	if err != nil {
		return "", err
	}
	return b.String(grammar.Lit(actionOpen) + " " + list + " " + grammar.Lit(actionClose)), nil
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <|START_ACTION|>, one tag whose inside is the list of
// Grammar, ended by <|END_ACTION|>. "auto" lets free text (the plan, a
// response) come first; "required" and a named tool put the action at the
// start; parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	b := grammar.New(grammar.JSON, "")
	list, err := calls(b, c)
	if err != nil {
		return nil, err
	}
	inside := grammar.Lit("[\n    ") + " " + list + " " + grammar.Lit("\n]")
	tag := grammar.Tag{Begin: actionText, Content: grammar.GrammarFormat(b.String(inside)), End: actionEndText}
	return grammar.StructuralTag(grammar.Triggered(actionText, []grammar.Tag{tag}, c))
}

// Grammar implements toolcall.Constrainer.
func (format) Grammar(req toolcall.Request) (string, error) { return Grammar(req) }

// StructuralTag implements toolcall.Constrainer.
func (format) StructuralTag(req toolcall.Request) ([]byte, error) { return StructuralTag(req) }
