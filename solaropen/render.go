package solaropen

import (
	"strconv"

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
	return prompt.Section(callsText, callsEndText, calls, appendCall)
}

// appendCall appends the call in place i of the section.
func appendCall(b []byte, i int, c toolcall.Call) ([]byte, error) {
	args, err := prompt.SpacedArgs("solar_open", c)
	if err != nil {
		return nil, err
	}
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
	return append(append(b, args...), callEndText...), nil
}
