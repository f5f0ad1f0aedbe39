package cohere

import (
	"strconv"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Command R7B's template writes an assistant
// turn's: <|START_ACTION|>[, then per call a line
//
//	{"tool_call_id": "0", "tool_name": "NAME", "parameters": ARGS}
//
// indented by four spaces, the calls numbered from 0 and separated by a
// comma, the arguments with the spaces Jinja's tojson writes; then ]
// on a line of its own and <|END_ACTION|>. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	b, err := appendCalls(nil, calls, 0)
	return string(b), err
}

// appendCalls appends the action of calls, numbered from first: nothing
// for no calls.
func appendCalls(b []byte, calls []toolcall.Call, first int) ([]byte, error) {
	if len(calls) == 0 {
		return b, nil
	}
	b = append(b, actionText+"[\n"...)
	for i, c := range calls {
		args, err := prompt.SpacedArgs("cohere", c)
		if err != nil {
			return nil, err
		}
		b = append(b, `    {"tool_call_id": "`...)
		b = strconv.AppendInt(b, int64(first+i), 10)
		b = append(b, `", "tool_name": `...)
		b = jsonvalue.AppendString(b, c.Name)
		b = append(b, `, "parameters": `...)
		b = append(b, args...)
		b = append(b, '}')
		if i < len(calls)-1 {
			b = append(b, ',')
		}
		b = append(b, '\n')
	}
	return append(b, "]"+actionEndText...), nil
}
