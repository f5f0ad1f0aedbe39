package schema

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/pythonic"
)

// maxDepth bounds how deep coercion follows a schema ($ref cycles) and a
// value.
const maxDepth = 64

// coercer repairs one call's arguments against one schema.
type coercer struct {
	root   any
	parser pythonic.Parser
}

// resolve follows local $refs ("#", "#/$defs/x", "#/definitions/x", any
// JSON pointer into the schema).
func (c *coercer) resolve(s any) map[string]any {
	for range maxDepth {
		m, ok := s.(map[string]any)
		if !ok {
			return nil
		}
		ref, ok := m["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#") {
			return m
		}
		s = pointer(c.root, ref[1:])
	}
	return nil
}

// pointer resolves a JSON pointer ("/a/b") in doc.
func pointer(doc any, p string) any {
	if p == "" {
		return doc
	}
	for _, tok := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch d := doc.(type) {
		case map[string]any:
			doc = d[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(d) {
				return nil
			}
			doc = d[i]
		default:
			return nil
		}
	}
	return doc
}

// coerce returns v repaired to fit s, and whether it fits (as far as types
// and enums go; validation has the last word).
func (c *coercer) coerce(v value, s any, depth int) (value, bool) {
	sm := c.resolve(s)
	if sm == nil || depth > maxDepth {
		return v, true
	}
	if all, ok := sm["allOf"].([]any); ok {
		for _, sub := range all {
			v, _ = c.coerce(v, sub, depth+1)
		}
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		alts, ok := sm[key].([]any)
		if !ok || len(alts) == 0 {
			continue
		}
		chosen := -1
		for i, alt := range alts { // a value that already fits is left to its alternative
			if c.fits(v, alt) {
				chosen = i
				break
			}
		}
		if chosen >= 0 {
			v, _ = c.coerce(v, alts[chosen], depth+1)
			continue
		}
		fitted := false
		for _, alt := range alts { // else the first alternative it can be coerced into
			if w, ok := c.coerce(v, alt, depth+1); ok {
				v, fitted = w, true
				break
			}
		}
		if !fitted {
			return v, false
		}
	}
	if types := typesOf(sm); len(types) > 0 && !hasType(v, types) {
		converted := false
		for _, t := range types {
			if w, ok := c.convert(v, t); ok {
				v, converted = w, true
				break
			}
		}
		if !converted {
			return v, false
		}
	}
	v = c.nested(v, sm, depth)
	if enum, ok := sm["enum"].([]any); ok {
		var fits bool
		if v, fits = fixEnum(v, enum); !fits {
			return v, false
		}
	}
	if cv, ok := sm["const"]; ok {
		var fits bool
		if v, fits = fixEnum(v, []any{cv}); !fits {
			return v, false
		}
	}
	return v, true
}

// fits reports whether v already satisfies s's types and enum, shallowly.
func (c *coercer) fits(v value, s any) bool {
	sm := c.resolve(s)
	if sm == nil {
		return true
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		if alts, ok := sm[key].([]any); ok && len(alts) > 0 {
			if !slices.ContainsFunc(alts, func(alt any) bool { return c.fits(v, alt) }) {
				return false
			}
		}
	}
	if types := typesOf(sm); len(types) > 0 && !hasType(v, types) {
		return false
	}
	if enum, ok := sm["enum"].([]any); ok {
		text := string(v.appendJSON(nil))
		return slices.ContainsFunc(enum, func(e any) bool { return string(fromAny(e).appendJSON(nil)) == text })
	}
	return true
}

// nested coerces the members of an object and the items of an array.
func (c *coercer) nested(v value, sm map[string]any, depth int) value {
	switch v.kind {
	case kObject:
		props, _ := sm["properties"].(map[string]any)
		extra, hasExtra := sm["additionalProperties"].(map[string]any)
		members := slices.Clone(v.members)
		for i, m := range members {
			if ps, ok := props[m.key]; ok {
				members[i].val, _ = c.coerce(m.val, ps, depth+1)
			} else if hasExtra {
				members[i].val, _ = c.coerce(m.val, extra, depth+1)
			}
		}
		v.members = members
	case kArray:
		prefix, _ := sm["prefixItems"].([]any)
		if tuple, ok := sm["items"].([]any); ok { // draft 4 to 7 tuples
			prefix = tuple
		}
		items := slices.Clone(v.items)
		for i := range items {
			switch {
			case i < len(prefix):
				items[i], _ = c.coerce(items[i], prefix[i], depth+1)
			case sm["items"] != nil:
				if _, tuple := sm["items"].([]any); !tuple {
					items[i], _ = c.coerce(items[i], sm["items"], depth+1)
				}
			}
		}
		v.items = items
	}
	return v
}

// typesOf returns the types a schema allows, with "null" for nullable.
func typesOf(sm map[string]any) []string {
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
	if n, _ := sm["nullable"].(bool); n && len(types) > 0 && !slices.Contains(types, "null") {
		types = append(types, "null")
	}
	return types
}

func hasType(v value, types []string) bool {
	for _, t := range types {
		if isType(v, t) {
			return true
		}
	}
	return false
}

func isType(v value, t string) bool {
	switch t {
	case "string":
		return v.kind == kString
	case "number":
		return v.kind == kNumber
	case "integer":
		return v.kind == kNumber && integral(v.str)
	case "boolean":
		return v.kind == kBool
	case "null":
		return v.kind == kNull
	case "array":
		return v.kind == kArray
	case "object":
		return v.kind == kObject
	}
	return true // an unknown type name constrains nothing here
}

func integral(num string) bool {
	f, err := strconv.ParseFloat(num, 64)
	return err == nil && f == math.Trunc(f) && !math.IsInf(f, 0)
}

// convert turns v into type t by FORMATS.md section 7's rules, if it can.
func (c *coercer) convert(v value, t string) (value, bool) {
	if isType(v, t) {
		return v, true
	}
	switch t {
	case "string":
		switch v.kind {
		case kNumber:
			return value{kind: kString, str: v.str}, true
		case kBool:
			return value{kind: kString, str: strconv.FormatBool(v.boolean)}, true
		}
	case "integer", "number":
		if v.kind != kString {
			break
		}
		if num, ok := numberText(v.str, t == "integer"); ok {
			return value{kind: kNumber, str: num}, true
		}
	case "boolean":
		switch {
		case v.kind == kString && strings.EqualFold(strings.TrimSpace(v.str), "true"):
			return value{kind: kBool, boolean: true}, true
		case v.kind == kString && strings.EqualFold(strings.TrimSpace(v.str), "false"):
			return value{kind: kBool}, true
		case v.kind == kNumber && (v.str == "1" || v.str == "0"):
			return value{kind: kBool, boolean: v.str == "1"}, true
		}
	case "null":
		if v.kind == kString && (strings.EqualFold(strings.TrimSpace(v.str), "none") || strings.EqualFold(strings.TrimSpace(v.str), "null")) {
			return value{kind: kNull}, true
		}
	case "array":
		if v.kind == kString {
			if w, ok := c.literal(v.str, '[', '('); ok && w.kind == kArray {
				return w, true
			}
		}
		if v.kind != kNull {
			return value{kind: kArray, items: []value{v}}, true
		}
	case "object":
		if v.kind == kString {
			if w, ok := c.literal(v.str, '{'); ok && w.kind == kObject {
				return w, true
			}
		}
	}
	return v, false
}

// literal reads a string that holds a Python or JSON list or dict literal.
// It is parsed, never evaluated.
func (c *coercer) literal(s string, opens ...byte) (value, bool) {
	s = strings.TrimSpace(s)
	if s == "" || bytes.IndexByte(opens, s[0]) < 0 {
		return value{}, false
	}
	p := c.parser
	p.JSONEscapes = true
	text, err := p.ParseValue(s)
	if err != nil {
		return value{}, false
	}
	v, err := decode(text)
	return v, err == nil
}

// numberText returns the JSON number a numeric string holds: its own text
// when it is a JSON number already, else the number rewritten.
func numberText(s string, wantInt bool) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.Trim(s, "0123456789+-.eE") != "" {
		return "", false
	}
	if wantInt {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return strconv.FormatInt(i, 10), true
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return "", false
	}
	if wantInt {
		if f != math.Trunc(f) {
			return "", false
		}
		if isJSONNumber(s) && !strings.ContainsAny(s, ".eE") {
			return s, true
		}
		if math.Abs(f) < 1<<53 {
			return strconv.FormatInt(int64(f), 10), true
		}
	}
	if isJSONNumber(s) {
		return s, true
	}
	return strconv.FormatFloat(f, 'g', -1, 64), true
}

// isJSONNumber reports whether s is a number exactly as JSON writes one:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isJSONNumber(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	if n := digits(); n == 0 || (n > 1 && s[start] == '0') {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// fixEnum returns v as one of enum's values: itself, or the value it
// matches ignoring case, or whose JSON text it holds.
func fixEnum(v value, enum []any) (value, bool) {
	text := string(v.appendJSON(nil))
	for _, e := range enum {
		if string(fromAny(e).appendJSON(nil)) == text {
			return v, true
		}
	}
	for _, e := range enum {
		ev := fromAny(e)
		switch {
		case v.kind == kString && ev.kind == kString && strings.EqualFold(strings.TrimSpace(v.str), ev.str):
			return ev, true
		case v.kind == kString && ev.kind != kString && strings.TrimSpace(v.str) == string(ev.appendJSON(nil)):
			return ev, true
		case (v.kind == kNumber || v.kind == kBool) && ev.kind == kString && strings.EqualFold(text, ev.str):
			return ev, true
		}
	}
	return v, false
}
