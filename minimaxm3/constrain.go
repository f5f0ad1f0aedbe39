package minimaxm3

import (
	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/toolcall"
)

// frame is how MiniMax-M3 writes calls, as RenderCalls writes them: one
// block around them, back to back, each argument an element.
var frame = grammar.Frame{
	Begin:  func(name string) string { return invokeOpener + name + `">` },
	End:    invokeClose + "\n",
	Nested: &grammar.Nested{Tag: element, Item: itemKey, Without: ns},
	Open:   blockOpen + "\n",
	Close:  blockClose,
}

// element frames an element named key: ]<]minimax[>[<KEY> and
// ]<]minimax[>[</KEY>.
func element(key string) (string, string) { return ns + "<" + key + ">", ns + "</" + key + ">" }

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on ]<]minimax[>[<tool_call>, one tag holding the block, its
// content the calls' grammar (see Grammar). "auto" lets free text come
// first; "required" and a named tool put a call at the start;
// parallel_tool_calls false and a named tool allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) { return frame.StructuralTag(req) }

// Grammar returns an xgrammar EBNF grammar for MiniMax-M3 calls as
// RenderCalls writes them, in one block, whose names are the request's
// tools and whose arguments follow each tool's JSON Schema: declared
// order, required ones present; a value whose schema allows a string as
// raw text that never holds the namespace token (any tag may stand in
// it); a number, boolean or null as JSON; an object whose schema lists
// its properties as their elements (one that lists none as elements of
// any names), an array as its items' elements, and either also as JSON
// text (as RenderCalls writes one whose elements would not read back); a
// value whose schema names no type as raw text or elements of any names,
// nested so: the ways the reader takes each type back.
//
// The schema features it constrains, and those that fall back to their
// general type, are those of the internal grammar package (the same for
// every format).
func Grammar(req toolcall.Request) (string, error) { return frame.Grammar(req) }

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}
