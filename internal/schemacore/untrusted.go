package schemacore

import (
	"fmt"
	"regexp/syntax"

	"github.com/kaptinlin/jsonschema"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemadoc"
)

// The bounds on what a client's schema asks the validator to do, beyond
// those of schemadoc (size, depth, cycles, fan-out). A schema that passes
// them is compiled; one that does not is still used for coercion, but its
// calls are not validated, with a "schema" diagnostic saying why.
const (
	// MaxPatternSize bounds one regular expression ("pattern", a
	// "patternProperties" key), in the instructions of its compiled
	// program: compiling costs about a microsecond per instruction, and
	// matching about 5 ns per instruction per byte at worst.
	MaxPatternSize = 10_000
	// MaxPatternsSize bounds all of a schema's regular expressions
	// together, so that compiling a schema costs at most some tens of
	// milliseconds.
	MaxPatternsSize = 40_000
	// MaxNumberLength bounds the text of a number in a schema: the
	// validator does exact arithmetic on bounds, multipleOf, enum and
	// const values, whose cost grows with their digits.
	MaxNumberLength = 64
)

// float64 holds magnitudes from about 4.9e-324 to 1.8e308; a number whose
// decimal exponent lies outside these is beyond it.
const (
	maxExponent = 308
	minExponent = -324
)

// checkDoc refuses, before anything compiles it, a schema whose patterns
// or numbers would cost the validator more than the bounds allow. Every
// string under a "pattern" key and every key of a "patternProperties"
// object counts, wherever it stands: over-counting only makes the bound
// stricter.
func checkDoc(d *schemadoc.Doc) string {
	total := 0
	var why string
	var walk func(v *jsonvalue.Value, under string)
	walk = func(v *jsonvalue.Value, under string) {
		if why != "" {
			return
		}
		switch v.Kind {
		case jsonvalue.Number:
			if len(v.Str) > MaxNumberLength || beyondFloat64(v.Str) {
				why = fmt.Sprintf("the tool's schema has a number (%.40s) longer than %d bytes or beyond what a float64 holds: arguments are not validated", v.Str, MaxNumberLength)
			}
		case jsonvalue.String:
			if under == "pattern" {
				why = charge(&total, v.Str)
			}
		case jsonvalue.Array:
			for i := range v.Items {
				walk(&v.Items[i], "")
			}
		case jsonvalue.Object:
			for i := range v.Members {
				m := &v.Members[i]
				if under == "patternProperties" {
					if why = charge(&total, m.Key); why != "" {
						return
					}
				}
				walk(&m.Val, m.Key)
			}
		}
	}
	walk(&d.Root, "")
	return why
}

// charge adds pattern's size to total, and says why the schema is refused
// when the pattern or the total is over its bound. A pattern Go's regexp
// does not accept costs its text's length: the validator refuses it when
// it compiles the schema.
func charge(total *int, pattern string) string {
	n := patternSize(pattern)
	if n > MaxPatternSize {
		return fmt.Sprintf("the tool's schema has a pattern (%.40q) of more than %d instructions: arguments are not validated", pattern, MaxPatternSize)
	}
	if *total += n; *total > MaxPatternsSize {
		return fmt.Sprintf("the tool's schema has patterns of more than %d instructions in all: arguments are not validated", MaxPatternsSize)
	}
	return ""
}

// patternSize returns about how many instructions pattern compiles to (a
// bound from above, counted on the parsed expression without compiling
// it, so that counting costs what parsing does); its length when Go's
// regexp does not parse it; past MaxPatternSize, any number over it.
func patternSize(pattern string) int {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return len(pattern)
	}
	return regexpSize(re)
}

func regexpSize(re *syntax.Regexp) int {
	const over = MaxPatternSize + 1
	sum := func() int {
		n := 1
		for _, sub := range re.Sub {
			if n += regexpSize(sub) + 1; n > over {
				return over
			}
		}
		return n
	}
	switch re.Op {
	case syntax.OpLiteral:
		return min(over, len(re.Rune)+1)
	case syntax.OpRepeat:
		times := re.Max
		if times < 0 {
			times = re.Min + 1
		}
		n := sum()
		if times > 0 && n > over/times {
			return over
		}
		return min(over, (times+1)*n)
	default:
		return sum()
	}
}

// beyondFloat64 reports whether the JSON number text s is beyond what a
// float64 holds: its decimal exponent, read without arithmetic on the
// digits, is over 308 or under -324 (and it is not zero).
func beyondFloat64(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	// The position of the first digit that is not 0, counted in powers
	// of ten from the decimal point.
	lead, found, point := 0, false, 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if !found && s[i] != '0' {
			found, lead = true, point
		}
		point++
	}
	intDigits := point
	if i < len(s) && s[i] == '.' {
		i++
		for j := 1; i < len(s) && s[i] >= '0' && s[i] <= '9'; i, j = i+1, j+1 {
			if !found && s[i] != '0' {
				found, lead = true, intDigits+j-1
			}
		}
	}
	if !found {
		return false // zero
	}
	mag := intDigits - 1 - lead // the leading digit's power of ten
	exp, neg := 0, false
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			neg = s[i] == '-'
			i++
		}
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if exp < 1<<20 {
				exp = exp*10 + int(s[i]-'0')
			}
		}
	}
	if neg {
		exp = -exp
	}
	mag += exp
	return mag > maxExponent || mag < minExponent
}

// prepared is what validating against a compiled schema needs to know of
// it, read once from the validator's own tree: its references are the
// validator's own (anchors, escapes, nested $defs and $id scopes resolved
// as it resolves them), so the estimate follows exactly what it follows.
type prepared struct {
	// patterns is each node's cost of patterns: its "pattern" (compiled
	// once by the validator, then matched per string) and its
	// "patternProperties" (compiled again by the validator on every value
	// the node is applied to, then matched per key).
	patterns map[*jsonschema.Schema]patternCost
}

type patternCost struct {
	pattern    int // instructions of "pattern", 0 for none
	properties int // instructions of all "patternProperties" keys
}

// prepare reads the validator's tree v once: it refuses what the estimate
// cannot follow ($dynamicRef, whose target depends on the path a value
// took) and what no value can end or what fans out too far through the
// validator's own references; it turns the content keywords and "format"
// into the annotations they are (the validator would decode a string's
// content, or compile a string as a regular expression, for an assertion
// it then does not make: this library never asserts formats); and it
// records each node's pattern costs. It returns why the schema cannot be
// validated, or "".
func prepare(v *jsonschema.Schema) (*prepared, string) {
	p := &prepared{}
	seen := map[*jsonschema.Schema]bool{}
	var why string
	var visit func(s *jsonschema.Schema)
	visit = func(s *jsonschema.Schema) {
		if s == nil || seen[s] || why != "" {
			return
		}
		seen[s] = true
		if s.DynamicRef != "" || s.ResolvedDynamicRef != nil {
			why = "the tool's schema has a $dynamicRef (or $recursiveRef), whose target depends on the value's path: arguments are not validated"
			return
		}
		s.Format, s.ContentEncoding, s.ContentMediaType = nil, nil, nil
		content := s.ContentSchema
		s.ContentSchema = nil
		var c patternCost
		if s.Pattern != nil {
			c.pattern = patternSize(*s.Pattern)
		}
		if s.PatternProperties != nil {
			for k := range *s.PatternProperties {
				c.properties += patternSize(k)
			}
		}
		if c != (patternCost{}) {
			if p.patterns == nil {
				p.patterns = map[*jsonschema.Schema]patternCost{}
			}
			p.patterns[s] = c
		}
		eachSubschema(s, visit)
		visit(content)
		visit(s.ResolvedRef)
	}
	visit(v)
	if why != "" {
		return nil, why
	}
	f := fanout{seen: map[*jsonschema.Schema]int{}}
	for s := range seen {
		if f.measure(s) > MaxSchemaFanout {
			if f.cycle {
				return nil, "the tool's schema has a $ref cycle that no value can end (as the validator resolves its references): arguments are not validated"
			}
			return nil, fmt.Sprintf("the tool's schema checks one value against more than %d subschemas (as the validator resolves its references): arguments are not validated", MaxSchemaFanout)
		}
	}
	return p, ""
}

// eachSubschema calls fn with each subschema the validator's node s holds
// (not the one its $ref names).
func eachSubschema(s *jsonschema.Schema, fn func(*jsonschema.Schema)) {
	for _, m := range [...]map[string]*jsonschema.Schema{s.Defs, s.DependentSchemas, schemaMap(s.Properties), schemaMap(s.PatternProperties)} {
		for _, sub := range m {
			fn(sub)
		}
	}
	for _, list := range [...][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		for _, sub := range list {
			fn(sub)
		}
	}
	for _, sub := range [...]*jsonschema.Schema{s.Not, s.If, s.Then, s.Else, s.Items, s.AdditionalProperties, s.Contains, s.PropertyNames, s.UnevaluatedItems, s.UnevaluatedProperties} {
		fn(sub)
	}
}

func schemaMap(m *jsonschema.SchemaMap) map[string]*jsonschema.Schema {
	if m == nil {
		return nil
	}
	return *m
}

// fanout measures, on the validator's tree, how many subschemas one value
// meets without going into a member or an item: through $ref, allOf,
// anyOf, oneOf, not, if/then/else and dependentSchemas.
type fanout struct {
	// seen[s] is s's count, itself included; -1 while it is measured, so
	// that meeting it again is a cycle.
	seen  map[*jsonschema.Schema]int
	cycle bool
}

func (f *fanout) measure(s *jsonschema.Schema) int {
	if s == nil {
		return 0
	}
	if n, ok := f.seen[s]; ok && n != 0 {
		if n < 0 {
			f.cycle = true
			return MaxSchemaFanout + 1
		}
		return n
	}
	f.seen[s] = -1
	n := 1 + f.measure(s.ResolvedRef)
	for _, list := range [...][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf} {
		for _, sub := range list {
			if n > MaxSchemaFanout {
				break
			}
			n += f.measure(sub)
		}
	}
	for _, sub := range [...]*jsonschema.Schema{s.Not, s.If, s.Then, s.Else} {
		n += f.measure(sub)
	}
	for _, sub := range s.DependentSchemas {
		if n > MaxSchemaFanout {
			break
		}
		n += f.measure(sub)
	}
	n = min(n, MaxSchemaFanout+1)
	f.seen[s] = n
	return n
}
