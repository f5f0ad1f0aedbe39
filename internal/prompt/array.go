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
	return JSONCalls{Format: a.Format, Open: a.Open + "[", Close: "]" + a.Close, Begin: a.Begin, Tail: a.Tail, End: "}", Sep: ", "}.Render(calls)
}

// JSONCalls is how a format writes calls whose arguments are one JSON
// object: Open, then per call Begin's text for the call's name, its
// arguments (with the spaces tojson writes, SpacedArgs; with Compact as
// compact JSON, CompactArgs), Tail's text for the call if any, and End,
// the calls separated by Sep; then Close. A grammar.Frame of JSON
// arguments holds the same texts (its JSONCalls).
type JSONCalls struct {
	Format  string                       // the format's name, for errors
	Open    string                       // what comes before the calls
	Close   string                       // what comes after them
	Begin   func(name string) string     // a call up to its arguments
	Tail    func(c toolcall.Call) string // what follows them before End; nil for nothing
	End     string                       // what ends a call
	Sep     string                       // what separates calls
	Compact bool                         // arguments as compact JSON, not with tojson's spaces
}

// Render writes calls as j says; no calls is "". Arguments that are not a
// JSON object are an error.
func (j JSONCalls) Render(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	args := SpacedArgs
	if j.Compact {
		args = CompactArgs
	}
	var b strings.Builder
	b.WriteString(j.Open)
	for i, c := range calls {
		a, err := args(j.Format, c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(j.Sep)
		}
		b.WriteString(j.Begin(c.Name))
		b.WriteString(a)
		if j.Tail != nil {
			b.WriteString(j.Tail(c))
		}
		b.WriteString(j.End)
	}
	b.WriteString(j.Close)
	return b.String(), nil
}

// NameArgumentsBegin is a call object up to its arguments when the object
// is {"name": "NAME", "arguments": ARGS}, as tojson writes it: a
// JSONArray's Begin.
func NameArgumentsBegin(name string) string {
	return `{"name": ` + string(jsonvalue.AppendString(nil, name)) + `, "arguments": `
}
