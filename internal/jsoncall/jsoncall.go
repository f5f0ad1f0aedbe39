// Package jsoncall reads tool calls that models write as JSON objects, in
// the shapes they use: {"name": N, "parameters": {...}}, the same with
// "arguments" (an object, or a string holding one), {"type": "function",
// "name": ...}, and {"type": "function", "function": {"name": ...,
// "arguments": ...}}; one object or an array of them. Sloppy JSON (single
// quotes, Python literals, trailing commas) is read with the pythonic parser.
package jsoncall

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// Parse reads text as one call object or an array of call objects.
func Parse(text string, p *pythonic.Parser) ([]toolcall.Call, error) {
	raw, err := Value(text, p)
	if err != nil {
		return nil, err
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, errors.New("an empty array holds no call")
		}
		calls := make([]toolcall.Call, 0, len(items))
		for _, it := range items {
			c, err := fromObject(it, p)
			if err != nil {
				return nil, err
			}
			calls = append(calls, c)
		}
		return calls, nil
	}
	c, err := fromObject(raw, p)
	if err != nil {
		return nil, err
	}
	return []toolcall.Call{c}, nil
}

// Value returns text as compact JSON. It reads with the pythonic parser,
// a superset of JSON (with JSON's \/ escape), which is faster than
// encoding/json and also takes single quotes and Python's literals.
func Value(text string, p *pythonic.Parser) ([]byte, error) {
	q := *p
	q.JSONEscapes = true
	v, err := q.ParseValue(text)
	if err != nil {
		return nil, err
	}
	return []byte(v), nil
}

// Arguments turns a call's arguments, as compact JSON from Value (an
// object, a string holding one, or null), into compact JSON object text.
func Arguments(raw json.RawMessage, p *pythonic.Parser) (string, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return "{}", nil
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		if strings.TrimSpace(s) == "" {
			return "{}", nil
		}
		inner, err := Value(s, p)
		if err != nil {
			return "", err
		}
		if inner = bytes.TrimSpace(inner); len(inner) == 0 || inner[0] != '{' {
			return "", errors.New("arguments are not an object")
		}
		return Arguments(inner, p)
	case raw[0] != '{':
		return "", errors.New("arguments are not an object")
	}
	return string(raw), nil
}

func fromObject(raw json.RawMessage, p *pythonic.Parser) (toolcall.Call, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return toolcall.Call{}, errors.New("not a call object")
	}
	if fn, ok := obj["function"]; ok && len(bytes.TrimSpace(fn)) > 0 && bytes.TrimSpace(fn)[0] == '{' {
		if _, named := obj["name"]; !named {
			return fromObject(fn, p)
		}
	}
	if t, ok := obj["type"]; ok {
		var typ string
		if json.Unmarshal(t, &typ) != nil || typ != "function" {
			return toolcall.Call{}, errors.New(`a call object's "type" must be "function"`)
		}
	}
	var name string
	if json.Unmarshal(obj["name"], &name) != nil || name == "" {
		return toolcall.Call{}, errors.New(`a call object needs a "name" string`)
	}
	args, ok := obj["parameters"]
	if !ok {
		args = obj["arguments"]
	}
	a, err := Arguments(args, p)
	if err != nil {
		return toolcall.Call{}, err
	}
	return toolcall.Call{Name: name, Arguments: a}, nil
}
