package gigachat

import (
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as GigaChat 3.1 writes a call: per call,
// <|function_call|>{"name": "NAME", "arguments": ARGS}, with the spaces
// Jinja's tojson writes, back to back. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return appendCalls(nil, calls, call31Text)
}

// RenderCalls3 writes calls as GigaChat 3 writes a call: per call, the
// end of the message and a "function call" message,
// <|message_sep|>\n\nfunction call<|role_sep|>\n, then the call object
// RenderCalls writes. No calls is "".
func RenderCalls3(calls []toolcall.Call) (string, error) {
	return appendCalls(nil, calls, call3Text)
}

// appendCalls writes each call after head.
func appendCalls(b []byte, calls []toolcall.Call, head string) (string, error) {
	for _, c := range calls {
		var err error
		b = append(b, head...)
		if b, err = appendCall(b, c); err != nil {
			return "", err
		}
	}
	return string(b), nil
}

// appendCall appends a call's object, {"name": "NAME", "arguments": ARGS}.
func appendCall(b []byte, c toolcall.Call) ([]byte, error) {
	args, err := prompt.SpacedArgs("gigachat", c)
	if err != nil {
		return nil, err
	}
	b = append(b, `{"name": `...)
	b = jsonvalue.AppendString(b, c.Name)
	b = append(b, `, "arguments": `...)
	b = append(b, args...)
	return append(b, '}'), nil
}
