package nemotronv2

import (
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// callBegin is what comes before a call's arguments in the array.
func callBegin(name string) string {
	return `{"name": ` + string(jsonvalue.AppendString(nil, name)) + `, "arguments": `
}

// RenderCalls writes calls as Nemotron Nano v2's template writes them:
// <TOOLCALL>[, per call {"name": "NAME", "arguments": ARGS} with the
// spaces Jinja's tojson writes, calls separated by ", ", then
// ]</TOOLCALL>. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(startText + "[")
	for i, c := range calls {
		args, err := prompt.SpacedArgs("nemotron_v2", c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(callBegin(c.Name))
		b.WriteString(args)
		b.WriteString("}")
	}
	b.WriteString("]" + endText)
	return b.String(), nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }
