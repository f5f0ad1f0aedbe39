package gemma4

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Gemma 4's chat template writes them: per
// call <|tool_call>call:NAME{ARGS}<tool_call|>, back to back, ARGS with
// bare keys in sorted order (as the template's dictsort), strings between
// <|"|> tokens as they are, other values as JSON. No calls is "". A string
// (or key) holding <|"|> cannot be written: RenderCalls fails on it.
func RenderCalls(calls []toolcall.Call) (string, error) {
	return renderCalls(calls, startText, endText, quoteText)
}

// RenderFunctionGemmaCalls writes calls as FunctionGemma writes them:
// RenderCalls's with <start_function_call>, <end_function_call> and
// <escape> as the string quote.
func RenderFunctionGemmaCalls(calls []toolcall.Call) (string, error) {
	return renderCalls(calls, fgStartText, fgEndText, fgQuoteText)
}

func renderCalls(calls []toolcall.Call, start, end, q string) (string, error) {
	var b []byte
	for _, c := range calls {
		var err error
		if b, err = appendCall(b, c, start, end, q, true); err != nil {
			return "", err
		}
	}
	return string(b), nil
}

func appendCall(b []byte, c toolcall.Call, start, end, q string, strict bool) ([]byte, error) {
	if strict && !validName(c.Name) {
		return nil, fmt.Errorf("gemma4: the call name %q cannot be written", c.Name)
	}
	args := strings.TrimSpace(c.Arguments)
	if args == "" {
		args = "{}"
	}
	v, err := jsonvalue.Decode(args)
	if err != nil {
		return nil, fmt.Errorf("gemma4: call %s: arguments: %w", c.Name, err)
	}
	if v.Kind != jsonvalue.Object {
		return nil, fmt.Errorf("gemma4: call %s: the arguments are not an object", c.Name)
	}
	b = append(b, start+callPrefix...)
	b = append(b, c.Name...)
	b, err = appendValue(b, &v, q, strict)
	if err != nil {
		return nil, fmt.Errorf("gemma4: call %s: %w", c.Name, err)
	}
	return append(b, end...), nil
}

// appendValue writes v in Gemma's argument language; strict refuses a
// string that holds the quote (a prompt writes it as the template does,
// as it stands).
func appendValue(b []byte, v *jsonvalue.Value, q string, strict bool) ([]byte, error) {
	var err error
	switch v.Kind {
	case jsonvalue.String:
		return appendString(b, v.Str, q, strict)
	case jsonvalue.Object:
		members := slices.Clone(v.Members)
		slices.SortStableFunc(members, func(a, b jsonvalue.Member) int { return strings.Compare(a.Key, b.Key) })
		b = append(b, '{')
		for i := range members {
			if i > 0 {
				b = append(b, ',')
			}
			if bareKey(members[i].Key) {
				b = append(b, members[i].Key...)
			} else if b, err = appendString(b, members[i].Key, q, strict); err != nil { // a key no bare text can hold
				return nil, err
			}
			b = append(b, ':')
			if b, err = appendValue(b, &members[i].Val, q, strict); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case jsonvalue.Array:
		b = append(b, '[')
		for i := range v.Items {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendValue(b, &v.Items[i], q, strict); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	return v.AppendJSON(b), nil
}

func appendString(b []byte, s, q string, strict bool) ([]byte, error) {
	if strict && strings.Contains(s, q) {
		return nil, fmt.Errorf("a string holds %s, which ends strings", q)
	}
	b = append(b, q...)
	b = append(b, s...)
	return append(b, q...), nil
}

// bareKey reports whether key reads back as a bare key: not empty, no
// byte that ends a key, no space at its ends, no '"' first (a JSON
// string's).
func bareKey(key string) bool {
	if key == "" || strings.TrimSpace(key) != key || key[0] == '"' {
		return false
	}
	for i := 0; i < len(key); i++ {
		if keyStop[key[i]] {
			return false
		}
	}
	return true
}
