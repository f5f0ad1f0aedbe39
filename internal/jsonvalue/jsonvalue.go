// Package jsonvalue decodes JSON into values that keep the order of object
// members, in one pass, and writes them back compactly: schema coercion and
// the renderers keep arguments in the order the model or caller wrote them.
package jsonvalue

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
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

// Decode reads JSON text into a Value, in one pass; strings without escapes
// are substrings of text.
func Decode(text string) (Value, error) {
	d := decoder{s: text}
	v, err := d.value(0)
	if err != nil {
		return v, err
	}
	if d.space(); d.i != len(d.s) {
		return v, errSyntax
	}
	return v, nil
}

type decoder struct {
	s string
	i int
}

func (d *decoder) space() {
	for d.i < len(d.s) && (d.s[d.i] == ' ' || d.s[d.i] == '\t' || d.s[d.i] == '\n' || d.s[d.i] == '\r') {
		d.i++
	}
}

func (d *decoder) value(depth int) (Value, error) {
	d.space()
	if d.i >= len(d.s) || depth > 10000 {
		return Value{}, errSyntax
	}
	switch c := d.s[d.i]; {
	case c == '{':
		d.i++
		v := Value{Kind: Object}
		d.space()
		if d.i < len(d.s) && d.s[d.i] == '}' {
			d.i++
			return v, nil
		}
		for {
			d.space()
			k, err := d.str()
			if err != nil {
				return v, err
			}
			if d.space(); d.i >= len(d.s) || d.s[d.i] != ':' {
				return v, errSyntax
			}
			d.i++
			it, err := d.value(depth + 1)
			if err != nil {
				return v, err
			}
			v.Members = append(v.Members, Member{Key: k, Val: it})
			if d.space(); d.i < len(d.s) && d.s[d.i] == ',' {
				d.i++
				continue
			}
			if d.i < len(d.s) && d.s[d.i] == '}' {
				d.i++
				return v, nil
			}
			return v, errSyntax
		}
	case c == '[':
		d.i++
		v := Value{Kind: Array}
		d.space()
		if d.i < len(d.s) && d.s[d.i] == ']' {
			d.i++
			return v, nil
		}
		for {
			it, err := d.value(depth + 1)
			if err != nil {
				return v, err
			}
			v.Items = append(v.Items, it)
			if d.space(); d.i < len(d.s) && d.s[d.i] == ',' {
				d.i++
				continue
			}
			if d.i < len(d.s) && d.s[d.i] == ']' {
				d.i++
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
	if d.i >= len(d.s) || d.s[d.i] != '"' {
		return "", errSyntax
	}
	start := d.i
	escaped := false
	for j := d.i + 1; j < len(d.s); j++ {
		switch c := d.s[j]; {
		case c == '\\':
			escaped = true
			j++
		case c == '"':
			d.i = j + 1
			if !escaped {
				return d.s[start+1 : j], nil
			}
			var out string
			if err := json.Unmarshal([]byte(d.s[start:d.i]), &out); err != nil {
				return "", err
			}
			return out, nil
		case c < 0x20:
			return "", errSyntax
		}
	}
	return "", errSyntax
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

// FromAny converts a generic JSON value (such as a schema's enum entry) to a Value.
func FromAny(a any) Value {
	switch a := a.(type) {
	case bool:
		return Value{Kind: Boolean, Bool: a}
	case json.Number:
		return Value{Kind: Number, Str: string(a)}
	case float64:
		b, _ := json.Marshal(a)
		return Value{Kind: Number, Str: string(b)}
	case string:
		return Value{Kind: String, Str: a}
	case []any:
		v := Value{Kind: Array}
		for _, x := range a {
			v.Items = append(v.Items, FromAny(x))
		}
		return v
	case map[string]any:
		v := Value{Kind: Object}
		for k, x := range a {
			v.Members = append(v.Members, Member{Key: k, Val: FromAny(x)})
		}
		return v
	}
	return Value{Kind: Null}
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

// AppendString appends s as a JSON string, escaping only what JSON requires
// (and U+2028, U+2029). Invalid UTF-8 becomes U+FFFD, as in encoding/json.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		if c < utf8.RuneSelf {
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			dst = append(dst, s[i:i+n]...)
		}
		i += n
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// Pointer resolves a JSON pointer ("/a/b", the part after "#" of a local
// $ref) in a document decoded by encoding/json; nil when it leads nowhere.
func Pointer(doc any, p string) any {
	if p == "" {
		return doc
	}
	for _, tok := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch d := doc.(type) {
		case map[string]any:
			doc = d[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(d) {
				return nil
			}
			doc = d[i]
		default:
			return nil
		}
	}
	return doc
}
