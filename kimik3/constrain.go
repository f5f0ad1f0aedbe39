package kimik3

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// valueText is the rule of a value written as text: any text without
// <|close|>, the token every channel's end begins with.
var valueText = grammar.TextWithout("<|close|>")

// channel is the tools channel, as RenderCalls writes it: the calls
// between <|open|>tools<|sep|> and <|close|>tools<|sep|>.
var channel = grammar.Section{Open: toolsOpenText, Close: toolsCloseText, Calls: calls}

// calls returns a builder holding the rule "call", one alternative per
// tool of c, and the expression for the calls c allows, in the tools
// channel: one call, or one or more back to back. Each argument's type
// attribute names the JSON type of its value as RenderCalls writes it:
// "string" for a value written as text, else a type its schema allows
// (see grammar.Builder.KindTaggedArguments).
func calls(c grammar.Choice) (*grammar.Builder, string, error) {
	b := grammar.New(grammar.JSON, "")
	b.Rule("xml-text", valueText) // before KindTaggedArguments, whose own rule it replaces
	args := func(t toolcall.Tool) (string, error) {
		return b.KindTaggedArguments(t, func(key string) (string, string, string) {
			return argOpenText + ` key="` + escape(key) + `" type="`, `"` + sepText, argCloseText
		})
	}
	alts, err := b.Alternatives(c.Tools, args, func(name, args string) string {
		begin := callOpenText + ` tool="` + escape(name) + `" index="`
		return grammar.Lit(begin) + ` [1-9] [0-9]* ` + grammar.Lit(`"`+sepText) + " " + args + " " + grammar.Lit(callCloseText)
	})
	if err != nil {
		return nil, "", err
	}
	b.Rule("call", grammar.Alts(alts))
	return b, b.Repeat("call", c.One, ""), nil
}

// Grammar returns an xgrammar EBNF grammar for the tools channel as
// RenderCalls writes it: <|open|>tools<|sep|>, the calls the request
// allows (names among its tools, the index any number from 1), each
// argument's type attribute the JSON type of its value (text is
// "string"), its value by its schema (as glm45.Grammar writes values: text, or JSON), keys in
// declared order, required ones present; then <|close|>tools<|sep|>. A
// value written as text never holds <|close|>.
func Grammar(req toolcall.Request) (string, error) { return channel.Grammar(req) }

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <|open|>tools<|sep|>, one tag for the tools channel whose
// content is the calls' grammar (see Grammar), ending at
// <|close|>tools<|sep|>. "auto" lets free text come first; "required" and
// a named tool put the channel at the start; parallel_tool_calls false and
// a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return channel.StructuralTag(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
