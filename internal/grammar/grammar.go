// Package grammar writes EBNF grammars that both xgrammar and llama.cpp's
// GBNF read, for tool calls:
// call names are the request's tools and every argument follows the tool's
// JSON Schema, in Python literal syntax or in JSON. It also builds
// xgrammar's structural tags. The formats' Grammar and StructuralTag
// functions are made from these pieces.
//
// What the grammar constrains: names; required and optional keys (in the
// schema's declared order, optional ones may be left out); string, number,
// integer, boolean and null types; enums and consts; nested objects and
// arrays (items, prefixItems); anyOf, oneOf and type lists; local $refs
// (recursive ones included). What it does not: pattern, format, numeric and
// length bounds, uniqueItems, additionalProperties: false (unknown keys are
// already excluded by the declared-keys rule), not, if/then/else — values
// there follow their general type. Numbers are bounded (integers to 19
// digits; other numbers to 21 integer digits and a positive exponent of
// two digits) so that every number the
// grammar allows is one a float64 holds. A call's arguments are always an
// object, whatever the root of a tool's schema says (or when it has none). Structural tags put the tools' JSON
// Schemas (json_schema) or these grammars (grammar) inside the format's
// own tags; no tag holds free text, so no free text can hold a marker.
//
// The dialect is the subset the two engines read alike: rule names of
// letters, digits and '-' (llama.cpp refuses '_'), one rule per line as
// "name ::= body", double-quoted literals with \" \\ \n \r \t escapes,
// character classes with ranges and \x escapes, grouping, | and the
// postfix ? * +; no comments, no {m,n} repetition.
//
// Schemas come from clients: each is read by schemadoc, which refuses the
// ones whose walk could not be bounded, and the walk here also stops after
// maxSteps subschemas (an error, never a hang).
package grammar

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/schemadoc"
	"github.com/toolparse/toolparse/toolcall"
)

// Syntax is the literal syntax of argument values.
type Syntax int

const (
	Python Syntax = iota // "s", 1, True, False, None, [..], {"k": v}
	JSON                 // "s", 1, true, false, null, [..], {"k": v}
	// Repr is what Python's str writes of a value that is no string (a
	// template's string filter: Seed-OSS's), Python with strings in
	// single or double quotes, as repr picks: 's', 1, True, None, {'k': v}.
	Repr
)

// maxSteps bounds how many subschemas one Arguments call visits.
const maxSteps = 1 << 16

// Builder accumulates the rules of one grammar.
type Builder struct {
	syntax Syntax
	prefix string // put before every rule name, so two builders can share a grammar
	rules  []string
	names  map[string]bool
	n      int

	// for the schema being written
	doc   *schemadoc.Doc
	refs  map[*jsonvalue.Value]string // subschema a $ref names -> its rule
	steps int
	frame Tagged      // how TaggedArguments frames an argument
	typed TypedTagged // how TypedTaggedArguments frames one
	kinds KindTagged  // how KindTaggedArguments frames one
	// how NestedArguments writes elements, and the rules of the
	// subschemas $refs name
	nest     *Nested
	nestRefs map[*jsonvalue.Value]string
}

// New returns a builder for values in the given syntax whose rule names
// start with prefix (letters, digits and '-').
func New(syntax Syntax, prefix string) *Builder {
	b := &Builder{syntax: syntax, prefix: prefix, names: map[string]bool{}}
	b.common()
	return b
}

// R returns the full name of the builder's rule name.
func (b *Builder) R(name string) string { return b.prefix + name }

// Rules returns the rules added so far, one per line.
func (b *Builder) Rules() string { return strings.Join(b.rules, "\n") + "\n" }

// Rule adds name ::= body; name gets the builder's prefix.
func (b *Builder) Rule(name, body string) {
	name = b.prefix + name
	if b.names[name] {
		return
	}
	b.names[name] = true
	b.rules = append(b.rules, name+" ::= "+body)
}

// String returns the grammar with root ::= rootBody first.
func (b *Builder) String(rootBody string) string {
	return "root ::= " + rootBody + "\n" + strings.Join(b.rules, "\n") + "\n"
}

// fresh returns a new rule name (without the builder's prefix).
func (b *Builder) fresh(kind string) string {
	b.n++
	return kind + "-" + strconv.Itoa(b.n)
}

// once returns a reference to the rule for the subschema target, named
// in seen: the first time, a fresh kind rule whose body is expr(target).
// A $ref's target gets one rule, however often (or recursively) it is
// named.
func (b *Builder) once(seen map[*jsonvalue.Value]string, kind string, target *jsonvalue.Value, expr func(*jsonvalue.Value) string) string {
	if name, ok := seen[target]; ok {
		return b.R(name)
	}
	name := b.fresh(kind)
	seen[target] = name
	b.Rule(name, expr(target))
	return b.R(name)
}

// Lit writes s as an EBNF string literal.
func Lit(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			sb.WriteString(`\"`)
		case '\\':
			sb.WriteString(`\\`)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		case '\t':
			sb.WriteString(`\t`)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// common adds the rules every grammar uses.
func (b *Builder) common() {
	ws, v, str := b.R("ws"), b.R("value"), b.R("string")
	b.Rule("ws", `[ \t\n]*`)
	// Numbers are bounded to what a float64 holds, so coercion and
	// validation keep them numbers: integers of at most 19 digits (an
	// int64's), numbers of at most 21 integer digits (as Go and JavaScript
	// write a float64 below 1e21) and an exponent of at most two digits
	// unless negative (below 1e121).
	digits := func(n int) string { return strings.Repeat(" [0-9]?", n) }
	b.Rule("integer", `"-"? ("0" | [1-9]`+digits(18)+`)`)
	b.Rule("number", `"-"? ("0" | [1-9]`+digits(20)+`) ("." [0-9]+)? ([eE] ("-" [0-9]+ | "+"? [0-9] [0-9]?))?`)
	if b.syntax == JSON {
		b.Rule("string", `"\"" ([^"\\\x00-\x1f] | "\\" (["\\/bfnrt] | "u" [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F]))* "\""`)
		b.Rule("boolean", `"true" | "false"`)
		b.Rule("null", `"null"`)
	} else {
		str := `"\"" ([^"\\] | "\\" [^\n])* "\""`
		if b.syntax == Repr {
			str += ` | "'" ([^'\\] | "\\" [^\n])* "'"`
		}
		b.Rule("string", str)
		b.Rule("boolean", `"True" | "False"`)
		b.Rule("null", `"None"`)
	}
	b.Rule("value", str+" | "+b.R("number")+" | "+b.R("boolean")+" | "+b.R("null")+" | "+b.R("array")+" | "+b.R("object"))
	b.Rule("array", `"[" `+ws+` (`+v+` (`+ws+` "," `+ws+` `+v+`)*)? `+ws+` "]"`)
	b.Rule("object", `"{" `+ws+` (`+str+` `+ws+` ":" `+ws+` `+v+` (`+ws+` "," `+ws+` `+str+` `+ws+` ":" `+ws+` `+v+`)*)? `+ws+` "}"`)
}

var errTooMuch = fmt.Errorf("grammar: the schema needs more than %d subschemas visited", maxSteps)

// Arguments returns the body of a rule for the arguments of a call to tool:
// key=value pairs (Python) or a JSON object (JSON), keys in declared order.
func (b *Builder) Arguments(tool toolcall.Tool, keyword bool) (string, error) {
	if err := b.load(tool); err != nil {
		return "", err
	}
	var out string
	switch root := b.doc.Resolve(&b.doc.Root); {
	case keyword:
		out = b.members(&b.doc.Root, styleKeyword)
	case root != nil && root.Kind == jsonvalue.Object && slices.Equal(b.doc.Types(root), []string{"object"}):
		out = b.Value(&b.doc.Root)
	case root != nil && root.Kind == jsonvalue.Object:
		out = b.object(root) // arguments are an object whatever the schema's root says
	default:
		out = b.R("object")
	}
	if b.steps > maxSteps {
		return "", errTooMuch
	}
	return out, nil
}

// load makes tool's schema the one the builder writes rules for.
func (b *Builder) load(tool toolcall.Tool) error {
	b.doc, b.refs, b.steps = &schemadoc.Doc{Root: jsonvalue.Value{Kind: jsonvalue.Boolean, Bool: true}}, map[*jsonvalue.Value]string{}, 0
	if len(bytes.TrimSpace(tool.Parameters)) > 0 {
		doc, err := schemadoc.Parse(tool.Parameters)
		if err != nil {
			return fmt.Errorf("grammar: the schema of %s: %w", tool.Name, err)
		}
		b.doc = doc
	}
	return nil
}

// Tagged is how a format that writes values as text frames one argument:
// what comes before its value (with the key) and after it.
type Tagged func(key string) (before, after string)

// QwenParameters frames an argument as Qwen3-Coder writes it:
// <parameter=KEY>\nVALUE\n</parameter>\n.
func QwenParameters(key string) (string, string) {
	return "<parameter=" + key + ">\n", "\n</parameter>\n"
}

// GLMArgs frames an argument as GLM writes it:
// <arg_key>KEY</arg_key>\n<arg_value>VALUE</arg_value>\n.
func GLMArgs(key string) (string, string) {
	return "<arg_key>" + key + "</arg_key>\n<arg_value>", "</arg_value>\n"
}

// TaggedArguments returns the body of a rule for the arguments of a call
// to tool as a format that writes values as text writes them, framed by
// frame, keys in declared order; a value whose schema allows only strings
// (or says nothing of its type) as raw text that never holds the value's
// own close tag (any other tag may stand in it), others as JSON, as
// schema.TextValue reads them back.
func (b *Builder) TaggedArguments(tool toolcall.Tool, frame Tagged) (string, error) {
	_, after := frame("k")
	b.frame, b.typed, b.nest, b.kinds = frame, nil, nil, nil
	return b.textArguments(tool, func() string { return TextWithout(strings.TrimSpace(after)) })
}

// textArguments returns the body of a rule for the arguments of a call to
// tool, written as text as the builder's frame, typed frame or nest says,
// the rule "xml-text" (whose body text writes) their raw text.
func (b *Builder) textArguments(tool toolcall.Tool, text func() string) (string, error) {
	if err := b.load(tool); err != nil {
		return "", err
	}
	b.Rule("xml-text", text())
	out := b.members(&b.doc.Root, styleXML)
	if b.steps > maxSteps {
		return "", errTooMuch
	}
	return out, nil
}

// TypedTagged is how a format that writes values as text and says in the
// tag which are raw text frames one argument (DeepSeek's DSML:
// string="true" or string="false"): what comes before a value written as
// raw text (text) or as JSON, with the key, and after it.
type TypedTagged func(key string, text bool) (before, after string)

// TypedTaggedArguments is TaggedArguments for a format whose tags say
// which values are raw text: each value takes the frame of the way it is
// written, raw text or JSON, as TaggedArguments writes it (a value whose
// schema allows a string and other types may be either, and so may one
// whose schema names no type and no enum).
func (b *Builder) TypedTaggedArguments(tool toolcall.Tool, frame TypedTagged) (string, error) {
	_, after := frame("k", true)
	b.frame, b.typed, b.nest, b.kinds = nil, frame, nil, nil
	return b.textArguments(tool, func() string { return TextWithout(strings.TrimSpace(after)) })
}

// KindTagged is how a format that names each value's JSON type in its tag
// frames one argument (Kimi K3's type="T"): the text before the type's
// name, with the key; the text between the name and the value; and the
// text after the value.
type KindTagged func(key string) (open, mid, after string)

// jsonKinds are the type names of the values KindTaggedArguments writes
// as JSON.
var jsonKinds = []string{"number", "boolean", "null", "object", "array"}

// KindTaggedArguments is TaggedArguments for a format whose tags name each
// value's JSON type: a value written as raw text (where TaggedArguments
// writes one) is named "string"; one written as JSON is named by a type
// its schema allows but string ("integer" is "number"; where the schema
// names no type and no enum, any of number, boolean, null, object and
// array, its value any JSON), and holds any JSON the schema allows.
func (b *Builder) KindTaggedArguments(tool toolcall.Tool, frame KindTagged) (string, error) {
	_, _, after := frame("k")
	b.frame, b.typed, b.nest, b.kinds = nil, nil, nil, frame
	return b.textArguments(tool, func() string { return TextWithout(strings.TrimSpace(after)) })
}

// typedParts returns the two ways a format whose tags say how a value is
// written may write it (xmlParts), JSON also where the schema names no
// type and no enum (the tag then says which way it is), and the types the
// schema names.
func (b *Builder) typedParts(ps *jsonvalue.Value) (text, js string, types []string) {
	text, js = b.xmlParts(ps)
	sm := b.doc.Resolve(ps)
	if sm == nil {
		return text, js, nil
	}
	types = b.textTypes(sm)
	if js == "" && len(types) == 0 && b.doc.Get(sm, "enum") == nil && b.doc.Get(sm, "const") == nil {
		js = b.Value(ps)
	}
	return text, js, types
}

// kindMember returns a rule expression for the argument k, whose schema is
// ps, framed as the builder's kind frame says.
func (b *Builder) kindMember(k string, ps *jsonvalue.Value) string {
	open, mid, after := b.kinds(k)
	text, js, types := b.typedParts(ps)
	var kinds []string
	for _, t := range types {
		if t == "integer" {
			t = "number"
		}
		if t != "string" && slices.Contains(jsonKinds, t) && !slices.Contains(kinds, t) {
			kinds = append(kinds, t)
		}
	}
	if len(kinds) == 0 {
		kinds = jsonKinds
	}
	jsOpen := Lit(open + kinds[0] + mid)
	if len(kinds) > 1 {
		names := make([]string, len(kinds))
		for i, t := range kinds {
			names[i] = Lit(t)
		}
		jsOpen = Lit(open) + " " + alts(names) + " " + Lit(mid)
	}
	return eitherWay(text, Lit(open+"string"+mid), after, js, jsOpen, after)
}

// eitherWay returns a rule expression for a value written as raw text or
// as JSON: each way (a rule expression, "" for none) between what comes
// before it (a rule expression) and after it (a literal).
func eitherWay(text, textBefore, textAfter, js, jsBefore, jsAfter string) string {
	var ways []string
	if text != "" {
		ways = append(ways, textBefore+" "+text+" "+Lit(textAfter))
	}
	if js != "" {
		ways = append(ways, jsBefore+" "+js+" "+Lit(jsAfter))
	}
	if len(ways) == 0 {
		return `""`
	}
	return alts(ways)
}

// The ways members are written.
const (
	styleJSON    = iota // "name": value, separated by commas
	styleKeyword        // name=value, separated by commas
	styleXML            // <parameter=name>\nvalue\n</parameter>\n, back to back
)

// members writes the members of an object schema in one of the styles, in
// the declared order, required ones present and optional ones optional.
func (b *Builder) members(sm *jsonvalue.Value, style int) string {
	props := b.doc.Get(sm, "properties")
	if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
		return `""`
	}
	var order []string // a repeated key stands at its first place, with its last schema
	seen := map[string]bool{}
	for _, m := range props.Members {
		if !seen[m.Key] {
			seen[m.Key] = true
			order = append(order, m.Key)
		}
	}
	required := map[string]bool{}
	if req := b.doc.Get(sm, "required"); req != nil && req.Kind == jsonvalue.Array {
		for _, r := range req.Items {
			if r.Kind == jsonvalue.String {
				required[r.Str] = true
			}
		}
	}
	kv := make([]string, len(order))
	sep := b.sep() + " "
	for i, k := range order {
		ps := b.doc.Get(props, k)
		switch style {
		case styleKeyword:
			kv[i] = Lit(k) + " " + b.R("ws") + ` "=" ` + b.R("ws") + " " + b.Value(ps)
		case styleXML:
			kv[i], sep = b.xmlMember(k, ps), ""
		default:
			key := Lit(string(jsonvalue.AppendString(nil, k)))
			if b.syntax == Repr { // repr's quotes, or JSON's
				key = "(" + Lit(string(prompt.AppendPythonRepr(nil, k))) + " | " + key + ")"
			}
			kv[i] = key + " " + b.R("ws") + ` ":" ` + b.R("ws") + " " + b.Value(ps)
		}
	}
	// ne[i]: a non-empty run of the members from i on, in order, holding
	// every required one among them.
	reqAfter := make([]bool, len(order)+1)
	for i := len(order) - 1; i >= 0; i-- {
		reqAfter[i] = reqAfter[i+1] || required[order[i]]
	}
	names := make([]string, len(order))
	for i := range order {
		names[i] = b.fresh("members")
	}
	for i := len(order) - 1; i >= 0; i-- {
		var alts []string
		this := kv[i]
		if i+1 < len(order) {
			rest := sep + b.R(names[i+1])
			if reqAfter[i+1] {
				this += " " + rest
			} else {
				this += " (" + rest + ")?"
			}
		}
		alts = append(alts, "("+this+")")
		if !required[order[i]] && i+1 < len(order) {
			alts = append(alts, b.R(names[i+1])) // this member left out
		}
		b.Rule(names[i], strings.Join(alts, " | "))
	}
	if reqAfter[0] {
		return b.R(names[0])
	}
	return "(" + b.R(names[0]) + `)?`
}

// TextWithout returns a rule body for any text that does not hold tag, a
// tag that starts with '<' and holds no other '<' (any text without '<'
// for another tag): runs of '<' followed
// by a proper prefix of the rest of tag and then a character that does
// not continue it, or, at the end, by a prefix alone. Characters, not
// bytes: the engines read classes and text as characters.
func TextWithout(tag string) string {
	if len(tag) < 2 || tag[0] != '<' || strings.IndexByte(tag[1:], '<') >= 0 || !utf8.ValidString(tag) {
		return `[^<]*`
	}
	rest := tag[1:]
	var broken, prefixes []string
	for k, r := range rest {
		class := "[^" + classRune(r) + "<]"
		if k == 0 {
			broken = append(broken, class)
			continue
		}
		broken = append(broken, Lit(rest[:k])+" "+class)
		prefixes = append(prefixes, Lit(rest[:k]))
	}
	// A '<' after a partial prefix ("</" then "<") starts the tag anew:
	// the run of '<' and partial prefixes goes on until a byte breaks it.
	run := `"<"+`
	end := `"<"+`
	if len(prefixes) > 0 {
		alts := "(" + strings.Join(prefixes, " | ") + ")"
		run += " (" + alts + ` "<"+)*`
		end = run + " " + alts + "?"
	}
	return `([^<] | ` + run + ` (` + strings.Join(broken, " | ") + `))* (` + end + `)?`
}

// classRune writes r for use inside a character class: an ASCII byte as
// classByte writes it, any other character as itself.
func classRune(r rune) string {
	if r < utf8.RuneSelf {
		return classByte(byte(r))
	}
	return string(r)
}

// classByte writes c for use inside a character class.
func classByte(c byte) string {
	switch c {
	case '\\', ']', '^', '-', '[':
		return `\` + string(c)
	}
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf(`\x%02x`, c)
	}
	return string(c)
}

// textTypes returns the types a value of schema sm may have, with those of
// its anyOf and oneOf alternatives (schema.PropertyTypes reads the same).
func (b *Builder) textTypes(sm *jsonvalue.Value) []string {
	types := slices.Clone(b.doc.Types(sm))
	for _, key := range [...]string{"anyOf", "oneOf"} {
		if alts := b.doc.Get(sm, key); alts != nil && alts.Kind == jsonvalue.Array {
			for i := range alts.Items {
				types = append(types, b.doc.Types(b.doc.Resolve(&alts.Items[i]))...)
			}
		}
	}
	return types
}

// xmlValue returns a rule expression for a value written as text, as the
// renderers write it and schema.TextValue reads it back: an enum's or
// const's strings raw and its other values as JSON; a value whose schema
// allows only strings (or names no type) as raw text; one that allows a
// string and other types as raw text or JSON of one of them; anything else
// as JSON.
func (b *Builder) xmlValue(ps *jsonvalue.Value) string {
	text, js := b.xmlParts(ps)
	switch {
	case text == "":
		return js
	case js == "":
		return text
	}
	return "(" + text + " | " + js + ")"
}

// xmlParts returns the two ways xmlValue writes a value: a rule
// expression for its raw text and one for its JSON, "" for a way the
// schema leaves no room for.
func (b *Builder) xmlParts(ps *jsonvalue.Value) (text, js string) {
	sm := b.doc.Resolve(ps)
	if sm == nil {
		return "", b.Value(ps)
	}
	var choices []jsonvalue.Value
	if enum := b.doc.Get(sm, "enum"); enum != nil && enum.Kind == jsonvalue.Array {
		choices = enum.Items
	} else if c := b.doc.Get(sm, "const"); c != nil {
		choices = []jsonvalue.Value{*c}
	}
	if len(choices) > 0 {
		var texts, others []string
		for _, e := range choices {
			switch {
			case e.Kind == jsonvalue.String:
				texts = append(texts, Lit(e.Str))
			case b.syntax == Repr:
				others = append(others, Lit(string(prompt.AppendPythonStr(nil, e))))
			default:
				others = append(others, Lit(string(e.AppendJSON(nil))))
			}
		}
		return alts(texts), alts(others)
	}
	types := b.textTypes(sm)
	switch {
	case !slices.ContainsFunc(types, func(t string) bool { return t != "string" }):
		return b.R("xml-text"), ""
	case slices.Contains(types, "string"):
		return b.R("xml-text"), b.Value(ps)
	}
	return "", b.Value(ps)
}

// alts joins rule expressions as alternatives, "" for none.
func alts(exprs []string) string {
	if len(exprs) == 0 {
		return ""
	}
	return "(" + strings.Join(exprs, " | ") + ")"
}

// xmlMember returns a rule expression for the argument k, whose schema is
// ps, framed as the builder's tagged frame says.
func (b *Builder) xmlMember(k string, ps *jsonvalue.Value) string {
	if b.nest != nil {
		return b.nestMember(k, ps)
	}
	if b.kinds != nil {
		return b.kindMember(k, ps)
	}
	if b.typed == nil {
		before, after := b.frame(k)
		return Lit(before) + " " + b.xmlValue(ps) + " " + Lit(after)
	}
	text, js, _ := b.typedParts(ps)
	textBefore, textAfter := b.typed(k, true)
	jsBefore, jsAfter := b.typed(k, false)
	return eitherWay(text, Lit(textBefore), textAfter, js, Lit(jsBefore), jsAfter)
}

// sep is the rule expression for a comma between items.
func (b *Builder) sep() string { return b.R("ws") + ` "," ` + b.R("ws") }

// Combined returns the rule expression for the values schema s (an
// object, in doc) allows by a combinator, as the value builders (Value,
// gemma4's) read them: an enum's or const's values as literals writes a
// choice of them; the alternatives of an anyOf or oneOf, each as value
// writes a subschema's values; an allOf's one subschema. ok is false when
// s has none of these, or only an allOf of several.
func Combined(doc *schemadoc.Doc, s *jsonvalue.Value, literals func([]jsonvalue.Value) string, value func(*jsonvalue.Value) string) (expr string, ok bool) {
	if enum := doc.Get(s, "enum"); enum != nil && enum.Kind == jsonvalue.Array {
		return literals(enum.Items), true
	}
	if c := doc.Get(s, "const"); c != nil {
		return literals([]jsonvalue.Value{*c}), true
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts := doc.Get(s, key); alts != nil && alts.Kind == jsonvalue.Array && len(alts.Items) > 0 {
			var parts []string
			for i := range alts.Items {
				parts = append(parts, value(&alts.Items[i]))
			}
			return "(" + strings.Join(parts, " | ") + ")", true
		}
	}
	if all := doc.Get(s, "allOf"); all != nil && all.Kind == jsonvalue.Array && len(all.Items) == 1 {
		return value(&all.Items[0]), true
	}
	return "", false
}

// Value returns a rule expression for values that satisfy schema s.
func (b *Builder) Value(s *jsonvalue.Value) string {
	if b.doc == nil {
		b.doc = &schemadoc.Doc{}
	}
	if b.steps++; b.steps > maxSteps || s == nil {
		return b.R("value")
	}
	if s.Kind == jsonvalue.Boolean && !s.Bool {
		return `""` // nothing satisfies false; an empty match never fits a value slot
	}
	if s.Kind != jsonvalue.Object {
		return b.R("value")
	}
	if ref := b.doc.Get(s, "$ref"); ref != nil && ref.Kind == jsonvalue.String {
		target := b.doc.Resolve(s)
		if target == nil {
			return b.R("value")
		}
		return b.once(b.refs, "ref", target, b.Value)
	}
	if expr, ok := Combined(b.doc, s, b.literals, b.Value); ok {
		return expr
	}
	types := b.doc.Types(s)
	if len(types) == 0 {
		switch {
		case b.doc.Get(s, "properties") != nil:
			types = []string{"object"}
		case b.doc.Get(s, "items") != nil || b.doc.Get(s, "prefixItems") != nil:
			types = []string{"array"}
		default:
			return b.R("value")
		}
	}
	var parts []string
	for _, t := range types {
		switch t {
		case "string", "number", "integer", "boolean", "null":
			parts = append(parts, b.R(t))
		case "array":
			parts = append(parts, b.array(s))
		case "object":
			parts = append(parts, b.object(s))
		default:
			parts = append(parts, b.R("value"))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, " | ") + ")"
}

// tuple returns an array schema's schemas for its first items, by
// position ("prefixItems", or "items" as a list, as drafts 4 to 7 write a
// tuple), and for the rest ("items" otherwise, as the schema has it, or
// nil).
func (b *Builder) tuple(s *jsonvalue.Value) (prefix []jsonvalue.Value, items *jsonvalue.Value) {
	if p := b.doc.Get(s, "prefixItems"); p != nil && p.Kind == jsonvalue.Array {
		prefix = p.Items
	}
	items = b.doc.Get(s, "items")
	if items != nil && items.Kind == jsonvalue.Array {
		prefix, items = items.Items, nil
	}
	return prefix, items
}

func (b *Builder) array(s *jsonvalue.Value) string {
	prefix, items := b.tuple(s)
	item := b.R("value")
	if items != nil && items.Kind == jsonvalue.Object {
		item = b.Value(items)
	}
	name := b.fresh("array")
	if len(prefix) > 0 {
		var parts []string
		for i := range prefix {
			parts = append(parts, b.Value(&prefix[i]))
		}
		b.Rule(name, `"[" `+b.R("ws")+" "+strings.Join(parts, " "+b.sep()+" ")+" ("+b.sep()+" "+item+")* "+b.R("ws")+` "]"`)
		return b.R(name)
	}
	b.Rule(name, `"[" `+b.R("ws")+" ("+item+" ("+b.sep()+" "+item+")*)? "+b.R("ws")+` "]"`)
	return b.R(name)
}

func (b *Builder) object(s *jsonvalue.Value) string {
	props := b.doc.Get(s, "properties")
	if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
		return b.R("object")
	}
	name := b.fresh("object")
	b.Rule(name, `"{" `+b.R("ws")+" "+b.members(s, styleJSON)+" "+b.R("ws")+` "}"`)
	return b.R(name)
}

// literals writes a choice of the given JSON values, each as the renderers
// write it in the builder's syntax.
func (b *Builder) literals(vals []jsonvalue.Value) string {
	var parts []string
	for _, v := range vals {
		var text []byte
		switch b.syntax {
		case Python:
			text = v.AppendPython(nil)
		case Repr: // repr's quotes, or double ones
			if v.Kind == jsonvalue.String {
				parts = append(parts, Lit(string(v.AppendPython(nil))))
			}
			text = appendRepr(nil, v)
		default:
			text = v.AppendSpaced(nil)
		}
		parts = append(parts, Lit(string(text)))
	}
	if len(parts) == 0 {
		return `""`
	}
	return "(" + strings.Join(parts, " | ") + ")"
}

// appendRepr writes v as Python's repr writes the value json.loads makes
// of it (a string in quotes), as a Repr value in a container stands.
func appendRepr(dst []byte, v jsonvalue.Value) []byte {
	if v.Kind == jsonvalue.String {
		return prompt.AppendPythonRepr(dst, v.Str)
	}
	return prompt.AppendPythonStr(dst, v)
}
