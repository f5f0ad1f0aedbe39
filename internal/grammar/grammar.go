// Package grammar writes xgrammar EBNF (GBNF-compatible: rules "name ::=
// ...", quoted literals, character classes, ( ) | ? * +) for tool calls:
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
// there follow their general type. Structural tags put the tools' JSON
// Schemas (json_schema) or these grammars (grammar) inside the format's
// own tags; no tag holds free text, so no free text can hold a marker.
package grammar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Syntax is the literal syntax of argument values.
type Syntax int

const (
	Python Syntax = iota // "s", 1, True, False, None, [..], {"k": v}
	JSON                 // "s", 1, true, false, null, [..], {"k": v}
)

// Builder accumulates the rules of one grammar.
type Builder struct {
	syntax Syntax
	prefix string // put before every rule name, so two builders can share a grammar
	rules  []string
	names  map[string]bool
	refs   map[string]string    // $ref pointer -> rule name
	orders map[uintptr][]string // an object's keys in the schema's order
	root   any
	n      int
}

// New returns a builder for values in the given syntax whose rule names
// start with prefix.
func New(syntax Syntax, prefix string) *Builder {
	b := &Builder{syntax: syntax, prefix: prefix, names: map[string]bool{}, refs: map[string]string{}}
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
	return fmt.Sprintf("%s_%d", kind, b.n)
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
	b.Rule("integer", `"-"? ("0" | [1-9] [0-9]*)`)
	b.Rule("number", `"-"? ("0" | [1-9] [0-9]*) ("." [0-9]+)? ([eE] [-+]? [0-9]+)?`)
	if b.syntax == JSON {
		b.Rule("string", `"\"" ([^"\\\x00-\x1f] | "\\" (["\\/bfnrt] | "u" [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F]))* "\""`)
		b.Rule("boolean", `"true" | "false"`)
		b.Rule("null", `"null"`)
	} else {
		b.Rule("string", `"\"" ([^"\\] | "\\" [^\n])* "\""`)
		b.Rule("boolean", `"True" | "False"`)
		b.Rule("null", `"None"`)
	}
	b.Rule("value", str+" | "+b.R("number")+" | "+b.R("boolean")+" | "+b.R("null")+" | "+b.R("array")+" | "+b.R("object"))
	b.Rule("array", `"[" `+ws+` (`+v+` (`+ws+` "," `+ws+` `+v+`)*)? `+ws+` "]"`)
	b.Rule("object", `"{" `+ws+` (`+str+` `+ws+` ":" `+ws+` `+v+` (`+ws+` "," `+ws+` `+str+` `+ws+` ":" `+ws+` `+v+`)*)? `+ws+` "}"`)
}

// Arguments returns the body of a rule for the arguments of a call to tool:
// key=value pairs (Python) or a JSON object (JSON), keys in declared order.
func (b *Builder) Arguments(tool toolcall.Tool, keyword bool) (string, error) {
	var schema any
	if len(bytes.TrimSpace(tool.Parameters)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(tool.Parameters))
		dec.UseNumber()
		if err := dec.Decode(&schema); err != nil {
			return "", fmt.Errorf("grammar: the schema of %s is not JSON: %w", tool.Name, err)
		}
	}
	b.root, b.refs, b.orders = schema, map[string]string{}, map[uintptr][]string{}
	if v, err := jsonvalue.Decode(string(tool.Parameters)); err == nil {
		b.record(v, schema)
	}
	if keyword {
		sm, _ := schema.(map[string]any)
		return b.members(sm, true), nil
	}
	return b.Value(schema), nil
}

// record notes the order of every object's members in the schema, which
// encoding/json's maps forget, by walking the ordered decoding beside it.
func (b *Builder) record(v jsonvalue.Value, a any) {
	switch v.Kind {
	case jsonvalue.Object:
		m, ok := a.(map[string]any)
		if !ok {
			return
		}
		keys := make([]string, len(v.Members))
		for i, mem := range v.Members {
			keys[i] = mem.Key
			b.record(mem.Val, m[mem.Key])
		}
		b.orders[reflect.ValueOf(m).Pointer()] = keys
	case jsonvalue.Array:
		arr, ok := a.([]any)
		if !ok || len(arr) != len(v.Items) {
			return
		}
		for i, it := range v.Items {
			b.record(it, arr[i])
		}
	}
}

// keysOf returns an object's keys in the order the schema wrote them.
func (b *Builder) keysOf(m map[string]any) []string {
	if keys, ok := b.orders[reflect.ValueOf(m).Pointer()]; ok && len(keys) == len(m) {
		return keys
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// members writes the members of an object schema: keyword arguments
// (name=value) or JSON members ("name": value), in the declared order,
// required ones present and optional ones optional, separated by commas.
func (b *Builder) members(sm map[string]any, keyword bool) string {
	props, _ := sm["properties"].(map[string]any)
	order := b.keysOf(props)
	required := map[string]bool{}
	if req, ok := sm["required"].([]any); ok {
		for _, r := range req {
			if s, ok := r.(string); ok {
				required[s] = true
			}
		}
	}
	if len(order) == 0 {
		return `""`
	}
	kv := make([]string, len(order))
	for i, k := range order {
		v := b.Value(props[k])
		if keyword {
			kv[i] = Lit(k) + " " + b.R("ws") + ` "=" ` + b.R("ws") + " " + v
		} else {
			kv[i] = b.key(k) + " " + b.R("ws") + ` ":" ` + b.R("ws") + " " + v
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
			rest := b.sep() + " " + b.R(names[i+1])
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

// sep is the rule expression for a comma between items.
func (b *Builder) sep() string { return b.R("ws") + ` "," ` + b.R("ws") }

// key writes an object key literal.
func (b *Builder) key(k string) string {
	q, _ := json.Marshal(k)
	return Lit(string(q))
}

// Value returns a rule expression for values that satisfy schema s.
func (b *Builder) Value(s any) string {
	sm, ok := s.(map[string]any)
	if !ok {
		if f, isBool := s.(bool); isBool && !f {
			return `""` // nothing satisfies false; an empty match never fits a value slot
		}
		return b.R("value")
	}
	if ref, ok := sm["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
		if name, seen := b.refs[ref]; seen {
			return b.R(name)
		}
		name := b.fresh("ref")
		b.refs[ref] = name
		b.Rule(name, b.Value(jsonvalue.Pointer(b.root, ref[1:])))
		return b.R(name)
	}
	if enum, ok := sm["enum"].([]any); ok {
		return b.literals(enum)
	}
	if c, ok := sm["const"]; ok {
		return b.literals([]any{c})
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts, ok := sm[key].([]any); ok && len(alts) > 0 {
			var parts []string
			for _, a := range alts {
				parts = append(parts, b.Value(a))
			}
			return "(" + strings.Join(parts, " | ") + ")"
		}
	}
	if all, ok := sm["allOf"].([]any); ok && len(all) == 1 {
		return b.Value(all[0])
	}
	var types []string
	switch t := sm["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				types = append(types, s)
			}
		}
	}
	if n, _ := sm["nullable"].(bool); n && len(types) > 0 {
		types = append(types, "null")
	}
	if len(types) == 0 {
		switch {
		case sm["properties"] != nil:
			types = []string{"object"}
		case sm["items"] != nil || sm["prefixItems"] != nil:
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
			parts = append(parts, b.array(sm))
		case "object":
			parts = append(parts, b.object(sm))
		default:
			parts = append(parts, b.R("value"))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, " | ") + ")"
}

func (b *Builder) array(sm map[string]any) string {
	prefix, _ := sm["prefixItems"].([]any)
	if tuple, ok := sm["items"].([]any); ok {
		prefix = tuple
	}
	item := b.R("value")
	if it, ok := sm["items"].(map[string]any); ok {
		item = b.Value(it)
	}
	name := b.fresh("array")
	if len(prefix) > 0 {
		var parts []string
		for _, p := range prefix {
			parts = append(parts, b.Value(p))
		}
		b.Rule(name, `"[" `+b.R("ws")+" "+strings.Join(parts, " "+b.sep()+" ")+" ("+b.sep()+" "+item+")* "+b.R("ws")+` "]"`)
		return b.R(name)
	}
	b.Rule(name, `"[" `+b.R("ws")+" ("+item+" ("+b.sep()+" "+item+")*)? "+b.R("ws")+` "]"`)
	return b.R(name)
}

func (b *Builder) object(sm map[string]any) string {
	props, _ := sm["properties"].(map[string]any)
	if len(props) == 0 {
		return b.R("object")
	}
	name := b.fresh("object")
	b.Rule(name, `"{" `+b.R("ws")+" "+b.members(sm, false)+" "+b.R("ws")+` "}"`)
	return b.R(name)
}

// literals writes a choice of the given JSON values.
func (b *Builder) literals(vals []any) string {
	var parts []string
	for _, v := range vals {
		parts = append(parts, Lit(b.literal(v)))
	}
	if len(parts) == 0 {
		return `""`
	}
	return "(" + strings.Join(parts, " | ") + ")"
}

// literal writes one JSON value in the builder's syntax, as the renderers
// write it.
func (b *Builder) literal(v any) string {
	switch v := v.(type) {
	case nil:
		if b.syntax == Python {
			return "None"
		}
		return "null"
	case bool:
		switch {
		case b.syntax == JSON:
			return strconv.FormatBool(v)
		case v:
			return "True"
		}
		return "False"
	case json.Number:
		return v.String()
	case string:
		q, _ := json.Marshal(v)
		if b.syntax == Python {
			return pythonQuote(v)
		}
		return string(q)
	case []any:
		var parts []string
		for _, x := range v {
			parts = append(parts, b.literal(x))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, b.literal(k)+": "+b.literal(v[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "null"
}

// pythonQuote writes s as pythonic.RenderCalls writes strings.
func pythonQuote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\r':
			sb.WriteString(`\r`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&sb, `\x%02x`, r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}
