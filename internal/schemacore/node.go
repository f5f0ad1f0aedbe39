package schemacore

import (
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemadoc"
)

// Node is a place in a tool's schema: the subschema a value nested in a
// call's arguments must satisfy, for formats whose arguments nest as text
// (MiniMax-M3's elements), which type each value where it stands. The
// zero Node is a place the schema says nothing of: a tool without a
// schema, or a member the schema does not describe.
type Node struct {
	d *schemadoc.Doc
	v *jsonvalue.Value // resolved; nil: nothing known
}

// Root returns the place of the arguments themselves; the zero Node for a
// nil Schema or one that cannot be read.
func (s *Schema) Root() Node {
	if s == nil || s.c.doc == nil {
		return Node{}
	}
	s.c.derive()
	return node(s.c.doc, s.c.root)
}

// node returns the place of v, resolved, or the zero Node.
func node(d *schemadoc.Doc, v *jsonvalue.Value) Node {
	if v = d.Resolve(v); v == nil || v.Kind != jsonvalue.Object {
		return Node{}
	}
	return Node{d, v}
}

// Known reports whether the schema says anything of the place.
func (n Node) Known() bool { return n.v != nil }

// maxAlternatives bounds the in-place subschemas (allOf, anyOf, oneOf) a
// lookup visits: schemadoc caps what one value meets at MaxFanout, so this
// is never reached by a schema it accepted.
const maxAlternatives = schemadoc.MaxFanout

// alternatives calls visit with n's allOf, anyOf and oneOf subschemas,
// resolved, then theirs, breadth first, until visit returns true or
// maxAlternatives were visited; it reports whether visit did.
func (n Node) alternatives(visit func(Node) bool) bool {
	if n.d.Get(n.v, "allOf") == nil && n.d.Get(n.v, "anyOf") == nil && n.d.Get(n.v, "oneOf") == nil {
		return false // the common case: nothing to visit, nothing allocated
	}
	var room [8]*jsonvalue.Value
	queue := append(room[:0], n.v)
	for seen := 0; len(queue) > 0 && seen < maxAlternatives; seen++ {
		s := queue[0]
		queue = queue[1:]
		for _, key := range [...]string{"allOf", "anyOf", "oneOf"} {
			alts := n.d.Get(s, key)
			if alts == nil || alts.Kind != jsonvalue.Array {
				continue
			}
			for i := range alts.Items {
				a := node(n.d, &alts.Items[i])
				if a.v == nil {
					continue
				}
				if visit(a) {
					return true
				}
				queue = append(queue, a.v)
			}
		}
	}
	return false
}

// Member returns the place of an object's member key: the schema's
// "properties" entry for it, else its "additionalProperties" when that is
// a schema; looked for in the schema itself, then in its allOf, anyOf and
// oneOf alternatives (the first that says).
func (n Node) Member(key string) Node {
	return n.first(func(a Node) Node { return a.member(key) })
}

// member is Member in the schema itself.
func (n Node) member(key string) Node {
	if props := n.d.Get(n.v, "properties"); props != nil && props.Kind == jsonvalue.Object {
		if p := n.d.Get(props, key); p != nil {
			return node(n.d, p)
		}
	}
	if extra := n.d.Get(n.v, "additionalProperties"); extra != nil && extra.Kind == jsonvalue.Object {
		return node(n.d, extra)
	}
	return Node{}
}

// Item returns the place of an array's item i: the schema's
// "prefixItems" (or, as drafts 4 to 7 write a tuple, "items" as a list)
// for the first items, else "items"; looked for in the schema itself,
// then in its alternatives, as Member is.
func (n Node) Item(i int) Node {
	return n.first(func(a Node) Node { return a.item(i) })
}

// first returns the place own finds in the schema itself, else in the
// first of its alternatives where it finds one.
func (n Node) first(own func(Node) Node) Node {
	if n.v == nil {
		return Node{}
	}
	if found := own(n); found.v != nil {
		return found
	}
	var found Node
	n.alternatives(func(a Node) bool {
		found = own(a)
		return found.v != nil
	})
	return found
}

// item is Item in the schema itself.
func (n Node) item(i int) Node {
	var prefix []jsonvalue.Value
	if p := n.d.Get(n.v, "prefixItems"); p != nil && p.Kind == jsonvalue.Array {
		prefix = p.Items
	}
	items := n.d.Get(n.v, "items")
	if items != nil && items.Kind == jsonvalue.Array {
		prefix, items = items.Items, nil
	}
	switch {
	case i < len(prefix):
		return node(n.d, &prefix[i])
	case items != nil:
		return node(n.d, items)
	}
	return Node{}
}

// Types is a set of JSON Schema type names.
type Types uint8

// The type names, as Types bits.
const (
	TypeString Types = 1 << iota
	TypeInteger
	TypeNumber
	TypeBoolean
	TypeNull
	TypeObject
	TypeArray
)

var typeNameBits = map[string]Types{
	"string": TypeString, "integer": TypeInteger, "number": TypeNumber, "boolean": TypeBoolean,
	"null": TypeNull, "object": TypeObject, "array": TypeArray,
}

// Types returns the types the place allows: its "type" (a name or a list;
// "nullable": true adds null), and those of its allOf, anyOf and oneOf
// alternatives; when none of them names one, object for a schema with
// "properties" and array for one with "items" or "prefixItems". None when
// the schema says nothing.
func (n Node) Types() Types {
	if n.v == nil {
		return 0
	}
	t := n.own()
	n.alternatives(func(a Node) bool {
		t |= a.own()
		return false
	})
	if t == 0 {
		switch {
		case n.d.Get(n.v, "properties") != nil:
			t = TypeObject
		case n.d.Get(n.v, "items") != nil || n.d.Get(n.v, "prefixItems") != nil:
			t = TypeArray
		}
	}
	return t
}

// own is the types the schema itself names.
func (n Node) own() Types {
	var t Types
	for _, name := range n.d.Types(n.v) {
		t |= typeNameBits[name]
	}
	return t
}

// Has reports whether t holds every type of u.
func (t Types) Has(u Types) bool { return t&u == u }

// Only reports whether t holds no type but those of u (and some of them).
func (t Types) Only(u Types) bool { return t != 0 && t&^u == 0 }

// names returns the type names of t, in the order of the constants.
func (t Types) names() []string {
	var out []string
	for _, name := range [...]string{"string", "integer", "number", "boolean", "null", "object", "array"} {
		if t.Has(typeNameBits[name]) {
			out = append(out, name)
		}
	}
	return out
}

// AppendTextValue appends, as JSON, the value of a text written at this
// place by a format that writes values as text, as Schema.TextValue reads
// an argument's: "null" (any case) or "None" is null where the place
// allows null; where it allows a string and other types, a text that is
// JSON of one of them is that value; any other text is a string. Typed
// reports whether it was read as more than a string.
func (t Types) AppendTextValue(dst []byte, text string) (out []byte, typed bool) {
	if t == 0 || !mayBeTyped(text) {
		return jsonvalue.AppendString(dst, text), false
	}
	return appendTextValue(dst, t.names(), text)
}

// appendTextValue is AppendTextValue for the types' names.
func appendTextValue(dst []byte, types []string, text string) ([]byte, bool) {
	if (strings.EqualFold(text, "null") || text == "None") && slices.Contains(types, "null") {
		return append(dst, "null"...), true
	}
	if len(types) > 1 && slices.Contains(types, "string") {
		if v, err := jsonvalue.Decode(strings.TrimSpace(text)); err == nil && hasType(v, types) && !(v.Kind == jsonvalue.Null && !slices.Contains(types, "null")) {
			return v.AppendJSON(dst), true
		}
	}
	return jsonvalue.AppendString(dst, text), false
}
