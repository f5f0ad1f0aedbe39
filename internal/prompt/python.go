package prompt

import (
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
)

// Templates print values with Jinja's "string" filter, which writes what
// Python's str writes: these write the same for a JSON value.

// AppendPythonStr writes v as Python's str writes the value json.loads
// makes of it: a string as it is, True, False, None, numbers as written,
// lists and dicts as their repr (strings in repr's quotes).
func AppendPythonStr(dst []byte, v jsonvalue.Value) []byte {
	if v.Kind == jsonvalue.String {
		return append(dst, v.Str...)
	}
	return appendRepr(dst, v)
}

// appendRepr writes v as Python's repr writes the value json.loads makes
// of it.
func appendRepr(dst []byte, v jsonvalue.Value) []byte {
	switch v.Kind {
	case jsonvalue.Null:
		return append(dst, "None"...)
	case jsonvalue.Boolean:
		if v.Bool {
			return append(dst, "True"...)
		}
		return append(dst, "False"...)
	case jsonvalue.String:
		return AppendPythonRepr(dst, v.Str)
	case jsonvalue.Array:
		dst = append(dst, '[')
		for i, it := range v.Items {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendRepr(dst, it)
		}
		return append(dst, ']')
	case jsonvalue.Object:
		dst = append(dst, '{')
		for i, m := range v.Members {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = AppendPythonRepr(dst, m.Key)
			dst = append(dst, ": "...)
			dst = appendRepr(dst, m.Val)
		}
		return append(dst, '}')
	}
	return append(dst, v.Str...)
}

// AppendPythonRepr writes s as Python's repr writes a string: in single quotes,
// or double quotes when it holds a single quote and no double one, with
// backslashes, the quote, and \n, \r, \t and other control characters
// escaped.
func AppendPythonRepr(dst []byte, s string) []byte {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	return jsonvalue.AppendPythonQuoted(dst, s, q)
}

// AppendQuoted writes s in the quote q with the escapes Python reads:
// backslashes, q, and \n, \r, \t and other control characters escaped.
func AppendQuoted(dst []byte, s string, q byte) []byte {
	return jsonvalue.AppendPythonQuoted(dst, s, q)
}

// Truthy reports whether a schema value is true as Jinja (Python) tests
// it: there, and not null, false, 0, "", [] or {}.
func Truthy(v *jsonvalue.Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind {
	case jsonvalue.Null:
		return false
	case jsonvalue.Boolean:
		return v.Bool
	case jsonvalue.Number:
		f, err := strconv.ParseFloat(v.Str, 64)
		return err != nil || f != 0
	case jsonvalue.String:
		return v.Str != ""
	case jsonvalue.Array:
		return len(v.Items) > 0
	}
	return len(v.Members) > 0
}

// Text writes a schema value as Jinja prints it: a string as it is,
// anything else as JSON with tojson's spaces.
func Text(v jsonvalue.Value) string {
	if v.Kind == jsonvalue.String {
		return v.Str
	}
	return string(v.AppendSpaced(nil))
}

// ListHolds reports whether list, a JSON array, holds the string s (a
// schema's "required" holds a property's name), as Python's "in" tests
// it.
func ListHolds(list *jsonvalue.Value, s string) bool {
	if list == nil || list.Kind != jsonvalue.Array {
		return false
	}
	for _, x := range list.Items {
		if x.Kind == jsonvalue.String && x.Str == s {
			return true
		}
	}
	return false
}
