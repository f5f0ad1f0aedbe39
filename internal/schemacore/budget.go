package schemacore

import (
	"fmt"
	"slices"

	"github.com/kaptinlin/jsonschema"
	"github.com/toolparse/toolparse/internal/jsonvalue"
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
// anyOf, oneOf and allOf (through the validator's own resolved
// references), each enum value compared, each string byte a length counts,
// each byte a pattern matches (per instruction of its program), each
// compiling of a pattern. Arguments whose estimate is over what they may
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

	costCompileInst = 1000 // compiling one instruction of a regular expression
	costMatchInst   = 5    // one instruction of a regular expression, per byte matched
)

// withinBudget reports whether validating v, whose JSON is size bytes,
// against c's compiled schema fits the call's allowance and what is left
// of b's pool, and takes from the pool what the call spends beyond its
// own.
func withinBudget(c *compiled, v *jsonvalue.Value, size int, b *Budget) bool {
	if b == nil {
		b = NewBudget()
	}
	own := ValidateBase + ValidatePerByte*size
	e := estimate{prep: c.prep, left: own + b.left}
	e.charge(costNode * e.nodes(v)) // the conversion to the validator's values
	e.walk(v, c.validator, 0)
	if e.left < 0 {
		b.left = 0
		return false
	}
	b.left = min(b.left, e.left)
	return true
}

// estimate walks a value with the validator's own compiled schema, counting
// down what validating it costs; it stops as soon as the budget is spent,
// so it costs at most about the budget's units in steps. It follows the
// validator's resolved references, so it meets every subschema the
// validator will.
type estimate struct {
	prep *prepared
	left int
	// compiled lists the nodes whose "pattern" this estimate has charged
	// compiling (the validator compiles it once, on first use).
	compiled []*jsonschema.Schema
}

func (e *estimate) charge(n int) bool {
	e.left -= n
	return e.left >= 0
}

// nodes counts v's values, charging the count as it goes. A long number
// costs the square of its digits (the validator reads numbers as exact
// rationals).
func (e *estimate) nodes(v *jsonvalue.Value) int {
	n := 1 + len(v.Str)/16
	if v.Kind == jsonvalue.Number && len(v.Str) > 32 {
		e.left -= len(v.Str) * len(v.Str) / 8
	}
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

func (e *estimate) walk(v *jsonvalue.Value, s *jsonschema.Schema, depth int) {
	if s == nil || !e.charge(costEval) || s.Boolean != nil {
		return
	}
	if depth > MaxCoerceDepth {
		e.left = -1
		return
	}
	pc := e.prep.patterns[s]
	if pc.properties > 0 && !e.charge(costCompileInst*pc.properties) {
		return // compiled again on every value the node applies to
	}
	e.walk(v, s.ResolvedRef, depth+1)
	for _, list := range [...][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf} {
		for _, sub := range list {
			e.walk(v, sub, depth+1)
		}
	}
	for _, sub := range [...]*jsonschema.Schema{s.Not, s.If, s.Then, s.Else} {
		e.walk(v, sub, depth+1)
	}
	if e.left < 0 {
		return
	}
	n := len(s.Enum)
	if s.Const != nil && s.Const.IsSet {
		n++
	}
	if n > 0 && !e.charge(n*costEnum*e.nodes(v)) {
		return
	}
	switch v.Kind {
	case jsonvalue.Object:
		e.object(v, s, depth)
	case jsonvalue.Array:
		e.array(v, s, depth)
	case jsonvalue.String:
		if s.MinLength != nil || s.MaxLength != nil {
			e.charge(costByte * len(v.Str))
		}
		if pc.pattern > 0 {
			if !slices.Contains(e.compiled, s) {
				e.compiled = append(e.compiled, s)
				e.charge(costCompileInst * pc.pattern)
			}
			e.charge((costByte + costMatchInst*pc.pattern) * (len(v.Str) + 1))
		}
	case jsonvalue.Number:
		for _, bound := range [...]*jsonschema.Rat{s.Minimum, s.Maximum, s.ExclusiveMinimum, s.ExclusiveMaximum, s.MultipleOf} {
			// exact arithmetic on the number's digits: about quadratic in them
			if bound != nil && !e.charge(costNumber+len(v.Str)*len(v.Str)/8) {
				return
			}
		}
	}
}

// object charges what the object keywords of s cost on the object v.
func (e *estimate) object(v *jsonvalue.Value, s *jsonschema.Schema, depth int) {
	props := schemaMap(s.Properties)
	required := len(s.Required)
	if !e.charge(costCompare * required) {
		return
	}
	for _, names := range s.DependentRequired {
		if !e.charge(costCompare * (1 + len(names))) {
			return
		}
	}
	patterns := schemaMap(s.PatternProperties)
	perKey := costMatchInst * e.prep.patterns[s].properties
	present := 0
	for i := range v.Members {
		m := &v.Members[i]
		if ps, ok := props[m.Key]; ok {
			present++
			e.walk(&m.Val, ps, depth+1)
		}
		if len(patterns) > 0 {
			if !e.charge((costByte*len(patterns) + perKey) * (len(m.Key) + 1)) {
				return
			}
			for _, ps := range patterns {
				e.walk(&m.Val, ps, depth+1)
			}
		}
		e.walk(&m.Val, s.AdditionalProperties, depth+1)
		e.walk(&m.Val, s.UnevaluatedProperties, depth+1)
		if s.PropertyNames != nil {
			key := jsonvalue.Value{Kind: jsonvalue.String, Str: m.Key}
			e.walk(&key, s.PropertyNames, depth+1)
		}
		if sub, ok := s.DependentSchemas[m.Key]; ok {
			e.walk(v, sub, depth+1)
		}
		if e.left < 0 {
			return
		}
	}
	if props != nil {
		// every listed property is visited; each missing one is looked up
		// in "required", and a missing required one is validated as null
		missing := len(props) - present
		e.charge(costProperty*len(props) + missing*costCompare*required + min(missing, required)*costEval)
	}
}

// array charges what the array keywords of s cost on the array v.
func (e *estimate) array(v *jsonvalue.Value, s *jsonschema.Schema, depth int) {
	for i := range v.Items {
		it := &v.Items[i]
		if i < len(s.PrefixItems) {
			e.walk(it, s.PrefixItems[i], depth+1)
		}
		for _, sub := range [...]*jsonschema.Schema{s.Items, s.Contains, s.UnevaluatedItems} {
			e.walk(it, sub, depth+1)
		}
		if e.left < 0 {
			return
		}
	}
	if s.UniqueItems != nil {
		e.charge(costNode * e.nodes(v))
	}
}
