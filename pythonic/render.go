package pythonic

import (
	"fmt"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// Literals says how AppendCall writes argument values.
type Literals int

const (
	// PythonLiterals writes "text", 3, True, False, None, [..], {"k": v}.
	PythonLiterals Literals = iota
	// JSONLiterals writes JSON's literals: "text", 3, true, false, null.
	JSONLiterals
)

// RenderCalls writes calls as the model writes them: a Python call list,
// [get_weather(city="Paris", days=3, metric=True, extra=None)], with the
// arguments in the order they have in each call. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	b := []byte{'['}
	for i, c := range calls {
		if i > 0 {
			b = append(b, ", "...)
		}
		var err error
		if b, err = AppendCall(b, c, PythonLiterals); err != nil {
			return "", err
		}
	}
	return string(append(b, ']')), nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// AppendCall writes one call, name(key=value, ...), with its arguments in
// their order. The name and every key must be names the parser reads (a
// letter or '_', then letters, digits, '_', '-' or '.'); the arguments must
// be a JSON object.
func AppendCall(dst []byte, c toolcall.Call, lit Literals) ([]byte, error) {
	if !pylit.IsName(c.Name) {
		return dst, fmt.Errorf("pythonic: the call name %q cannot be written as a call", c.Name)
	}
	args := c.Arguments
	if args == "" {
		args = "{}"
	}
	v, err := jsonvalue.Decode(args)
	if err != nil || v.Kind != jsonvalue.Object {
		return dst, fmt.Errorf("pythonic: the arguments of %s are not a JSON object", c.Name)
	}
	dst = append(dst, c.Name...)
	dst = append(dst, '(')
	for i, m := range v.Members {
		if !pylit.IsName(m.Key) {
			return dst, fmt.Errorf("pythonic: the argument name %q of %s cannot be written as a keyword", m.Key, c.Name)
		}
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = append(dst, m.Key...)
		dst = append(dst, '=')
		dst = appendValue(dst, m.Val, lit)
	}
	return append(dst, ')'), nil
}

func appendValue(dst []byte, v jsonvalue.Value, lit Literals) []byte {
	if lit == JSONLiterals {
		return v.AppendSpaced(dst)
	}
	return v.AppendPython(dst)
}
