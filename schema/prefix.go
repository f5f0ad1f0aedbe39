package schema

import (
	"bytes"
	"slices"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Prefix follows a call's arguments while their JSON text arrives and
// tells how much of what Coerce will return for them is already certain,
// so that a stream can hand the arguments on in pieces that concatenate to
// exactly Coerce's result.
//
// It reads the arguments as a decoder writes them: one compact JSON object,
// its strings escaped the way this module writes them. What it lets through:
//   - for a tool without a schema (or with one Coerce refuses), every byte
//     as it arrives, since Coerce leaves such arguments as they are;
//   - for an object schema, the braces, commas and keys as they arrive, and
//     each member's value by what coercion does to it: a string whose
//     schema takes strings (no enum, const or combinator; the long case:
//     file contents, code) and a member the schema does not mention go out
//     byte by byte; any other value (numbers, booleans, arrays, objects,
//     enums, strings where the schema wants another type) once it is
//     complete, coerced on its own, exactly as Coerce coerces it in place.
//
// A nil or zero Prefix is one for a tool without a schema.
//
// Whatever it cannot follow (a schema whose root has anyOf, oneOf, allOf,
// enum or const, or is not an object; text that is not compact JSON; a
// coercion past its bounds) stops it: nothing more is certain until the
// call is complete. Stopping is always safe, only later.
type Prefix struct {
	c     *compiled
	co    coercer
	props *jsonvalue.Value // the root's properties
	extra *jsonvalue.Value // the root's additionalProperties, when a schema
	raw   bool             // every byte goes out as it arrives
	st    prefixState
	key   []byte // the member's key as written, quotes included
	val   []byte // a held member value
	kind  memberKind
	sub   *jsonvalue.Value // the held member's schema
	skip  jsonvalue.End
}

type prefixState uint8

const (
	pOpen    prefixState = iota // before the object's '{'
	pFirst                      // after '{': a key or '}'
	pKey                        // inside a key
	pColon                      // after a key
	pValue                      // inside a member's value
	pAfter                      // after a value: ',' or '}'
	pNextKey                    // after ',': a key
	pDone                       // the object is closed
	pStuck                      // nothing more is certain
)

type memberKind uint8

const (
	mPass memberKind = iota // goes out as it arrives
	mHeld                   // coerced when complete
)

// NewPrefix returns a Prefix for the arguments of a call to tool.
func NewPrefix(tool toolcall.Tool) *Prefix {
	p := &Prefix{}
	if len(bytes.TrimSpace(tool.Parameters)) == 0 {
		p.raw = true
		return p
	}
	p.c = lookup(tool.Parameters)
	if p.c.broken != "" {
		p.raw = true
		return p
	}
	doc := p.c.doc
	p.co = coercer{doc: doc}
	p.co.enter(0) // the root, as Coerce counts it
	root := doc.Resolve(&doc.Root)
	if root == nil || root.Kind != jsonvalue.Object {
		p.raw = true // coercion leaves the object as it is
		return p
	}
	for _, k := range [...]string{"allOf", "anyOf", "oneOf", "enum", "const"} {
		if doc.Get(root, k) != nil {
			p.st = pStuck
			return p
		}
	}
	if types := doc.Types(root); len(types) > 0 && !slices.Contains(types, "object") {
		p.st = pStuck
		return p
	}
	p.props = doc.Get(root, "properties")
	if extra := doc.Get(root, "additionalProperties"); extra != nil && extra.Kind == jsonvalue.Object {
		p.extra = extra
	}
	return p
}

// Append reads the next piece of the arguments' text and appends to dst
// what is now certain to follow what it appended before.
func (p *Prefix) Append(dst []byte, text string) []byte {
	if p == nil || p.raw || p.c == nil { // nil and zero: a tool without a schema
		return append(dst, text...)
	}
	for i := 0; i < len(text) && p.st != pStuck; {
		if p.st == pValue {
			var n int
			dst, n = p.value(dst, text[i:])
			i += n
			continue
		}
		c := text[i]
		i++
		switch {
		case p.st == pOpen && c == '{':
			dst = append(dst, c)
			p.st = pFirst
		case (p.st == pFirst || p.st == pNextKey) && c == '"':
			p.key = append(p.key[:0], c)
			p.st = pKey
		case p.st == pFirst && c == '}', p.st == pAfter && c == '}':
			dst = append(dst, c)
			p.st = pDone
		case p.st == pAfter && c == ',':
			dst = append(dst, c)
			p.st = pNextKey
		case p.st == pKey && c == '\\':
			p.st = pStuck // an escaped key: rare, and looking it up would need decoding
		case p.st == pKey:
			p.key = append(p.key, c)
			if c == '"' {
				p.st = pColon
			}
		case p.st == pColon && c == ':':
			dst = p.member(dst)
		default:
			p.st = pStuck
		}
	}
	return dst
}

// member starts the value of the member whose key was read: its key goes
// out, and its schema says how its value will.
func (p *Prefix) member(dst []byte) []byte {
	key := string(p.key[1 : len(p.key)-1])
	p.sub = p.co.doc.Get(p.props, key)
	if p.sub == nil {
		p.sub = p.extra
	}
	p.kind = mPass
	if p.sub != nil {
		p.kind = mHeld
		if p.stringOnly(p.sub) {
			p.kind = mPass // unless the value turns out not to be a string
		}
	}
	p.skip = jsonvalue.End{}
	p.val = p.val[:0]
	p.st = pValue
	dst = append(dst, p.key...)
	return append(dst, ':')
}

// stringOnly reports whether coercion leaves a string under s as it is.
func (p *Prefix) stringOnly(s *jsonvalue.Value) bool {
	doc := p.co.doc
	sm := doc.Resolve(s)
	if sm == nil || sm.Kind != jsonvalue.Object {
		return true
	}
	for _, k := range [...]string{"allOf", "anyOf", "oneOf", "enum", "const"} {
		if doc.Get(sm, k) != nil {
			return false
		}
	}
	types := doc.Types(sm)
	return len(types) == 0 || slices.Contains(types, "string")
}

// value reads the current member's value from text and returns how many
// bytes of text it took.
func (p *Prefix) value(dst []byte, text string) ([]byte, int) {
	if !p.skip.Started() && p.kind == mPass && p.sub != nil {
		if text[0] != '"' {
			p.kind = mHeld // coercion may rewrite a string schema's non-string
		} else if !p.co.enter(1) { // Coerce visits the member's schema
			p.st = pStuck
			return dst, 0
		}
	}
	n, done := p.skip.Feed(text)
	if p.kind == mPass {
		dst = append(dst, text[:n]...)
	} else {
		p.val = append(p.val, text[:n]...)
	}
	if !done {
		return dst, n
	}
	p.st = pAfter
	if p.kind == mHeld {
		v, err := jsonvalue.Decode(string(p.val))
		if err != nil {
			p.st = pStuck
			return dst, n
		}
		v, _ = p.co.coerce(v, p.sub, 1)
		if p.co.err != nil {
			p.st = pStuck
			return dst, n
		}
		dst = v.AppendJSON(dst)
	}
	return dst, n
}
