package schema

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
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
		s = jsonvalue.Pointer(c.root, ref[1:])
	}
	return nil
}

// coerce returns v repaired to fit s, and whether it fits (as far as types
// and enums go; validation has the last word).
func (c *coercer) coerce(v jsonvalue.Value, s any, depth int) (jsonvalue.Value, bool) {
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
func (c *coercer) fits(v jsonvalue.Value, s any) bool {
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
		text := string(v.AppendJSON(nil))
		return slices.ContainsFunc(enum, func(e any) bool { return string(jsonvalue.FromAny(e).AppendJSON(nil)) == text })
	}
	return true
}

// nested coerces the members of an object and the items of an array.
func (c *coercer) nested(v jsonvalue.Value, sm map[string]any, depth int) jsonvalue.Value {
	switch v.Kind {
	case jsonvalue.Object:
		props, _ := sm["properties"].(map[string]any)
		extra, hasExtra := sm["additionalProperties"].(map[string]any)
		members := slices.Clone(v.Members)
		for i, m := range members {
			if ps, ok := props[m.Key]; ok {
				members[i].Val, _ = c.coerce(m.Val, ps, depth+1)
			} else if hasExtra {
				members[i].Val, _ = c.coerce(m.Val, extra, depth+1)
			}
		}
		v.Members = members
	case jsonvalue.Array:
		prefix, _ := sm["prefixItems"].([]any)
		if tuple, ok := sm["items"].([]any); ok { // draft 4 to 7 tuples
			prefix = tuple
		}
		items := slices.Clone(v.Items)
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
		v.Items = items
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

func hasType(v jsonvalue.Value, types []string) bool {
	for _, t := range types {
		if isType(v, t) {
			return true
		}
	}
	return false
}

func isType(v jsonvalue.Value, t string) bool {
	switch t {
	case "string":
		return v.Kind == jsonvalue.String
	case "number":
		return v.Kind == jsonvalue.Number
	case "integer":
		return v.Kind == jsonvalue.Number && integral(v.Str)
	case "boolean":
		return v.Kind == jsonvalue.Boolean
	case "null":
		return v.Kind == jsonvalue.Null
	case "array":
		return v.Kind == jsonvalue.Array
	case "object":
		return v.Kind == jsonvalue.Object
	}
	return true // an unknown type name constrains nothing here
}

func integral(num string) bool {
	f, err := strconv.ParseFloat(num, 64)
	return err == nil && f == math.Trunc(f) && !math.IsInf(f, 0)
}

// convert turns v into type t by FORMATS.md section 7's rules, if it can.
func (c *coercer) convert(v jsonvalue.Value, t string) (jsonvalue.Value, bool) {
	if isType(v, t) {
		return v, true
	}
	switch t {
	case "string":
		switch v.Kind {
		case jsonvalue.Number:
			return jsonvalue.Value{Kind: jsonvalue.String, Str: v.Str}, true
		case jsonvalue.Boolean:
			return jsonvalue.Value{Kind: jsonvalue.String, Str: strconv.FormatBool(v.Bool)}, true
		}
	case "integer", "number":
		if v.Kind != jsonvalue.String {
			break
		}
		if num, ok := numberText(v.Str, t == "integer"); ok {
			return jsonvalue.Value{Kind: jsonvalue.Number, Str: num}, true
		}
	case "boolean":
		switch {
		case v.Kind == jsonvalue.String && strings.EqualFold(strings.TrimSpace(v.Str), "true"):
			return jsonvalue.Value{Kind: jsonvalue.Boolean, Bool: true}, true
		case v.Kind == jsonvalue.String && strings.EqualFold(strings.TrimSpace(v.Str), "false"):
			return jsonvalue.Value{Kind: jsonvalue.Boolean}, true
		case v.Kind == jsonvalue.Number && (v.Str == "1" || v.Str == "0"):
			return jsonvalue.Value{Kind: jsonvalue.Boolean, Bool: v.Str == "1"}, true
		}
	case "null":
		if v.Kind == jsonvalue.String && (strings.EqualFold(strings.TrimSpace(v.Str), "none") || strings.EqualFold(strings.TrimSpace(v.Str), "null")) {
			return jsonvalue.Value{Kind: jsonvalue.Null}, true
		}
	case "array":
		if v.Kind == jsonvalue.String {
			if w, ok := c.literal(v.Str, '[', '('); ok && w.Kind == jsonvalue.Array {
				return w, true
			}
		}
		if v.Kind != jsonvalue.Null {
			return jsonvalue.Value{Kind: jsonvalue.Array, Items: []jsonvalue.Value{v}}, true
		}
	case "object":
		if v.Kind == jsonvalue.String {
			if w, ok := c.literal(v.Str, '{'); ok && w.Kind == jsonvalue.Object {
				return w, true
			}
		}
	}
	return v, false
}

// literal reads a string that holds a Python or JSON list or dict literal.
// It is parsed, never evaluated.
func (c *coercer) literal(s string, opens ...byte) (jsonvalue.Value, bool) {
	s = strings.TrimSpace(s)
	if s == "" || bytes.IndexByte(opens, s[0]) < 0 {
		return jsonvalue.Value{}, false
	}
	p := c.parser
	p.JSONEscapes = true
	text, err := p.ParseValue(s)
	if err != nil {
		return jsonvalue.Value{}, false
	}
	v, err := jsonvalue.Decode(text)
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
		if jsonvalue.IsNumber(s) && !strings.ContainsAny(s, ".eE") {
			return s, true
		}
		if math.Abs(f) < 1<<53 {
			return strconv.FormatInt(int64(f), 10), true
		}
	}
	if jsonvalue.IsNumber(s) {
		return s, true
	}
	return strconv.FormatFloat(f, 'g', -1, 64), true
}

// fixEnum returns v as one of enum's values: itself, or the value it
// matches ignoring case, or whose JSON text it holds.
func fixEnum(v jsonvalue.Value, enum []any) (jsonvalue.Value, bool) {
	text := string(v.AppendJSON(nil))
	for _, e := range enum {
		if string(jsonvalue.FromAny(e).AppendJSON(nil)) == text {
			return v, true
		}
	}
	for _, e := range enum {
		ev := jsonvalue.FromAny(e)
		switch {
		case v.Kind == jsonvalue.String && ev.Kind == jsonvalue.String && strings.EqualFold(strings.TrimSpace(v.Str), ev.Str):
			return ev, true
		case v.Kind == jsonvalue.String && ev.Kind != jsonvalue.String && strings.TrimSpace(v.Str) == string(ev.AppendJSON(nil)):
			return ev, true
		case (v.Kind == jsonvalue.Number || v.Kind == jsonvalue.Boolean) && ev.Kind == jsonvalue.String && strings.EqualFold(text, ev.Str):
			return ev, true
		}
	}
	return v, false
}
