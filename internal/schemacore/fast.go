package schemacore

import (
	"encoding/json"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kaptinlin/jsonschema"
	"github.com/toolparse/toolparse/internal/jsonvalue"
)

// The fast validator: a compiled form of the keywords tool schemas use
// (type, enum, const, properties, required, additionalProperties,
// patternProperties, items, the numeric bounds, lengths, item and
// property counts, pattern, allOf, anyOf, oneOf, $ref), built once per
// schema from the reference validator's own compiled tree, so that it
// reads every keyword, reference and number as that validator does. It
// walks the call's decoded value directly: no conversion to Go maps, no
// result tree, no allocation for a valid call. It only decides; when it
// finds a call invalid, or meets what it does not decide (a duplicate
// key), the reference validator runs and writes the violations, so they
// are its very words. A schema that uses any other validating keyword
// (not, if/then/else, contains, uniqueItems, multipleOf, prefixItems,
// propertyNames, dependent*, unevaluated*, a $schema other than 2020-12)
// has no fast validator and every call goes to the reference validator.

// verdict is what the fast validator says of a value.
type verdict uint8

const (
	valid verdict = iota
	invalid
	undecided // the reference validator decides
)

// Type bits, one per JSON Schema type name.
const (
	tNull uint8 = 1 << iota
	tBoolean
	tObject
	tArray
	tNumber
	tInteger
	tString
)

var typeBits = map[string]uint8{"null": tNull, "boolean": tBoolean, "object": tObject, "array": tArray, "number": tNumber, "integer": tInteger, "string": tString}

// bound is a numeric bound: its float64 and, for a tie, its exact value.
type bound struct {
	f float64
	r *big.Rat
	// small: the bound is an integer a float64 holds exactly, so a tie
	// with a short integer literal is equality.
	small bool
}

// fastNode is one subschema.
type fastNode struct {
	never bool // the schema false
	ref   *fastNode
	types uint8 // 0: any type
	enum  []any
	hasEnum,
	hasConst bool
	cnst                          any
	allOf, anyOf, oneOf           []*fastNode
	props                         map[string]*fastNode
	patterns                      []fastPattern
	additional                    *fastNode
	required                      []string
	items                         *fastNode
	min, max, exMin, exMax        *bound
	minLen, maxLen                int // -1: none
	minItems, maxItems            *float64
	minProps, maxProps            *float64
	pattern                       *regexp.Regexp
	hasNumeric, hasString, hasObj bool
}

type fastPattern struct {
	re   *regexp.Regexp
	node *fastNode
}

const draft202012 = "https://json-schema.org/draft/2020-12/schema"

// compileFast builds the fast validator of the reference validator's tree
// v, or nil when v uses a keyword it does not decide.
func compileFast(v *jsonschema.Schema) *fastNode {
	nodes := map[*jsonschema.Schema]*fastNode{}
	ok := true
	var build func(s *jsonschema.Schema) *fastNode
	build = func(s *jsonschema.Schema) *fastNode {
		if s == nil || !ok {
			return nil
		}
		if n, seen := nodes[s]; seen {
			return n
		}
		n := &fastNode{minLen: -1, maxLen: -1}
		nodes[s] = n
		if s.Boolean != nil {
			n.never = !*s.Boolean
			return n
		}
		if s.Not != nil || s.If != nil || s.Then != nil || s.Else != nil || s.DependentSchemas != nil ||
			len(s.PrefixItems) > 0 || s.Contains != nil || s.PropertyNames != nil || s.MultipleOf != nil ||
			s.UniqueItems != nil || s.MaxContains != nil || s.MinContains != nil || s.UnevaluatedItems != nil ||
			s.UnevaluatedProperties != nil || len(s.DependentRequired) > 0 || s.DynamicRef != "" ||
			s.ResolvedDynamicRef != nil || s.Schema != "" && s.Schema != draft202012 && s.Schema != draft202012+"#" ||
			s.Vocabulary != nil || s.Format != nil || s.ContentSchema != nil || s.ContentEncoding != nil ||
			s.ContentMediaType != nil || s.Ref != "" && s.ResolvedRef == nil {
			ok = false
			return n
		}
		if s.ResolvedRef != nil {
			n.ref = build(s.ResolvedRef)
		}
		for _, t := range s.Type {
			bit, known := typeBits[t]
			if !known {
				ok = false
				return n
			}
			n.types |= bit
		}
		if s.Enum != nil {
			n.hasEnum, n.enum = true, s.Enum
		}
		if s.Const != nil && s.Const.IsSet {
			n.hasConst, n.cnst = true, s.Const.Value
		}
		list := func(l []*jsonschema.Schema) []*fastNode {
			var out []*fastNode
			for _, sub := range l {
				out = append(out, build(sub))
			}
			return out
		}
		n.allOf, n.anyOf, n.oneOf = list(s.AllOf), list(s.AnyOf), list(s.OneOf)
		if s.Properties != nil {
			n.props = make(map[string]*fastNode, len(*s.Properties))
			for k, sub := range *s.Properties {
				n.props[k] = build(sub)
			}
		}
		if s.PatternProperties != nil {
			for k, sub := range *s.PatternProperties {
				re, err := regexp.Compile(k)
				if err != nil {
					ok = false
					return n
				}
				n.patterns = append(n.patterns, fastPattern{re, build(sub)})
			}
		}
		n.additional = build(s.AdditionalProperties)
		n.required = s.Required
		n.items = build(s.Items)
		n.min, n.max, n.exMin, n.exMax = boundOf(s.Minimum), boundOf(s.Maximum), boundOf(s.ExclusiveMinimum), boundOf(s.ExclusiveMaximum)
		n.hasNumeric = n.min != nil || n.max != nil || n.exMin != nil || n.exMax != nil
		if s.MinLength != nil {
			n.minLen = int(*s.MinLength)
		}
		if s.MaxLength != nil {
			n.maxLen = int(*s.MaxLength)
		}
		if s.Pattern != nil {
			re, err := regexp.Compile(*s.Pattern)
			if err != nil {
				ok = false
				return n
			}
			n.pattern = re
		}
		n.hasString = s.MinLength != nil || s.MaxLength != nil || s.Pattern != nil
		n.minItems, n.maxItems = s.MinItems, s.MaxItems
		n.minProps, n.maxProps = s.MinProperties, s.MaxProperties
		n.hasObj = n.props != nil || n.patterns != nil || n.additional != nil || len(n.required) > 0 ||
			n.minProps != nil || n.maxProps != nil
		return n
	}
	root := build(v)
	if !ok {
		return nil
	}
	return root
}

func boundOf(r *jsonschema.Rat) *bound {
	if r == nil || r.Rat == nil {
		return nil
	}
	f, _ := r.Float64()
	return &bound{f: f, r: r.Rat, small: r.IsInt() && math.Abs(f) < 1<<53}
}

// check decides v against n. Its work is bounded as the reference
// validator's (the budget estimate charged before it runs covers both).
func (n *fastNode) check(v *jsonvalue.Value) verdict {
	if n.never {
		return invalid
	}
	out := valid
	note := func(x verdict) bool { // false when the verdict is known
		if x > out {
			out = x
		}
		return out != invalid
	}
	if n.ref != nil && !note(n.ref.check(v)) {
		return out
	}
	if n.types != 0 && !n.typeOK(v) {
		return invalid
	}
	if n.hasEnum && len(n.enum) > 0 {
		found := false
		for _, e := range n.enum {
			if eq, sure := equalJSON(v, e); !sure {
				return undecided
			} else if eq {
				found = true
				break
			}
		}
		if !found {
			return invalid
		}
	}
	if n.hasConst {
		eq, sure := equalJSON(v, n.cnst)
		if !sure {
			return undecided
		}
		if !eq {
			return invalid
		}
	}
	for _, sub := range n.allOf {
		if !note(sub.check(v)) {
			return out
		}
	}
	if len(n.anyOf) > 0 {
		any := invalid
		for _, sub := range n.anyOf {
			switch sub.check(v) {
			case valid:
				any = valid
			case undecided:
				if any == invalid {
					any = undecided
				}
			}
			if any == valid {
				break
			}
		}
		if !note(any) {
			return out
		}
	}
	if len(n.oneOf) > 0 {
		matches, unsure := 0, false
		for _, sub := range n.oneOf {
			switch sub.check(v) {
			case valid:
				matches++
			case undecided:
				unsure = true
			}
		}
		switch {
		case unsure:
			note(undecided)
		case matches != 1:
			return invalid
		}
	}
	switch v.Kind {
	case jsonvalue.Number:
		if n.hasNumeric && !n.numberOK(v.Str) {
			return invalid
		}
	case jsonvalue.String:
		if n.hasString && !n.stringOK(v.Str) {
			return invalid
		}
	case jsonvalue.Array:
		if n.items != nil {
			for i := range v.Items {
				if !note(n.items.check(&v.Items[i])) {
					return out
				}
			}
		}
		if n.maxItems != nil && float64(len(v.Items)) > *n.maxItems || n.minItems != nil && float64(len(v.Items)) < *n.minItems {
			return invalid
		}
	case jsonvalue.Object:
		if n.hasObj {
			note(n.objectCheck(v))
		}
	}
	return out
}

func (n *fastNode) typeOK(v *jsonvalue.Value) bool {
	var bit uint8
	switch v.Kind {
	case jsonvalue.Null:
		bit = tNull
	case jsonvalue.Boolean:
		bit = tBoolean
	case jsonvalue.String:
		bit = tString
	case jsonvalue.Array:
		bit = tArray
	case jsonvalue.Object:
		bit = tObject
	case jsonvalue.Number:
		if isInteger(v.Str) {
			return n.types&(tInteger|tNumber) != 0
		}
		bit = tNumber
	}
	return n.types&bit != 0
}

func (n *fastNode) numberOK(s string) bool {
	if n.max != nil && compareNumber(s, n.max) > 0 ||
		n.exMax != nil && compareNumber(s, n.exMax) >= 0 ||
		n.min != nil && compareNumber(s, n.min) < 0 ||
		n.exMin != nil && compareNumber(s, n.exMin) <= 0 {
		return false
	}
	return true
}

func (n *fastNode) stringOK(s string) bool {
	if n.maxLen >= 0 || n.minLen >= 0 {
		l := utf8.RuneCountInString(s)
		if n.maxLen >= 0 && l > n.maxLen || n.minLen >= 0 && l < n.minLen {
			return false
		}
	}
	return n.pattern == nil || n.pattern.MatchString(s)
}

// objectCheck decides an object's members. An object that writes a key
// twice is left to the reference validator (which sees the last).
func (n *fastNode) objectCheck(v *jsonvalue.Value) verdict {
	if hasDuplicateKey(v.Members) {
		return undecided
	}
	out := valid
	count := float64(len(v.Members))
	if n.maxProps != nil && count > *n.maxProps || n.minProps != nil && count < *n.minProps {
		return invalid
	}
	for _, r := range n.required {
		if member(v, r) == nil {
			return invalid
		}
	}
	for i := range v.Members {
		m := &v.Members[i]
		matched := false
		if sub, ok := n.props[m.Key]; ok {
			matched = true
			if x := sub.check(&m.Val); x != valid {
				if x == invalid {
					return invalid
				}
				out = undecided
			}
		}
		for _, p := range n.patterns {
			if p.re.MatchString(m.Key) {
				matched = true
				if x := p.node.check(&m.Val); x != valid {
					if x == invalid {
						return invalid
					}
					out = undecided
				}
			}
		}
		if !matched && n.additional != nil {
			if x := n.additional.check(&m.Val); x != valid {
				if x == invalid {
					return invalid
				}
				out = undecided
			}
		}
	}
	return out
}

func member(v *jsonvalue.Value, key string) *jsonvalue.Value {
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i].Val
		}
	}
	return nil
}

// hasDuplicateKey reports whether an object writes a key twice: pairwise
// for a small object, with a set for a large one.
func hasDuplicateKey(ms []jsonvalue.Member) bool {
	if len(ms) <= 16 {
		for i := range ms {
			for j := i + 1; j < len(ms); j++ {
				if ms[i].Key == ms[j].Key {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[string]struct{}, len(ms))
	for i := range ms {
		if _, dup := seen[ms[i].Key]; dup {
			return true
		}
		seen[ms[i].Key] = struct{}{}
	}
	return false
}

// compareNumber compares the JSON number s with b: by float64 where they
// differ (rounding keeps order), exactly where they tie.
func compareNumber(s string, b *bound) int {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		switch {
		case f < b.f:
			return -1
		case f > b.f:
			return 1
		}
	}
	if b.small && shortInteger(s) {
		return 0 // both exact in a float64, and equal there
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0
	}
	return r.Cmp(b.r)
}

// shortInteger reports whether s is an integer literal of at most 15
// digits, which a float64 holds exactly.
func shortInteger(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if len(s) == 0 || len(s) > 15 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isInteger reports whether the JSON number s has no fractional part
// (1.0, 1e2 and 150e-1 are integers), exactly: its digits, trailing zeros
// dropped, times a power of ten that is not negative.
func isInteger(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	intPart, frac := s[start:i], ""
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for i = j; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		}
		frac = s[j:i]
	}
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil {
			return false
		}
		exp = e
	}
	// The value is the digits of intPart and frac times
	// 10^(exp-len(frac)); each trailing zero of the digits raises the
	// power by one.
	exp -= len(frac)
	f := strings.TrimRight(frac, "0")
	exp += len(frac) - len(f)
	if f == "" {
		ip := strings.TrimRight(intPart, "0")
		if ip == "" {
			return true // zero
		}
		exp += len(intPart) - len(ip)
	}
	return exp >= 0
}

// equalJSON reports whether v equals the reference validator's value e
// (JSON equality: numbers by value); sure is false for a value of a kind
// it does not compare.
func equalJSON(v *jsonvalue.Value, e any) (eq, sure bool) {
	switch e := e.(type) {
	case nil:
		return v.Kind == jsonvalue.Null, true
	case bool:
		return v.Kind == jsonvalue.Boolean && v.Bool == e, true
	case string:
		return v.Kind == jsonvalue.String && v.Str == e, true
	case json.Number:
		if v.Kind != jsonvalue.Number {
			return false, true
		}
		if v.Str == string(e) {
			return true, true
		}
		return numbersEqual(v.Str, string(e)), true
	case []any:
		if v.Kind != jsonvalue.Array {
			return false, true
		}
		if len(v.Items) != len(e) {
			return false, true
		}
		for i := range e {
			if eq, sure := equalJSON(&v.Items[i], e[i]); !eq || !sure {
				return eq, sure
			}
		}
		return true, true
	case map[string]any:
		if v.Kind != jsonvalue.Object {
			return false, true
		}
		if hasDuplicateKey(v.Members) {
			return false, false
		}
		if len(v.Members) != len(e) {
			return false, true
		}
		for i := range v.Members {
			ev, ok := e[v.Members[i].Key]
			if !ok {
				return false, true
			}
			if eq, sure := equalJSON(&v.Members[i].Val, ev); !eq || !sure {
				return eq, sure
			}
		}
		return true, true
	}
	return false, false
}

// numbersEqual compares two JSON numbers by value, exactly.
func numbersEqual(a, b string) bool {
	fa, errA := strconv.ParseFloat(a, 64)
	fb, errB := strconv.ParseFloat(b, 64)
	if errA == nil && errB == nil && fa != fb && !math.IsInf(fa, 0) && !math.IsInf(fb, 0) {
		return false
	}
	ra, okA := new(big.Rat).SetString(a)
	rb, okB := new(big.Rat).SetString(b)
	return okA && okB && ra.Cmp(rb) == 0
}
