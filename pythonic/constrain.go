package pythonic

import (
	"errors"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// ErrNoStartMarker says a pythonic call list has no start marker to
// trigger on: with tool_choice "auto" (free text, then maybe calls) there is
// nothing to hang a structural tag on. "required" and a named tool are
// constrained: the whole output is then the call list.
var ErrNoStartMarker = errors.New(`pythonic: a call list has no start marker, so tool_choice "auto" cannot be constrained; "required" and a named tool can`)

// Grammar returns an xgrammar EBNF grammar for a call list whose calls name
// the request's tools (one tool for a named tool_choice; one call when
// parallel_tool_calls is false) with arguments that follow each tool's JSON
// Schema, written as Python literals: names, required and optional keys (in
// the schema's declared order; optional ones may be left out), string,
// number, integer, boolean and null types, enums and consts, nested objects
// and arrays, anyOf, oneOf, type lists and local $refs. What a context-free
// grammar cannot express here falls back to the value's general type:
// pattern, format, minimum and maximum, length and item-count bounds,
// uniqueItems, not, if/then/else, dependent schemas.
func Grammar(req toolcall.Request) (string, error) {
	b, list, err := grammar.PythonCalls(req)
	if err != nil {
		return "", err
	}
	return b.String(list), nil
}

// StructuralTag returns xgrammar's structural tag for the request: for
// "required" or a named tool, the whole output must be the call list of
// Grammar. "auto" cannot be constrained (ErrNoStartMarker).
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	if !c.AtLeastOne {
		return nil, ErrNoStartMarker
	}
	g, err := Grammar(req)
	if err != nil {
		return nil, err
	}
	return grammar.StructuralTag(grammar.GrammarFormat(g))
}

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
