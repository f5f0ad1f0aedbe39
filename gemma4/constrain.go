package gemma4

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemadoc"
	"github.com/toolparse/toolparse/toolcall"
)

// Grammar returns an EBNF grammar (the GBNF subset xgrammar and llama.cpp
// read) for Gemma 4 calls as RenderCalls writes them, back to back: the
// request's tools' names, each call's arguments in Gemma's literal language
// by the tool's JSON Schema: keys in sorted order (the template's
// dictsort), required ones present, optional ones optional; strings
// between <|"|> that never hold <|"|>; integers, numbers, booleans and
// null as JSON writes them; enums and consts as their values written so;
// anyOf and oneOf as alternatives; $ref followed; arrays by their items,
// objects by their properties. A schema (or subschema) that says nothing
// of its type allows any value; no whitespace between tokens.
//
// "auto" and "required" allow one or more calls, parallel_tool_calls
// false and a named tool one; "none" is an error, as for every format.
func Grammar(req toolcall.Request) (string, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return "", err
	}
	g := newBuilder()
	var alts []string
	for _, t := range c.Tools {
		args, err := g.arguments(t)
		if err != nil {
			return "", err
		}
		alts = append(alts, grammar.Lit(startText+callPrefix+t.Name)+" "+args+" "+grammar.Lit(endText))
	}
	g.rule("call", grammar.Alts(alts))
	calls := "call+"
	if c.One {
		calls = "call"
	}
	return g.grammar(calls), nil
}

// StructuralTag returns xgrammar's structural tag for the request:
// triggered on <|tool_call>, one tag per tool, <|tool_call>call:NAME, the
// arguments by the tool's schema as an EBNF grammar (see Grammar), then
// <tool_call|>. "auto" lets free text come first; "required" and a named
// tool put a call at the start; parallel_tool_calls false and a named tool
// allow one call.
func StructuralTag(req toolcall.Request) ([]byte, error) {
	c, err := grammar.ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	var tags []grammar.Tag
	for _, t := range c.Tools {
		g := newBuilder()
		args, err := g.arguments(t)
		if err != nil {
			return nil, err
		}
		tags = append(tags, grammar.Tag{Begin: startText + callPrefix + t.Name, Content: grammar.GrammarFormat(g.grammar(args)), End: endText})
	}
	return grammar.StructuralTag(grammar.Triggered(startText, tags, c))
}

// constraints gives the format its Grammar and StructuralTag methods.
var constraints = &grammar.Constraints{EBNF: Grammar, Tag: StructuralTag}

// maxSteps bounds the subschemas one grammar visits.
const maxSteps = 1 << 14

var errTooMuch = fmt.Errorf("gemma4: the schema needs more than %d subschemas visited", maxSteps)

// builder writes the rules of one grammar.
type builder struct {
	rules []string
	doc   *schemadoc.Doc
	refs  map[*jsonvalue.Value]string
	n     int
	steps int
}

func newBuilder() *builder {
	g := &builder{refs: map[*jsonvalue.Value]string{}}
	q := grammar.Lit(quoteText)
	g.rule("str", q+" ("+grammar.TextWithout(quoteText)+") "+q)
	digits := func(n int) string { return strings.Repeat(" [0-9]?", n) }
	g.rule("integer", `"-"? ("0" | [1-9]`+digits(18)+`)`)
	g.rule("number", `"-"? ("0" | [1-9]`+digits(20)+`) ("." [0-9]+)? ([eE] ("-" [0-9]+ | "+"? [0-9] [0-9]?))?`)
	g.rule("boolean", `"true" | "false"`)
	g.rule("null", `"null"`)
	g.rule("key", `[^:{}\[\],<\n \t"] ([^:{}\[\],<\n]* [^:{}\[\],<\n \t])? | str`)
	g.rule("value", `str | number | boolean | null | array | object`)
	g.rule("array", `"[" (value ("," value)*)? "]"`)
	g.rule("object", `"{" (key ":" value ("," key ":" value)*)? "}"`)
	return g
}

func (g *builder) rule(name, body string) { g.rules = append(g.rules, name+" ::= "+body) }

func (g *builder) fresh(kind string) string {
	g.n++
	return kind + "-" + strconv.Itoa(g.n)
}

func (g *builder) grammar(root string) string {
	return "root ::= " + root + "\n" + strings.Join(g.rules, "\n") + "\n"
}

// arguments returns the expression for a call's arguments: an object,
// whatever the schema's root says.
func (g *builder) arguments(t toolcall.Tool) (string, error) {
	g.doc = &schemadoc.Doc{Root: jsonvalue.Value{Kind: jsonvalue.Boolean, Bool: true}}
	clear(g.refs)
	if len(bytes.TrimSpace(t.Parameters)) > 0 {
		doc, err := schemadoc.Parse(t.Parameters)
		if err != nil {
			return "", fmt.Errorf("gemma4: the schema of %s: %w", t.Name, err)
		}
		g.doc = doc
	}
	out := "object"
	if root := g.doc.Resolve(&g.doc.Root); root != nil && root.Kind == jsonvalue.Object {
		out = g.object(root)
	}
	if g.steps > maxSteps {
		return "", errTooMuch
	}
	return out, nil
}

// value returns an expression for the values schema s allows.
func (g *builder) value(s *jsonvalue.Value) string {
	if g.steps++; g.steps > maxSteps || s == nil {
		return "value"
	}
	if s.Kind == jsonvalue.Boolean && !s.Bool {
		return `""`
	}
	if s.Kind != jsonvalue.Object {
		return "value"
	}
	if ref := g.doc.Get(s, "$ref"); ref != nil && ref.Kind == jsonvalue.String {
		target := g.doc.Resolve(s)
		if target == nil {
			return "value"
		}
		if name, seen := g.refs[target]; seen {
			return name
		}
		name := g.fresh("ref")
		g.refs[target] = name
		g.rule(name, g.value(target))
		return name
	}
	if expr, ok := grammar.Combined(g.doc, s, g.literals, g.value); ok {
		return expr
	}
	types := g.doc.Types(s)
	if len(types) == 0 {
		switch {
		case g.doc.Get(s, "properties") != nil:
			types = []string{"object"}
		case g.doc.Get(s, "items") != nil:
			types = []string{"array"}
		default:
			return "value"
		}
	}
	var parts []string
	for _, t := range types {
		switch t {
		case "string":
			parts = append(parts, "str")
		case "number", "integer", "boolean", "null":
			parts = append(parts, t)
		case "array":
			parts = append(parts, g.array(s))
		case "object":
			parts = append(parts, g.object(s))
		default:
			parts = append(parts, "value")
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, " | ") + ")"
}

func (g *builder) array(s *jsonvalue.Value) string {
	item := "value"
	if items := g.doc.Get(s, "items"); items != nil && items.Kind == jsonvalue.Object {
		item = g.value(items)
	}
	name := g.fresh("array")
	g.rule(name, `"[" (`+item+` ("," `+item+`)*)? "]"`)
	return name
}

// object writes an object of the schema's properties in sorted order,
// required ones present, optional ones optional: rule first-i writes the
// members from the i-th on when none came before (no comma first), more-i
// when one did.
func (g *builder) object(s *jsonvalue.Value) string {
	props := g.doc.Get(s, "properties")
	if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
		return "object"
	}
	members := slices.Clone(props.Members)
	slices.SortStableFunc(members, func(a, b jsonvalue.Member) int { return strings.Compare(a.Key, b.Key) })
	members = slices.CompactFunc(members, func(a, b jsonvalue.Member) bool { return a.Key == b.Key })
	required := map[string]bool{}
	if req := g.doc.Get(s, "required"); req != nil && req.Kind == jsonvalue.Array {
		for _, r := range req.Items {
			if r.Kind == jsonvalue.String {
				required[r.Str] = true
			}
		}
	}
	base := g.fresh("object")
	first := func(i int) string { return base + "-f" + strconv.Itoa(i) }
	more := func(i int) string { return base + "-m" + strconv.Itoa(i) }
	n := len(members)
	for i := n - 1; i >= 0; i-- {
		key := members[i].Key
		kText := key
		if !bareKey(key) {
			kText = quoteText + key + quoteText
		}
		kv := grammar.Lit(kText+":") + " " + g.value(&members[i].Val)
		nextMore := ""
		nextFirst := ""
		if i+1 < n {
			nextMore, nextFirst = " "+more(i+1), first(i+1)
		}
		if required[key] {
			g.rule(first(i), kv+nextMore)
			g.rule(more(i), `"," `+kv+nextMore)
			continue
		}
		f, m := "("+kv+nextMore+")", `("," `+kv+nextMore+")"
		if nextFirst != "" {
			f += " | " + nextFirst
			m += " | " + more(i+1)
		} else {
			f += ` | ""`
			m += ` | ""`
		}
		g.rule(first(i), f)
		g.rule(more(i), m)
	}
	name := g.fresh("obj")
	g.rule(name, `"{" `+first(0)+` "}"`)
	return name
}

// literals writes a choice of the given values, as RenderCalls writes
// them.
func (g *builder) literals(vals []jsonvalue.Value) string {
	var parts []string
	for i := range vals {
		text, err := appendValue(nil, &vals[i], quoteText, true)
		if err != nil {
			continue // a value no call can hold
		}
		parts = append(parts, grammar.Lit(string(text)))
	}
	if len(parts) == 0 {
		return `""`
	}
	return "(" + strings.Join(parts, " | ") + ")"
}
