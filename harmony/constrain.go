package harmony

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// tagsWithSeparator is xgrammar's tags_with_separator format: tags one
// after another, a separator between them.
type tagsWithSeparator struct {
	Type           string        `json:"type"`
	Tags           []grammar.Tag `json:"tags"`
	Separator      string        `json:"separator"`
	AtLeastOne     bool          `json:"at_least_one"`
	StopAfterFirst bool          `json:"stop_after_first"`
}

var anyText = struct {
	Type string `json:"type"`
}{"any_text"}

// StructuralTag returns xgrammar's structural tag for the request, shaped
// as xgrammar's own harmony builder shapes it: messages separated by
// <|start|>assistant; an analysis message (any text, ending <|end|>); one
// call tag per tool, <|channel|>commentary to=functions.NAME
// <|constrain|>json<|message|> then the arguments by the tool's JSON Schema,
// ending <|call|>; and, unless a call is required ("required" or a named
// tool), a final message (any text, ending <|end|>). Where a call is
// required, the reply is an optional analysis message and then one call
// or more (one under a named tool or parallel_tool_calls false): an
// analysis message alone does not satisfy it. Otherwise the format cannot
// count calls apart from other messages, so parallel_tool_calls false is
// left to the stream, which returns only the first call.
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	analysis := grammar.Tag{Type: "tag", Begin: channelText + "analysis" + messageText, Content: anyText, End: endText}
	var calls []grammar.Tag
	for _, t := range c.Tools {
		calls = append(calls, grammar.Tag{Type: "tag", Begin: callHeader(t.Name), Content: grammar.JSONSchema(t), End: callText})
	}
	if !c.AtLeastOne {
		tags := append([]grammar.Tag{analysis}, calls...)
		tags = append(tags, grammar.Tag{Type: "tag", Begin: channelText + "final" + messageText, Content: anyText, End: endText})
		return grammar.StructuralTag(tagsWithSeparator{Type: "tags_with_separator", Tags: tags, Separator: startText + "assistant", AtLeastOne: true})
	}
	// A call is required: an optional analysis message, then one call or
	// more (an analysis message alone does not satisfy it).
	callList := tagsWithSeparator{Type: "tags_with_separator", Tags: calls, Separator: startText + "assistant", AtLeastOne: true, StopAfterFirst: c.One}
	return grammar.StructuralTag(choice{Type: "or", Elements: []any{
		callList,
		sequence{Type: "sequence", Elements: []any{analysis, constString{Type: "const_string", Value: startText + "assistant"}, callList}},
	}})
}

// choice, sequence and constString are xgrammar's or, sequence and
// const_string formats.
type choice struct {
	Type     string `json:"type"`
	Elements []any  `json:"elements"`
}

type sequence struct {
	Type     string `json:"type"`
	Elements []any  `json:"elements"`
}

type constString struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

// Grammar returns an xgrammar EBNF grammar for gpt-oss calls: an optional
// analysis message, then calls as RenderCalls writes them, whose names are
// the request's tools and whose arguments follow each tool's JSON Schema.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of pythonic.Grammar.
func Grammar(req toolcall.Request) (string, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return "", err
	}
	b := grammar.New(grammar.JSON, "")
	calls, err := frame.Calls(b, c)
	if err != nil {
		return "", err
	}
	b.Rule("analysis", grammar.Lit(channelText+"analysis"+messageText)+` [^<]* `+grammar.Lit(endText+startText+"assistant"))
	return b.String("analysis? " + calls), nil
}

// frame is how gpt-oss writes calls, as RenderCalls writes them.
var frame = grammar.Frame{Begin: callHeader, End: callText, Sep: startText + "assistant"}

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
