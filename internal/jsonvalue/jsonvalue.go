// Package jsonvalue decodes JSON into values that keep the order of object
// members, in one pass, and writes them back compactly: schema coercion and
// the renderers keep arguments in the order the model or caller wrote them.
package jsonvalue

import (
	"encoding/json"
	"errors"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Value is a decoded JSON value that keeps the order of object members.
type Value struct {
	Kind    Kind
	Str     string   // string text, or number literal
	Bool    bool     // for Boolean
	Items   []Value  // for Array
	Members []Member // for Object
}

// Member is one member of an object.
type Member struct {
	Key string
	Val Value
}

// Kind is the JSON type of a Value.
type Kind uint8

// The kinds of JSON values.
const (
	Null Kind = iota
	Boolean
	Number
	String
	Array
	Object
)

var errSyntax = errors.New("invalid JSON")

// ErrTooDeep says a value nests arrays and objects deeper than allowed.
var ErrTooDeep = errors.New("JSON nested too deeply")

// MaxDepth is how deeply Decode lets arrays and objects nest.
const MaxDepth = 10000

// Decode reads JSON text into a Value, in one pass; strings without escapes
// are substrings of text. Arrays and objects may nest MaxDepth deep.
func Decode(text string) (Value, error) { return DecodeDepth(text, MaxDepth) }

// DecodeDepth is Decode with arrays and objects nesting at most maxDepth
// deep (a scalar is depth 0, [1] depth 1); deeper text gives ErrTooDeep.
func DecodeDepth(text string, maxDepth int) (Value, error) {
	d := scratches.Get().(*decoder)
	d.s, d.i, d.max = text, 0, maxDepth
	v, err := d.value(0)
	if err == nil {
		if d.space(); d.i != len(d.s) {
			err = errSyntax
		}
	}
	d.s = ""
	if cap(d.members) <= maxScratch && cap(d.items) <= maxScratch {
		// Drop what the stacks' values point to, up to where this text
		// filled them.
		clear(d.members[:d.highMembers])
		clear(d.items[:d.highItems])
		d.members, d.items, d.highMembers, d.highItems = d.members[:0], d.items[:0], 0, 0
		scratches.Put(d)
	}
	return v, err
}

// A decoder collects a container's members (or items) on its scratch
// stacks, where nested containers come and go above them, and copies them
// out once the container closes: one allocation per container, of its
// exact size. Decoders and their stacks are reused.
type decoder struct {
	s       string
	i       int
	max     int
	members []Member
	items   []Value
	// highMembers and highItems are the stacks' greatest lengths.
	highMembers, highItems int
}

// maxScratch bounds the scratch stacks a decoder keeps for reuse.
const maxScratch = 1 << 12

var scratches = sync.Pool{New: func() any { return new(decoder) }}

func (d *decoder) space() {
	for d.i < len(d.s) && IsSpace(d.s[d.i]) {
		d.i++
	}
}

// eat skips whitespace and then c, reporting whether c was there.
func (d *decoder) eat(c byte) bool {
	if d.space(); d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return true
	}
	return false
}

// IsSpace reports whether c is whitespace between JSON tokens (space, tab,
// LF, CR): the one whitespace test of the module's JSON readers and of the
// closing-quote rule.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Spaces are the bytes IsSpace accepts, for strings.Trim and the like.
const Spaces = " \t\n\r"

// SkipSpace returns the offset of the first byte at or after s[i] that is
// not IsSpace whitespace.
func SkipSpace(s string, i int) int {
	for i < len(s) && IsSpace(s[i]) {
		i++
	}
	return i
}

func (d *decoder) value(depth int) (Value, error) {
	d.space()
	if d.i >= len(d.s) {
		return Value{}, errSyntax
	}
	if c := d.s[d.i]; (c == '{' || c == '[') && depth >= d.max {
		return Value{}, ErrTooDeep
	}
	switch c := d.s[d.i]; {
	case c == '{':
		d.i++
		v := Value{Kind: Object}
		if d.eat('}') {
			return v, nil
		}
		base := len(d.members)
		defer func() { d.members = d.members[:base] }()
		for {
			d.space()
			k, err := d.str()
			if err != nil {
				return v, err
			}
			if !d.eat(':') {
				return v, errSyntax
			}
			it, err := d.value(depth + 1)
			if err != nil {
				return v, err
			}
			d.members = append(d.members, Member{Key: k, Val: it})
			d.highMembers = max(d.highMembers, len(d.members))
			if d.eat(',') {
				continue
			}
			if d.eat('}') {
				v.Members = slices.Clone(d.members[base:])
				return v, nil
			}
			return v, errSyntax
		}
	case c == '[':
		d.i++
		v := Value{Kind: Array}
		if d.eat(']') {
			return v, nil
		}
		base := len(d.items)
		defer func() { d.items = d.items[:base] }()
		for {
			it, err := d.value(depth + 1)
			if err != nil {
				return v, err
			}
			d.items = append(d.items, it)
			d.highItems = max(d.highItems, len(d.items))
			if d.eat(',') {
				continue
			}
			if d.eat(']') {
				v.Items = slices.Clone(d.items[base:])
				return v, nil
			}
			return v, errSyntax
		}
	case c == '"':
		s, err := d.str()
		return Value{Kind: String, Str: s}, err
	case c == 't' && strings.HasPrefix(d.s[d.i:], "true"):
		d.i += 4
		return Value{Kind: Boolean, Bool: true}, nil
	case c == 'f' && strings.HasPrefix(d.s[d.i:], "false"):
		d.i += 5
		return Value{Kind: Boolean}, nil
	case c == 'n' && strings.HasPrefix(d.s[d.i:], "null"):
		d.i += 4
		return Value{Kind: Null}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		j := d.i
		for j < len(d.s) && strings.IndexByte("+-.eE0123456789", d.s[j]) >= 0 {
			j++
		}
		num := d.s[d.i:j]
		if !IsNumber(num) {
			return Value{}, errSyntax
		}
		d.i = j
		return Value{Kind: Number, Str: num}, nil
	}
	return Value{}, errSyntax
}

// str reads a JSON string; one without escapes is a substring of the input.
func (d *decoder) str() (string, error) {
	end, _ := StringEnd(d.s, d.i)
	if end < 0 {
		return "", errSyntax
	}
	text, ok := Unquote(d.s[d.i:end])
	if !ok {
		return "", errSyntax
	}
	d.i = end
	return text, nil
}

// AppendJSON writes v as compact JSON.
func (v Value) AppendJSON(dst []byte) []byte {
	switch v.Kind {
	case Null:
		return append(dst, "null"...)
	case Boolean:
		if v.Bool {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Number:
		return append(dst, v.Str...)
	case String:
		return AppendString(dst, v.Str)
	case Array:
		dst = append(dst, '[')
		for i, it := range v.Items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = it.AppendJSON(dst)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, m := range v.Members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, m.Key)
		dst = append(dst, ':')
		dst = m.Val.AppendJSON(dst)
	}
	return append(dst, '}')
}

// AppendPython writes v as a Python literal the pythonic parser reads back
// exactly: "text" (see AppendPythonString), 3, True, False, None, [..],
// {"k": v}, with ", " and ": " between items.
func (v Value) AppendPython(dst []byte) []byte { return v.appendLiteral(dst, true) }

// AppendSpaced writes v as JSON with ", " and ": " between items, as
// Python's json.dumps does by default.
func (v Value) AppendSpaced(dst []byte) []byte { return v.appendLiteral(dst, false) }

func (v Value) appendLiteral(dst []byte, python bool) []byte {
	switch v.Kind {
	case Null:
		if python {
			return append(dst, "None"...)
		}
	case Boolean:
		switch {
		case python && v.Bool:
			return append(dst, "True"...)
		case python:
			return append(dst, "False"...)
		}
	case String:
		if python {
			return AppendPythonString(dst, v.Str)
		}
	case Array:
		dst = append(dst, '[')
		for i, it := range v.Items {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = it.appendLiteral(dst, python)
		}
		return append(dst, ']')
	case Object:
		dst = append(dst, '{')
		for i, m := range v.Members {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = Value{Kind: String, Str: m.Key}.appendLiteral(dst, python)
			dst = append(dst, ": "...)
			dst = m.Val.appendLiteral(dst, python)
		}
		return append(dst, '}')
	}
	return v.AppendJSON(dst)
}

// AppendPythonString writes s as a double-quoted Python string with the
// escapes Python reads: the value comes back exactly, whatever quotes,
// backslashes or newlines it holds. Invalid UTF-8 becomes U+FFFD.
func AppendPythonString(dst []byte, s string) []byte {
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // U+FFFD for each byte that is not UTF-8
	}
	return AppendPythonQuoted(dst, s, '"')
}

// AppendPythonQuoted writes s in the quote q with the escapes Python reads:
// backslashes, q, and \n, \r, \t and other control characters escaped;
// other bytes as they are.
func AppendPythonQuoted(dst []byte, s string, q byte) []byte {
	dst = append(dst, q)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == q || c == '\\':
			dst = append(dst, '\\', c)
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c == '\r':
			dst = append(dst, '\\', 'r')
		case c == '\t':
			dst = append(dst, '\\', 't')
		case c < 0x20 || c == 0x7f:
			dst = append(dst, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, q)
}

// Any converts v to the generic form encoding/json decodes into.
func (v Value) Any() any {
	switch v.Kind {
	case Boolean:
		return v.Bool
	case Number:
		return json.Number(v.Str)
	case String:
		return v.Str
	case Array:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = it.Any()
		}
		return out
	case Object:
		out := make(map[string]any, len(v.Members))
		for _, m := range v.Members {
			out[m.Key] = m.Val.Any()
		}
		return out
	}
	return nil
}

// IsNumber reports whether s is a number exactly as JSON writes one:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func IsNumber(s string) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	if n := digits(); n == 0 || (n > 1 && s[start] == '0') {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string, escaping only what JSON
// requires (and U+2028, U+2029); \b, \f, \n, \r and \t take their short
// forms. Invalid UTF-8 becomes U+FFFD, as in encoding/json. It is the one
// JSON string writer of the module: the parsers and the renderers write
// every string with it.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = AppendChars(dst, s)
	return append(dst, '"')
}

// AppendChars appends s escaped for the inside of a JSON string.
func AppendChars(dst []byte, s string) []byte {
	dst = slices.Grow(dst, len(s)+len(s)/16) // one growth, not a doubling series, for a long string
	start := 0
	for i := 0; i < len(s); {
		i = SkipPlain(s, i)
		if i == len(s) {
			break
		}
		c := s[i]
		dst = append(dst, s[start:i]...)
		if c < utf8.RuneSelf {
			dst = AppendEscapedByte(dst, c)
			i++
			start = i
			continue
		}
		i += AppendRuneAt(&dst, s, i)
		start = i
	}
	return append(dst, s[start:]...)
}

// AppendRuneAt appends the multi-byte character at s[i] for a JSON string
// and returns its length: invalid UTF-8 becomes U+FFFD, and U+2028 and
// U+2029 are escaped.
func AppendRuneAt(dst *[]byte, s string, i int) int {
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && n == 1:
		*dst = append(*dst, `\ufffd`...)
	case r == '\u2028' || r == '\u2029':
		*dst = append(*dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
	default:
		*dst = append(*dst, s[i:i+n]...)
	}
	return n
}

// AppendEscapedByte appends the ASCII byte c as JSON writes it inside a
// string: as it is when it is plain, escaped otherwise.
func AppendEscapedByte(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	}
	if Plain[c] {
		return append(dst, c)
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// Plain marks the bytes that JSON strings hold as they are.
var Plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Word-at-a-time scanning: long strings (a 100 KB file written by
// write_file) are skipped and copied eight bytes per step, testing all
// eight at once for the few bytes that need attention. In each test the
// lowest flagged byte is always a true match (a borrow only runs upwards
// from one), so its index comes straight from the lowest set bit.

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// Load64 reads s[i:i+8] as a little-endian word; the compiler turns it
// into one load.
func Load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// HasByte flags the bytes of w that equal c.
func HasByte(w uint64, c byte) uint64 {
	x := w ^ (lsb * uint64(c))
	return (x - lsb) & ^x & msb
}

// Special flags the bytes of w that a JSON string cannot hold as they are
// (control characters, '"', '\\') and those from 0x80 up.
func Special(w uint64) uint64 {
	return (w-lsb*0x20)&^w&msb | HasByte(w, '"') | HasByte(w, '\\') | w&msb
}

// SkipPlain returns the offset of the first byte at or after i that a
// JSON string cannot hold as it is (a quote, a backslash, a control
// character) or that starts a multi-byte sequence, or len(s).
func SkipPlain(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := Special(Load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(s) && Plain[s[i]] {
		i++
	}
	return i
}

// Get returns the value of an object's member named key (the last one,
// as encoding/json keeps, when the key repeats), or nil.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return &v.Members[i].Val
		}
	}
	return nil
}

// Pointer resolves a JSON pointer ("/a/b", the part after "#" of a local
// $ref) in v; nil when it leads nowhere.
func (v *Value) Pointer(p string) *Value {
	if p == "" {
		return v
	}
	if p[0] != '/' {
		return nil
	}
	for p != "" && v != nil {
		p = p[1:]
		tok := p
		if i := strings.IndexByte(p, '/'); i >= 0 {
			tok, p = p[:i], p[i:]
		} else {
			p = ""
		}
		if strings.IndexByte(tok, '~') >= 0 {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		}
		switch v.Kind {
		case Object:
			v = v.Get(tok)
		case Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.Items) || (len(tok) > 1 && tok[0] == '0') {
				return nil
			}
			v = &v.Items[i]
		default:
			return nil
		}
	}
	return v
}

// Equal reports whether a and b are the same JSON value: numbers by their
// value, object members regardless of order.
func Equal(a, b Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Boolean:
		return a.Bool == b.Bool
	case Number:
		return a.Str == b.Str || sameNumber(a.Str, b.Str)
	case String:
		return a.Str == b.Str
	case Array:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !Equal(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case Object:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for _, m := range a.Members {
			o := b.Get(m.Key)
			if o == nil || !Equal(m.Val, *o) {
				return false
			}
		}
		return true
	}
	return true
}

func sameNumber(a, b string) bool {
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && x == y
}
