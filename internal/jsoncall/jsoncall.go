// Package jsoncall reads tool calls that models write as JSON objects, in
// the shapes they use: {"name": N, "parameters": {...}}, the same with
// "arguments" (an object, or a string holding one), {"type": "function",
// "name": ...}, and {"type": "function", "function": {"name": ...,
// "arguments": ...}}; one object or an array of them. Keys may come in any
// order ({"arguments": {...}, "name": N} is the same call). Sloppy JSON
// (single quotes, Python literals, trailing commas) is read with the
// pythonic parser.
//
// An object with a "name" but neither "arguments" nor "parameters"
// ({"name": "search", "query": "x"}) is a call only when the name is one of
// the requested tools: its other members, in order, are then the
// arguments, unless its one other member is "params", "args" or "input"
// holding an object (Mistral Nemo and Arctic name the arguments so), which
// then is the arguments. Otherwise it is not a call (a prose mention of
// {"name": "Alice", "email": ...} stays prose). An object whose one member
// is named after a requested tool and holds an object
// ({"get_weather": {"city": "Paris"}}) is a call to that tool. In an array,
// a pair of a requested tool's name and a dict ([["get_weather", {...}]],
// or a Python tuple) is a call too.
//
// Describes tells, for readers of JSON in prose, an object that describes
// a tool (a line of a tool listing, a tool's definition) from a call.
package jsoncall

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// Parse reads text as one call object or an array of call objects. known
// says whether a name is one of the requested tools (nil: none is).
func Parse(text string, p *pylit.Parser, known func(name string) bool) ([]toolcall.Call, error) {
	raw, err := Value(text, p)
	if err != nil {
		return nil, err
	}
	return FromJSON(raw, p, known)
}

// FromJSON reads calls from a call object or an array of them as Value
// writes it (a streamed pylit.Reader's value, read as it arrived).
func FromJSON(raw []byte, p *pylit.Parser, known func(name string) bool) ([]toolcall.Call, error) {
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
			if c, ok := fromPair(it, p, known); ok {
				calls = append(calls, c)
				continue
			}
			c, err := fromObject(string(it), p, known)
			if err != nil {
				return nil, err
			}
			calls = append(calls, c)
		}
		return calls, nil
	}
	c, err := FromObjectJSON(raw, p, known)
	if err != nil {
		return nil, err
	}
	return []toolcall.Call{c}, nil
}

// CallsOrDescription is FromJSON for raw that may describe tools instead
// of calling them (Describes): described says it does, and then no calls
// come. A call object's members are read once for both.
func CallsOrDescription(raw []byte, p *pylit.Parser, known func(name string) bool) (calls []toolcall.Call, described bool, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		if Describes(raw) {
			return nil, true, nil
		}
		calls, err = FromJSON(raw, p, known)
		return calls, false, err
	}
	s := unsafe.String(unsafe.SliceData(raw), len(raw))
	var buf [8]jsonkeys.Member // a call object's few members, on the stack
	members, ok := jsonkeys.AppendMembers(buf[:0], s)
	if !ok {
		return nil, false, errors.New("not a call object")
	}
	var f facts
	for _, m := range members {
		f.add(m.Key, m.Raw)
	}
	if f.describes(false) {
		return nil, true, nil
	}
	c, err := fromMembers(members, p, known)
	if err != nil {
		return nil, false, err
	}
	c.Arguments = strings.Clone(c.Arguments) // raw is the caller's
	return []toolcall.Call{c}, false, nil
}

// FromObjectJSON is FromJSON for raw that holds one call object, without
// a slice around the call.
func FromObjectJSON(raw []byte, p *pylit.Parser, known func(name string) bool) (toolcall.Call, error) {
	// The object is read where it lies; only the arguments are copied,
	// once, as raw is the caller's.
	c, err := fromObject(unsafe.String(unsafe.SliceData(raw), len(raw)), p, known)
	if err != nil {
		return toolcall.Call{}, err
	}
	c.Arguments = strings.Clone(c.Arguments)
	return c, nil
}

// Value returns text as compact JSON. It reads with the pythonic parser,
// a superset of JSON (with JSON's \/ escape), which is faster than
// encoding/json and also takes single quotes and Python's literals.
func Value(text string, p *pylit.Parser) ([]byte, error) {
	q := *p
	q.JSONEscapes = true
	v, err := q.ParseValue(text)
	if err != nil {
		return nil, err
	}
	return []byte(v), nil
}

// ValueArguments is Arguments of Value(text) in one copy of the text: the
// arguments a call's text holds, read with Value's leniency.
func ValueArguments(text string, p *pylit.Parser) (string, error) {
	q := *p
	q.JSONEscapes = true
	v, err := q.ParseValue(text) // a string of its own: what arguments returns of it needs no copy
	if err != nil {
		return "", err
	}
	return arguments(v, p)
}

// Arguments turns a call's arguments, as compact JSON from Value (an
// object, a string holding one, or null), into compact JSON object text.
func Arguments(raw json.RawMessage, p *pylit.Parser) (string, error) {
	a, err := arguments(unsafe.String(unsafe.SliceData(raw), len(raw)), p)
	return strings.Clone(a), err // an object is raw's bytes, which are the caller's
}

// arguments is Arguments for text: an object is returned as part of raw.
func arguments(raw string, p *pylit.Parser) (string, error) {
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "" || raw == "null":
		return "{}", nil
	case raw[0] == '"':
		s, ok := jsonvalue.Unquote(raw)
		if !ok {
			return "", errors.New("arguments are not a JSON string")
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
		return arguments(string(inner), p)
	case raw[0] != '{':
		return "", errors.New("arguments are not an object")
	}
	return raw, nil
}

// fromPair reads a call written as a name and arguments pair: a list (or
// a Python tuple) of two items, a requested tool's name and a dict
// ([["get_weather", {"city": "Paris"}]], [('f', {...})]: Mistral's prompt
// mode, Arctic, Llama 3).
func fromPair(raw json.RawMessage, p *pylit.Parser, known func(string) bool) (toolcall.Call, bool) {
	raw = bytes.TrimSpace(raw)
	if known == nil || len(raw) == 0 || raw[0] != '[' {
		return toolcall.Call{}, false
	}
	var pair []json.RawMessage
	if json.Unmarshal(raw, &pair) != nil || len(pair) != 2 {
		return toolcall.Call{}, false
	}
	name, ok := jsonvalue.Unquote(string(pair[0]))
	if !ok || !known(name) {
		return toolcall.Call{}, false
	}
	args, err := Arguments(pair[1], p)
	if err != nil || !strings.HasPrefix(strings.TrimSpace(string(pair[1])), "{") {
		return toolcall.Call{}, false
	}
	return toolcall.Call{Name: name, Arguments: args}, true
}

// unquote returns a JSON string's text, a copy (raw may be a buffer the
// caller reuses).
func unquote(raw string) (string, bool) {
	s, ok := jsonvalue.Unquote(raw)
	return strings.Clone(s), ok
}

// otherArguments returns the member that holds the arguments of a call
// object that names them "params", "args" or "input" (Mistral Nemo,
// Arctic): the one member besides "name", "type" and "id", an object or a
// string holding one. Nil otherwise.
func otherArguments(members []jsonkeys.Member) *jsonkeys.Member {
	var found *jsonkeys.Member
	for i := range members {
		switch m := &members[i]; m.Key {
		case "name", "type", "id":
		case "params", "args", "input":
			if found != nil || !(strings.HasPrefix(m.Raw, "{") || strings.HasPrefix(m.Raw, `"{`)) {
				return nil
			}
			found = m
		default:
			return nil
		}
	}
	return found
}

// fromObject reads one call object, given as compact JSON. Its Arguments
// may be part of raw.
func fromObject(raw string, p *pylit.Parser, known func(string) bool) (toolcall.Call, error) {
	var buf [8]jsonkeys.Member // a call object's few members, on the stack
	members, ok := jsonkeys.AppendMembers(buf[:0], raw)
	if !ok {
		return toolcall.Call{}, errors.New("not a call object")
	}
	return fromMembers(members, p, known)
}

// fromMembers is fromObject for the object's members, read.
func fromMembers(members []jsonkeys.Member, p *pylit.Parser, known func(string) bool) (toolcall.Call, error) {
	var name, typ, fn, args *jsonkeys.Member
	for i := range members {
		switch m := &members[i]; m.Key {
		case "name":
			name = m
		case "type":
			typ = m
		case "function":
			fn = m
		case "parameters":
			args = m
		case "arguments":
			if args == nil || args.Key != "parameters" {
				args = m
			}
		}
	}
	if fn != nil && name == nil && strings.HasPrefix(fn.Raw, "{") {
		return fromObject(fn.Raw, p, known)
	}
	if name == nil && len(members) == 1 && known != nil && strings.HasPrefix(members[0].Raw, "{") {
		// {"get_weather": {"city": "Paris"}}: a dict keyed by a requested
		// tool's name
		if n := members[0].Key; known(n) {
			return toolcall.Call{Name: strings.Clone(n), Arguments: members[0].Raw}, nil
		}
	}
	if typ != nil && typ.Raw != `"function"` {
		return toolcall.Call{}, errors.New(`a call object's "type" must be "function"`)
	}
	var n string
	if name != nil {
		n, _ = unquote(name.Raw)
	}
	if n == "" {
		return toolcall.Call{}, errors.New(`a call object needs a "name" string`)
	}
	if args != nil {
		a, err := arguments(args.Raw, p)
		if err != nil {
			return toolcall.Call{}, err
		}
		return toolcall.Call{Name: n, Arguments: a}, nil
	}
	if known == nil || !known(n) {
		return toolcall.Call{}, errors.New(`an object with a "name" and no arguments names no requested tool`)
	}
	if alt := otherArguments(members); alt != nil {
		a, err := arguments(alt.Raw, p)
		if err != nil {
			return toolcall.Call{}, err
		}
		return toolcall.Call{Name: n, Arguments: a}, nil
	}
	var b strings.Builder
	b.WriteByte('{')
	for _, m := range members {
		if m.Key == "name" || m.Key == "type" {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.Write(jsonvalue.AppendString(nil, m.Key))
		b.WriteByte(':')
		b.WriteString(m.Raw)
	}
	b.WriteByte('}')
	return toolcall.Call{Name: n, Arguments: b.String()}, nil
}
