package jsoncall

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/jsonkeys"
)

// Describes reports whether raw, a call object or an array of them as
// Value writes it, describes tools rather than calls them: an answer that
// lists its tools, or shows a tool's definition, in JSON. An object (in an
// array, any one of them) describes a tool when, with OpenAI's wrapper
// {"type": "function", "function": {...}} taken off, it has a "name" and
//   - a "description" string, and arguments ("parameters", "arguments",
//     "params", "args" or "input"), or the wrapper, or no other member
//     ({"name": "reset_database", "description": "Drops every table."});
//     a call never describes itself;
//   - or arguments that are a schema: a JSON Schema ("type": "object"
//     with "properties" or "required"), or an object whose every member is
//     a type's name ("string", "integer", "number", "boolean", "object",
//     "array", "null", or Python's "str", "int", "float", "bool", "dict",
//     "list", in any case) or an object whose "type" is one, or a list of
//     them ({"path": "string"}, {"path": {"type": "string"}}).
//
// {"type": "function", "function": {"name": N, "parameters": {"city":
// "Paris"}}}, Llama 3.2's call, describes nothing. It allocates nothing.
func Describes(raw []byte) bool {
	s := unsafe.String(unsafe.SliceData(raw), len(raw))
	s = strings.TrimLeft(s, " \t\r\n")
	if s == "" {
		return false
	}
	if s[0] == '{' {
		return describesObject(s, false)
	}
	for it := jsonkeys.Walk(s); ; {
		_, v, ok := it.Next()
		if !ok {
			return false
		}
		if strings.HasPrefix(v, "{") && describesObject(v, false) {
			return true
		}
	}
}

// describesObject is Describes for one object; wrapped says it was the
// "function" of OpenAI's wrapper.
func describesObject(obj string, wrapped bool) bool {
	var f facts
	for it := jsonkeys.Walk(obj); ; {
		k, v, ok := it.Next()
		if !ok {
			break
		}
		f.add(k, v)
	}
	return f.describes(wrapped)
}

// facts are what Describes reads of an object's members.
type facts struct {
	name, desc, args, fn string
	others               int
}

// add reads the member k with the value v (its JSON text).
func (f *facts) add(k, v string) {
	switch k {
	case "name":
		f.name = v
	case "description":
		f.desc = v
	case "parameters", "arguments", "params", "args", "input":
		if f.args == "" || schema(v) {
			f.args = v
		}
	case "function":
		f.fn = v
	case "type":
	default:
		f.others++
	}
}

// describes reports whether the object f read describes a tool; wrapped
// says it was the "function" of OpenAI's wrapper.
func (f *facts) describes(wrapped bool) bool {
	if f.name == "" && !wrapped && strings.HasPrefix(f.fn, "{") {
		return describesObject(f.fn, true)
	}
	if !strings.HasPrefix(f.name, `"`) {
		return false
	}
	if strings.HasPrefix(f.desc, `"`) && (f.args != "" || wrapped || f.others == 0) {
		return true
	}
	return schema(f.args)
}

// schema reports whether v, a call's arguments, is a schema: a JSON
// Schema of an object, or the type of each member.
func schema(v string) bool {
	if !strings.HasPrefix(v, "{") {
		return false
	}
	n, typed := 0, true
	var typ, props, required string
	// Keys come as written, so a "type" member shows as "type" in v; with
	// none, the first untyped member settles it (most calls' arguments).
	typeKey := strings.Contains(v, `"type"`)
	for it := jsonkeys.Walk(v); ; {
		k, val, ok := it.Next()
		if !ok {
			break
		}
		n++
		switch k {
		case "type":
			typ = val
		case "properties":
			props = val
		case "required":
			required = val
		}
		typed = typed && (typeName(val) || typedValue(val))
		if !typed && !typeKey {
			return false
		}
	}
	if typ == `"object"` && (strings.HasPrefix(props, "{") || strings.HasPrefix(required, "[")) {
		return true
	}
	return n > 0 && typed
}

// typedValue reports whether v is an object whose "type" is a type's name
// or a list of them ({"type": "string", "description": "..."}).
func typedValue(v string) bool {
	if !strings.HasPrefix(v, "{") {
		return false
	}
	for it := jsonkeys.Walk(v); ; {
		k, val, ok := it.Next()
		if !ok {
			return false
		}
		if k != "type" {
			continue
		}
		if typeName(val) {
			return true
		}
		n := 0
		for items := jsonkeys.Walk(val); ; n++ {
			_, item, ok := items.Next()
			if !ok {
				return n > 0 && strings.HasPrefix(val, "[")
			}
			if !typeName(item) {
				return false
			}
		}
	}
}

// typeNames are the names of types a listing gives its parameters.
var typeNames = [...]string{"string", "integer", "number", "boolean", "object", "array", "null", "str", "int", "float", "bool", "dict", "list"}

// typeName reports whether v is a JSON string holding a type's name.
func typeName(v string) bool {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return false
	}
	v = v[1 : len(v)-1]
	// The shortest name has 3 bytes, the longest 7 (14 with every letter
	// one that folds from two bytes, as ſ does to s); each begins with one
	// of a few letters.
	if len(v) < 3 || len(v) > 14 || !typeInitial(v[0]) {
		return false
	}
	if len(v) <= 7 {
		// Most names are ASCII: fold them here, byte by byte.
		var low [7]byte
		ascii := true
		for i := 0; i < len(v); i++ {
			c := v[i]
			ascii = ascii && c < 0x80
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			low[i] = c
		}
		if ascii {
			return slices.Contains(typeNames[:], string(low[:len(v)]))
		}
	}
	for _, t := range typeNames {
		if strings.EqualFold(v, t) {
			return true
		}
	}
	return false
}

// typeInitial reports whether c may begin a type's name (typeNames), in
// any case: one of their first letters, or a byte of a rune that
// strings.EqualFold may fold to one (ſ to s).
func typeInitial(c byte) bool {
	if c >= 0x80 {
		return true
	}
	switch c | 0x20 {
	case 's', 'i', 'n', 'b', 'o', 'a', 'f', 'd', 'l':
		return true
	}
	return false
}
