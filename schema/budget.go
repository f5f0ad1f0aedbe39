package schema

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemadoc"
)

// The validation budget. Validating one call's arguments may cost
// ValidateBase plus ValidatePerByte for each byte of the arguments' JSON,
// in units of about a nanosecond of the validator's time on one core, and
// beyond that what is left of its response's pool (a Budget, ValidatePool
// when new; a call validated without one has a pool of its own). The cost
// is estimated before validating, by walking the arguments with the schema
// as the validator will: each subschema applied to each value, each
// property a "properties" keyword lists (the validator visits them all,
// and looks every missing one up in "required"), each alternative of
// anyOf, oneOf and allOf, each enum value compared, each string byte a
// pattern or format reads. Arguments whose estimate is over what they may
// spend go on unvalidated, with a "schema" diagnostic saying so (their
// coercion is done: it is bounded by MaxCoerceSteps), and empty the pool,
// which pays for the estimate's walk.
//
// So the time one response spends validating grows with the text the
// model wrote, not with what a client's schema multiplies it by: about
// 0.05 s for the pool plus 1.5 us per byte of arguments at worst, whatever
// the schemas; calls that validate cheaply never touch the pool.
const (
	ValidateBase    = 20_000
	ValidatePerByte = 1_500
	ValidatePool    = 50_000_000
)

// Budget is what validation may still spend from one response's pool; a
// stream keeps one for its calls, which are validated in the order they
// come, so what is validated does not depend on how the text was split.
// A nil *Budget gives each call a full pool of its own.
type Budget struct{ left int }

// NewBudget returns a full pool, ValidatePool.
func NewBudget() *Budget { return &Budget{left: ValidatePool} }

// overBudget is the diagnostic for arguments that are not validated.
var overBudget = fmt.Sprintf("validating these arguments against the tool's schema would cost more than this library allows (%d + %d per byte of arguments, and a pool of %d per response): they are not validated", ValidateBase, ValidatePerByte, ValidatePool)

// What the estimate charges, in about nanoseconds, measured on the
// validator (kaptinlin/jsonschema v0.9.8) by BenchmarkValidationEstimate.
const (
	costEval     = 2500 // one subschema applied to one value
	costProperty = 300  // one property a "properties" keyword lists
	costCompare  = 6    // one name compared in "required"
	costByte     = 12   // one byte of a string a keyword reads
	costNode     = 100  // one value node converted or hashed
	costEnum     = 2000 // one value node compared with one enum value
	costNumber   = 1500 // a number compared with a bound
)

// withinBudget reports whether validating v, whose JSON is size bytes,
// against the doc's schema fits the call's allowance and what is left of
// b's pool, and takes from the pool what the call spends beyond its own.
func withinBudget(doc *schemadoc.Doc, v *jsonvalue.Value, size int, b *Budget) bool {
	if b == nil {
		b = NewBudget()
	}
	own := ValidateBase + ValidatePerByte*size
	e := estimate{doc: doc, left: own + b.left}
	e.charge(costNode * e.nodes(v)) // the conversion to the validator's values
	e.walk(v, &doc.Root, 0)
	if e.left < 0 {
		b.left = 0
		return false
	}
	b.left = min(b.left, e.left)
	return true
}

// estimate walks a value with a schema, counting down what validating it
// costs; it stops as soon as the budget is spent, so it costs at most
// about the budget's units in steps.
type estimate struct {
	doc  *schemadoc.Doc
	left int
}

func (e *estimate) charge(n int) bool {
	e.left -= n
	return e.left >= 0
}

// nodes counts v's values, charging the count as it goes.
func (e *estimate) nodes(v *jsonvalue.Value) int {
	n := 1 + len(v.Str)/16
	for i := range v.Items {
		if e.left < 0 {
			return n
		}
		n += e.nodes(&v.Items[i])
	}
	for i := range v.Members {
		if e.left < 0 {
			return n
		}
		n += 1 + e.nodes(&v.Members[i].Val)
	}
	e.left -= n
	return n
}

// inPlaceKeys are the keywords whose subschemas apply to the value itself.
var inPlaceKeys = [...]string{"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$dynamicRef"}

func (e *estimate) walk(v *jsonvalue.Value, s *jsonvalue.Value, depth int) {
	if !e.charge(costEval) || s == nil || s.Kind != jsonvalue.Object {
		return
	}
	if depth > MaxCoerceDepth {
		e.left = -1
		return
	}
	d := e.doc
	for _, k := range inPlaceKeys {
		sub := d.Get(s, k)
		switch {
		case sub == nil:
		case sub.Kind == jsonvalue.Array:
			for i := range sub.Items {
				e.walk(v, &sub.Items[i], depth+1)
			}
		case sub.Kind == jsonvalue.String:
			if strings.HasPrefix(sub.Str, "#") {
				e.walk(v, d.Root.Pointer(sub.Str[1:]), depth+1)
			}
		default:
			e.walk(v, sub, depth+1)
		}
		if e.left < 0 {
			return
		}
	}
	for _, k := range [...]string{"enum", "const"} {
		if x := d.Get(s, k); x != nil {
			n := 1
			if x.Kind == jsonvalue.Array && k == "enum" {
				n = len(x.Items)
			}
			if !e.charge(n * costEnum * e.nodes(v)) {
				return
			}
		}
	}
	switch v.Kind {
	case jsonvalue.Object:
		e.object(v, s, depth)
	case jsonvalue.Array:
		e.array(v, s, depth)
	case jsonvalue.String:
		for _, k := range [...]string{"pattern", "format", "minLength", "maxLength", "contentEncoding", "contentMediaType", "contentSchema"} {
			if d.Get(s, k) != nil && !e.charge(costByte*len(v.Str)) {
				return
			}
		}
	case jsonvalue.Number:
		for _, k := range [...]string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"} {
			// exact arithmetic on the number's digits: about quadratic in them
			if d.Get(s, k) != nil && !e.charge(costNumber+len(v.Str)*len(v.Str)/8) {
				return
			}
		}
	}
}

// object charges what the object keywords of s cost on the object v.
func (e *estimate) object(v *jsonvalue.Value, s *jsonvalue.Value, depth int) {
	d := e.doc
	props := d.Get(s, "properties")
	if props != nil && props.Kind != jsonvalue.Object {
		props = nil
	}
	var required int
	if r := d.Get(s, "required"); r != nil && r.Kind == jsonvalue.Array {
		required = len(r.Items)
	}
	if !e.charge(costCompare * required) {
		return
	}
	if dr := d.Get(s, "dependentRequired"); dr != nil && dr.Kind == jsonvalue.Object {
		for i := range dr.Members {
			if !e.charge(costCompare * (1 + len(dr.Members[i].Val.Items))) {
				return
			}
		}
	}
	patterns := d.Get(s, "patternProperties")
	if patterns != nil && patterns.Kind != jsonvalue.Object {
		patterns = nil
	}
	present := 0
	for i := range v.Members {
		m := &v.Members[i]
		if props != nil {
			if ps := d.Get(props, m.Key); ps != nil {
				present++
				e.walk(&m.Val, ps, depth+1)
			}
		}
		if patterns != nil {
			for j := range patterns.Members {
				if !e.charge(costByte * len(m.Key)) {
					return
				}
				e.walk(&m.Val, &patterns.Members[j].Val, depth+1)
			}
		}
		for _, k := range [...]string{"additionalProperties", "unevaluatedProperties"} {
			if sub := d.Get(s, k); sub != nil {
				e.walk(&m.Val, sub, depth+1)
			}
		}
		if pn := d.Get(s, "propertyNames"); pn != nil {
			key := jsonvalue.Value{Kind: jsonvalue.String, Str: m.Key}
			e.walk(&key, pn, depth+1)
		}
		if ds := d.Get(s, "dependentSchemas"); ds != nil && ds.Kind == jsonvalue.Object {
			if sub := d.Get(ds, m.Key); sub != nil {
				e.walk(v, sub, depth+1)
			}
		}
		if e.left < 0 {
			return
		}
	}
	if props != nil {
		// every listed property is visited; each missing one is looked up
		// in "required", and a missing required one is validated as null
		missing := len(props.Members) - present
		e.charge(costProperty*len(props.Members) + missing*costCompare*required + min(missing, required)*costEval)
	}
}

// array charges what the array keywords of s cost on the array v.
func (e *estimate) array(v *jsonvalue.Value, s *jsonvalue.Value, depth int) {
	d := e.doc
	var prefix []jsonvalue.Value
	for _, k := range [...]string{"prefixItems", "items"} {
		if p := d.Get(s, k); p != nil && p.Kind == jsonvalue.Array {
			prefix = p.Items
		}
	}
	for i := range v.Items {
		it := &v.Items[i]
		if i < len(prefix) {
			e.walk(it, &prefix[i], depth+1)
		}
		for _, k := range [...]string{"items", "additionalItems", "contains", "unevaluatedItems"} {
			if sub := d.Get(s, k); sub != nil && sub.Kind != jsonvalue.Array {
				e.walk(it, sub, depth+1)
			}
		}
		if e.left < 0 {
			return
		}
	}
	if d.Get(s, "uniqueItems") != nil {
		e.charge(costNode * e.nodes(v))
	}
}
