package solaropen

import (
	"strconv"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Solar Open's template writes an assistant
// turn's: <|tool_calls|>, then per call
// <|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>ARGS<|tool_call:end|>,
// the arguments with the spaces Jinja's tojson writes, then <|calls|>. A
// call's ID is written as it is; a call without one gets "call" and six
// digits, its place (the ten lowercase letters and digits the template
// asks the model for). No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return prompt.ArgsSection("solar_open", callsText, callsEndText, calls, appendCall)
}

// appendCall appends the call in place i of the section, args its
// arguments.
func appendCall(b []byte, i int, c toolcall.Call, args jsonvalue.Value) []byte {
	b = append(b, callText...)
	if c.ID != "" {
		b = append(b, c.ID...)
	} else {
		b = append(b, "call"...)
		n := strconv.Itoa(i + 1)
		for range 6 - len(n) {
			b = append(b, '0')
		}
		b = append(b, n...)
	}
	b = append(append(append(b, nameText...), c.Name...), argsText...)
	return append(args.AppendSpaced(b), callEndText...)
}
