// Package schemadoc reads a tool's JSON Schema once, into an ordered value,
// and checks before anything walks it that every walk is bounded: schemas
// come from clients, so their size, their nesting, their $ref cycles and
// how many subschemas one value can be checked against are all capped.
//
// A schema is refused (Parse returns an error) when:
//   - its text is longer than MaxBytes;
//   - arrays and objects in it nest deeper than MaxDepth;
//   - it is not JSON, or neither an object nor a boolean;
//   - a chain of $ref, allOf, anyOf, oneOf, not, if/then/else or
//     dependentSchemas leads from a subschema back to itself without going
//     into a member or item of the value (a cycle no value can end);
//   - one value would be checked against more than MaxFanout subschemas
//     through those keywords (allOf of allOf of ... doubles at each level).
//
// A $ref that leads nowhere, or outside the schema (nothing is ever
// fetched), is not an error: it constrains nothing, and Doc.RemoteRef names
// the first one that leads outside.
package schemadoc

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
)

// The limits a schema must keep to.
const (
	MaxBytes  = 256 << 10 // bytes of schema text
	MaxDepth  = 64        // nesting of arrays and objects in the schema text
	MaxFanout = 256       // subschemas one value meets without going deeper
)

// The reasons a schema is refused.
var (
	ErrTooLarge = fmt.Errorf("the schema is larger than %d bytes", MaxBytes)
	ErrTooDeep  = fmt.Errorf("the schema nests deeper than %d levels", MaxDepth)
	ErrCycle    = errors.New("the schema has a $ref cycle that no value can end")
	ErrFanout   = fmt.Errorf("the schema checks one value against more than %d subschemas", MaxFanout)
)

// Doc is a decoded schema.
type Doc struct {
	Root      jsonvalue.Value
	RemoteRef string                              // the first $ref to anything outside the schema, or ""
	index     map[*jsonvalue.Value]map[string]int // member positions of large objects
}

// inPlace are the keywords whose subschemas apply to the same value.
var inPlace = [...]string{"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas"}

// Parse decodes and checks a schema.
func Parse(text []byte) (*Doc, error) {
	if len(text) > MaxBytes {
		return nil, ErrTooLarge
	}
	root, err := jsonvalue.DecodeDepth(string(text), MaxDepth)
	if errors.Is(err, jsonvalue.ErrTooDeep) {
		return nil, ErrTooDeep
	}
	if err != nil {
		return nil, errors.New("the schema is not valid JSON")
	}
	if root.Kind != jsonvalue.Object && root.Kind != jsonvalue.Boolean {
		return nil, errors.New("the schema is not an object")
	}
	d := &Doc{Root: root, index: map[*jsonvalue.Value]map[string]int{}}
	if err := d.check(); err != nil {
		return nil, err
	}
	return d, nil
}

// Get returns the member key of the schema object s, or nil.
func (d *Doc) Get(s *jsonvalue.Value, key string) *jsonvalue.Value {
	if s == nil || s.Kind != jsonvalue.Object {
		return nil
	}
	if idx, ok := d.index[s]; ok {
		if i, ok := idx[key]; ok {
			return &s.Members[i].Val
		}
		return nil
	}
	return s.Get(key)
}

// Types returns the types the schema object s allows ("type" as a string
// or a list), with "null" added for "nullable": true.
func (d *Doc) Types(s *jsonvalue.Value) []string {
	var types []string
	if t := d.Get(s, "type"); t != nil {
		switch t.Kind {
		case jsonvalue.String:
			types = oneType(t.Str)
		case jsonvalue.Array:
			for _, x := range t.Items {
				if x.Kind == jsonvalue.String {
					types = append(types, x.Str)
				}
			}
		}
	}
	if n := d.Get(s, "nullable"); n != nil && n.Kind == jsonvalue.Boolean && n.Bool && len(types) > 0 && !slices.Contains(types, "null") {
		types = append(slices.Clip(types), "null")
	}
	return types
}

// typeNames are the one-type lists of the seven type names, shared so that
// the common "type": "string" costs no allocation.
var typeNames = func() map[string][]string {
	m := map[string][]string{}
	for _, t := range [...]string{"string", "number", "integer", "boolean", "object", "array", "null"} {
		m[t] = []string{t}
	}
	return m
}()

// oneType returns the list of the one type t, shared for the seven names.
func oneType(t string) []string {
	if l, ok := typeNames[t]; ok {
		return slices.Clip(l)
	}
	return []string{t}
}

// Resolve follows s's local $refs to the subschema they name: s itself
// when it has none, nil when a $ref leads nowhere. Parse has ruled out
// cycles, so the chain ends.
func (d *Doc) Resolve(s *jsonvalue.Value) *jsonvalue.Value {
	for s != nil && s.Kind == jsonvalue.Object {
		ref := s.Get("$ref")
		if ref == nil || ref.Kind != jsonvalue.String {
			return s
		}
		if !strings.HasPrefix(ref.Str, "#") {
			return nil
		}
		s = d.Root.Pointer(ref.Str[1:])
	}
	return s
}

// check indexes large objects, notes remote $refs and measures how many
// subschemas each object applies in place, refusing cycles and fan-outs
// over MaxFanout.
func (d *Doc) check() error {
	c := checker{doc: d, fanout: map[*jsonvalue.Value]int{}}
	c.walk(&d.Root)
	return c.err
}

type checker struct {
	doc *Doc
	err error
	// fanout[s] is how many subschemas s applies to one value, itself
	// included; -1 while s is being measured, so meeting it again is a
	// cycle.
	fanout map[*jsonvalue.Value]int
}

func (c *checker) walk(v *jsonvalue.Value) {
	if c.err != nil {
		return
	}
	switch v.Kind {
	case jsonvalue.Object:
		if len(v.Members) > 16 {
			idx := make(map[string]int, len(v.Members))
			for i, m := range v.Members {
				idx[m.Key] = i
			}
			c.doc.index[v] = idx
		}
		for _, k := range [...]string{"$ref", "$dynamicRef"} {
			if r := v.Get(k); r != nil && r.Kind == jsonvalue.String && !strings.HasPrefix(r.Str, "#") && c.doc.RemoteRef == "" {
				c.doc.RemoteRef = r.Str
			}
		}
		if c.measure(v) > MaxFanout && c.err == nil {
			c.err = ErrFanout
		}
		for i := range v.Members {
			c.walk(&v.Members[i].Val)
		}
	case jsonvalue.Array:
		for i := range v.Items {
			c.walk(&v.Items[i])
		}
	}
}

func (c *checker) measure(s *jsonvalue.Value) int {
	if s == nil || s.Kind != jsonvalue.Object {
		return 1
	}
	if n, ok := c.fanout[s]; ok {
		if n < 0 {
			c.err = ErrCycle
			return MaxFanout + 1
		}
		return n
	}
	c.fanout[s] = -1
	n := 1
	if ref := s.Get("$ref"); ref != nil && ref.Kind == jsonvalue.String && strings.HasPrefix(ref.Str, "#") {
		n += c.measure(c.doc.Root.Pointer(ref.Str[1:]))
	}
	for _, k := range inPlace {
		if n > MaxFanout {
			break
		}
		sub := s.Get(k)
		switch {
		case sub == nil:
		case sub.Kind == jsonvalue.Array:
			for i := range sub.Items {
				n += c.measure(&sub.Items[i])
			}
		case sub.Kind == jsonvalue.Object && k == "dependentSchemas":
			for i := range sub.Members {
				n += c.measure(&sub.Members[i].Val)
			}
		case sub.Kind == jsonvalue.Object:
			n += c.measure(sub)
		}
	}
	n = min(n, MaxFanout+1)
	c.fanout[s] = n
	return n
}
