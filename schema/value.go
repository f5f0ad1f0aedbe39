package schema

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/toolparse/toolparse/pythonic"
)

// value is a decoded JSON value that keeps the order of object members, so
// coerced arguments keep the order the model wrote them in.
type value struct {
	kind    kind
	str     string   // string text, or number literal
	boolean bool     // for kBool
	items   []value  // for kArray
	members []member // for kObject
}

type member struct {
	key string
	val value
}

type kind uint8

const (
	kNull kind = iota
	kBool
	kNumber
	kString
	kArray
	kObject
)

var errSyntax = errors.New("invalid JSON")

// decode reads JSON text into a value, in one pass.
func decode(text string) (value, error) {
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

func (d *decoder) value(depth int) (value, error) {
	d.space()
	if d.i >= len(d.s) || depth > 10000 {
		return value{}, errSyntax
	}
	switch c := d.s[d.i]; {
	case c == '{':
		d.i++
		v := value{kind: kObject}
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
			v.members = append(v.members, member{key: k, val: it})
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
		v := value{kind: kArray}
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
			v.items = append(v.items, it)
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
		return value{kind: kString, str: s}, err
	case c == 't' && strings.HasPrefix(d.s[d.i:], "true"):
		d.i += 4
		return value{kind: kBool, boolean: true}, nil
	case c == 'f' && strings.HasPrefix(d.s[d.i:], "false"):
		d.i += 5
		return value{kind: kBool}, nil
	case c == 'n' && strings.HasPrefix(d.s[d.i:], "null"):
		d.i += 4
		return value{kind: kNull}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		j := d.i
		for j < len(d.s) && strings.IndexByte("+-.eE0123456789", d.s[j]) >= 0 {
			j++
		}
		num := d.s[d.i:j]
		if !isJSONNumber(num) {
			return value{}, errSyntax
		}
		d.i = j
		return value{kind: kNumber, str: num}, nil
	}
	return value{}, errSyntax
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

// appendJSON writes v as compact JSON.
func (v value) appendJSON(dst []byte) []byte {
	switch v.kind {
	case kNull:
		return append(dst, "null"...)
	case kBool:
		if v.boolean {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case kNumber:
		return append(dst, v.str...)
	case kString:
		return pythonic.AppendJSONString(dst, v.str)
	case kArray:
		dst = append(dst, '[')
		for i, it := range v.items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = it.appendJSON(dst)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, m := range v.members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = pythonic.AppendJSONString(dst, m.key)
		dst = append(dst, ':')
		dst = m.val.appendJSON(dst)
	}
	return append(dst, '}')
}

// toAny converts v to the generic form encoding/json decodes into.
func (v value) toAny() any {
	switch v.kind {
	case kBool:
		return v.boolean
	case kNumber:
		return json.Number(v.str)
	case kString:
		return v.str
	case kArray:
		out := make([]any, len(v.items))
		for i, it := range v.items {
			out[i] = it.toAny()
		}
		return out
	case kObject:
		out := make(map[string]any, len(v.members))
		for _, m := range v.members {
			out[m.key] = m.val.toAny()
		}
		return out
	}
	return nil
}

// fromAny converts a generic JSON value (a schema's enum entry) to a value.
func fromAny(a any) value {
	switch a := a.(type) {
	case bool:
		return value{kind: kBool, boolean: a}
	case json.Number:
		return value{kind: kNumber, str: string(a)}
	case float64:
		b, _ := json.Marshal(a)
		return value{kind: kNumber, str: string(b)}
	case string:
		return value{kind: kString, str: a}
	case []any:
		v := value{kind: kArray}
		for _, x := range a {
			v.items = append(v.items, fromAny(x))
		}
		return v
	case map[string]any:
		v := value{kind: kObject}
		for k, x := range a {
			v.members = append(v.members, member{key: k, val: fromAny(x)})
		}
		return v
	}
	return value{kind: kNull}
}
