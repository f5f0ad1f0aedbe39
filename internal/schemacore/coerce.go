package schemacore

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/internal/schemadoc"
)

// The bounds of one coercion: how deep it follows the schema into the
// value, and how many subschemas it may visit in all. Past either, the
// arguments are left as they were, with a diagnostic.
const (
	MaxCoerceDepth = 256
	MaxCoerceSteps = 1 << 20
)

var (
	errTooDeep = fmt.Errorf("coercion went deeper than %d levels", MaxCoerceDepth)
	errTooMuch = fmt.Errorf("coercion visited more than %d subschemas", MaxCoerceSteps)
)

// coercer repairs one call's arguments against one schema.
type coercer struct {
	doc    *schemadoc.Doc
	parser pylit.Parser
	steps  int
	err    error // errTooDeep or errTooMuch, once coercion must stop
	// inList counts the arrays the model wrote that coercion is inside:
	// their elements are never wrapped into one-item arrays (a lone value
	// is; the items of a list the model wrote stay as written).
	inList int
}

// enter counts one visit of a subschema at depth and reports whether
// coercion may go on.
func (c *coercer) enter(depth int) bool {
	c.steps++
	switch {
	case c.err != nil:
	case depth > MaxCoerceDepth:
		c.err = errTooDeep
	case c.steps > MaxCoerceSteps:
		c.err = errTooMuch
	}
	return c.err == nil
}

// coerce returns v repaired to fit s, and whether it fits (as far as types
// and enums go; validation has the last word).
func (c *coercer) coerce(v jsonvalue.Value, s *jsonvalue.Value, depth int) (jsonvalue.Value, bool) {
	if !c.enter(depth) {
		return v, true
	}
	sm := c.doc.Resolve(s)
	if sm == nil || sm.Kind != jsonvalue.Object {
		return v, true
	}
	if all := c.doc.Get(sm, "allOf"); all != nil && all.Kind == jsonvalue.Array {
		for i := range all.Items {
			v, _ = c.coerce(v, &all.Items[i], depth+1)
		}
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		alts := c.doc.Get(sm, key)
		if alts == nil || alts.Kind != jsonvalue.Array || len(alts.Items) == 0 {
			continue
		}
		chosen := -1
		for i := range alts.Items { // a value that already fits is left to its alternative
			if c.fits(v, &alts.Items[i], depth+1) {
				chosen = i
				break
			}
		}
		if chosen >= 0 {
			v, _ = c.coerce(v, &alts.Items[chosen], depth+1)
			continue
		}
		fitted := false
		for i := range alts.Items { // else the first alternative it can be coerced into
			if w, ok := c.coerce(v, &alts.Items[i], depth+1); ok {
				v, fitted = w, true
				break
			}
		}
		if !fitted {
			return v, false
		}
	}
	if types := c.doc.Types(sm); len(types) > 0 && !hasType(v, types) {
		converted := false
		for _, wrap := range [...]bool{false, true} { // a text that parses as a type the schema allows before a lone value wrapped
			for _, t := range types {
				if w, ok := c.convert(v, t, wrap); ok {
					v, converted = w, true
					break
				}
			}
			if converted {
				break
			}
		}
		if !converted {
			return v, false
		}
	}
	v = c.nested(v, sm, depth)
	if enum := c.doc.Get(sm, "enum"); enum != nil && enum.Kind == jsonvalue.Array {
		var fits bool
		if v, fits = fixEnum(v, enum.Items); !fits {
			return v, false
		}
	}
	if cv := c.doc.Get(sm, "const"); cv != nil {
		var fits bool
		if v, fits = fixEnum(v, []jsonvalue.Value{*cv}); !fits {
			return v, false
		}
	}
	return v, true
}

// fits reports whether v already satisfies s's types, enum and const,
// shallowly.
func (c *coercer) fits(v jsonvalue.Value, s *jsonvalue.Value, depth int) bool {
	if !c.enter(depth) {
		return true
	}
	sm := c.doc.Resolve(s)
	if sm == nil || sm.Kind != jsonvalue.Object {
		return true
	}
	if all := c.doc.Get(sm, "allOf"); all != nil && all.Kind == jsonvalue.Array {
		for i := range all.Items {
			if !c.fits(v, &all.Items[i], depth+1) {
				return false
			}
		}
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		alts := c.doc.Get(sm, key)
		if alts == nil || alts.Kind != jsonvalue.Array || len(alts.Items) == 0 {
			continue
		}
		any := false
		for i := range alts.Items {
			if c.fits(v, &alts.Items[i], depth+1) {
				any = true
				break
			}
		}
		if !any {
			return false
		}
	}
	if types := c.doc.Types(sm); len(types) > 0 && !hasType(v, types) {
		return false
	}
	if enum := c.doc.Get(sm, "enum"); enum != nil && enum.Kind == jsonvalue.Array {
		if !slices.ContainsFunc(enum.Items, func(e jsonvalue.Value) bool { return jsonvalue.Equal(v, e) }) {
			return false
		}
	}
	if cv := c.doc.Get(sm, "const"); cv != nil && !jsonvalue.Equal(v, *cv) {
		return false
	}
	return true
}

// nested coerces the members of an object and the items of an array.
func (c *coercer) nested(v jsonvalue.Value, sm *jsonvalue.Value, depth int) jsonvalue.Value {
	switch v.Kind {
	case jsonvalue.Object:
		props := c.doc.Get(sm, "properties")
		extra := c.doc.Get(sm, "additionalProperties")
		if extra != nil && extra.Kind != jsonvalue.Object {
			extra = nil
		}
		members := slices.Clone(v.Members)
		for i, m := range members {
			if ps := c.doc.Get(props, m.Key); ps != nil {
				members[i].Val, _ = c.coerce(m.Val, ps, depth+1)
			} else if extra != nil {
				members[i].Val, _ = c.coerce(m.Val, extra, depth+1)
			}
		}
		v.Members = members
	case jsonvalue.Array:
		var prefix []jsonvalue.Value
		if p := c.doc.Get(sm, "prefixItems"); p != nil && p.Kind == jsonvalue.Array {
			prefix = p.Items
		}
		item := c.doc.Get(sm, "items")
		if item != nil && item.Kind == jsonvalue.Array { // draft 4 to 7 tuples
			prefix, item = item.Items, nil
		}
		items := slices.Clone(v.Items)
		c.inList++
		for i := range items {
			switch {
			case i < len(prefix):
				items[i], _ = c.coerce(items[i], &prefix[i], depth+1)
			case item != nil:
				items[i], _ = c.coerce(items[i], item, depth+1)
			}
		}
		c.inList--
		v.Items = items
	}
	return v
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

// convert turns v into type t by the package's coercion rules, if it can;
// wrap lets it make a lone value (not an element of a list, not a text
// that is a broken list) a one-item array.
func (c *coercer) convert(v jsonvalue.Value, t string, wrap bool) (jsonvalue.Value, bool) {
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
			if t := strings.TrimSpace(v.Str); t != "" && t[0] == '[' {
				break // a list that does not parse stays as written
			}
		}
		if wrap && c.inList == 0 && v.Kind != jsonvalue.Null {
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
func fixEnum(v jsonvalue.Value, enum []jsonvalue.Value) (jsonvalue.Value, bool) {
	if slices.ContainsFunc(enum, func(e jsonvalue.Value) bool { return jsonvalue.Equal(v, e) }) {
		return v, true
	}
	if v.Kind != jsonvalue.String && v.Kind != jsonvalue.Number && v.Kind != jsonvalue.Boolean {
		return v, false
	}
	text := string(v.AppendJSON(nil))
	for _, ev := range enum {
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
