package schemacore

import (
	"slices"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolparse/toolparse/internal/jsonvalue"
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
// Coerce writes the arguments anew, so escapes come out as it writes them:
// a surrogate pair written as two \u escapes becomes its character, a
// lone surrogate U+FFFD, and so on (escapes).
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
	canon escapes
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

// NewPrefix returns a Prefix for the arguments of a call to the schema's
// tool.
func (s *Schema) NewPrefix() *Prefix {
	p := &Prefix{}
	if s == nil {
		p.raw = true
		return p
	}
	p.c = s.c
	if p.c.broken != "" {
		p.raw = true
		return p
	}
	doc := p.c.doc
	p.co = coercer{doc: doc}
	p.co.enter(0) // the root, as Coerce counts it
	root := doc.Resolve(&doc.Root)
	if root == nil || root.Kind != jsonvalue.Object {
		return p // coercion leaves the object as it is, but writes it anew
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
		dst = p.canon.append(dst, text[:n])
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

// escapes rewrites the escapes in the strings of compact JSON as Coerce
// writes them (jsonvalue's decoding, then AppendJSON), while the text
// arrives in pieces: an escape cut by a piece, or a high surrogate that a
// low one may follow, waits for the next.
type escapes struct {
	inStr bool
	held  []byte // an escape not yet complete: a backslash and what follows
	hi    rune   // a high surrogate waiting for its low half, or 0
}

func (e *escapes) append(dst []byte, text string) []byte {
	for i := 0; i < len(text); {
		if len(e.held) > 0 {
			e.held = append(e.held, text[i])
			i++
			dst = e.escape(dst)
			continue
		}
		if !e.inStr {
			j := i
			for j < len(text) && text[j] != '"' {
				j++
			}
			if j < len(text) {
				e.inStr = true
				j++
			}
			dst = append(dst, text[i:j]...)
			i = j
			continue
		}
		j := i
		for j < len(text) && text[j] != '\\' && text[j] != '"' {
			j++
		}
		if j > i {
			dst = e.flushHigh(dst)
			dst = append(dst, text[i:j]...)
		}
		i = j
		if i == len(text) {
			break
		}
		if text[i] == '"' {
			dst = e.flushHigh(dst)
			dst = append(dst, '"')
			e.inStr = false
		} else {
			e.held = append(e.held[:0], '\\')
		}
		i++
	}
	return dst
}

// escape reads the escape held so far, once it is complete.
func (e *escapes) escape(dst []byte) []byte {
	h := e.held
	if h[1] != 'u' {
		e.held = e.held[:0]
		dst = e.flushHigh(dst)
		if h[1] == '/' {
			return append(dst, '/')
		}
		return append(dst, h...)
	}
	if len(h) < 6 {
		return dst
	}
	e.held = e.held[:0]
	r := rune(0)
	for _, c := range h[2:6] {
		r = r<<4 | rune(hexValue(c))
	}
	switch {
	case r >= 0xD800 && r < 0xDC00:
		dst = e.flushHigh(dst)
		e.hi = r
		return dst
	case r >= 0xDC00 && r < 0xE000 && e.hi != 0:
		r = utf16.DecodeRune(e.hi, r)
		e.hi = 0
	case r >= 0xDC00 && r < 0xE000:
		r = utf8.RuneError
	default:
		dst = e.flushHigh(dst)
	}
	return appendRune(dst, r)
}

// flushHigh writes a high surrogate that no low one followed: U+FFFD.
func (e *escapes) flushHigh(dst []byte) []byte {
	if e.hi == 0 {
		return dst
	}
	e.hi = 0
	return appendRune(dst, utf8.RuneError)
}

// appendRune appends r inside a JSON string as AppendJSON writes it.
func appendRune(dst []byte, r rune) []byte {
	if r < utf8.RuneSelf {
		return jsonvalue.AppendEscapedByte(dst, byte(r))
	}
	var b [utf8.UTFMax]byte
	n := utf8.EncodeRune(b[:], r)
	return jsonvalue.AppendChars(dst, string(b[:n]))
}

func hexValue(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}
