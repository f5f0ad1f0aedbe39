package prompt

import (
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// JSONArray is how a format writes its calls as one JSON array of call
// objects, as a chat template's tojson writes them: Open, "[", each
// call's object, the objects separated by ", ", then "]" and Close. An
// object is Begin's text for the call's name, its arguments with the
// spaces tojson writes (SpacedArgs), Tail's text for the call if any (the
// model's ID, say), and "}". grammar.ArrayFrame constrains to the same
// calls.
type JSONArray struct {
	Format string                       // the format's name, for errors
	Open   string                       // what comes before the array
	Close  string                       // what comes after it
	Begin  func(name string) string     // the object up to the arguments
	Tail   func(c toolcall.Call) string // what follows them in the object; nil for nothing
}

// Render writes calls as a says; no calls is "". Arguments that are not a
// JSON object are an error.
func (a JSONArray) Render(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(a.Open + "[")
	for i, c := range calls {
		args, err := SpacedArgs(a.Format, c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.Begin(c.Name))
		b.WriteString(args)
		if a.Tail != nil {
			b.WriteString(a.Tail(c))
		}
		b.WriteString("}")
	}
	b.WriteString("]" + a.Close)
	return b.String(), nil
}

// NameArgumentsBegin is a call object up to its arguments when the object
// is {"name": "NAME", "arguments": ARGS}, as tojson writes it: a
// JSONArray's Begin.
func NameArgumentsBegin(name string) string {
	return `{"name": ` + string(jsonvalue.AppendString(nil, name)) + `, "arguments": `
}
