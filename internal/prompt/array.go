package prompt

import (
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
	return ArgsSection(j.Format, j.Open, j.Close, calls, func(b []byte, i int, c toolcall.Call, args jsonvalue.Value) []byte {
		if i > 0 {
			b = append(b, j.Sep...)
		}
		b = append(b, j.Begin(c.Name)...)
		if j.Compact {
			b = args.AppendJSON(b)
		} else {
			b = args.AppendSpaced(b)
		}
		if j.Tail != nil {
			b = append(b, j.Tail(c)...)
		}
		return append(b, j.End...)
	})
}

// Section writes calls as one section: "" when there are none, else
// open, each call as write appends it (i its place in calls), then close.
// write's error is Section's.
func Section(open, close string, calls []toolcall.Call, write func(b []byte, i int, c toolcall.Call) ([]byte, error)) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	b := []byte(open)
	for i, c := range calls {
		var err error
		if b, err = write(b, i, c); err != nil {
			return "", err
		}
	}
	return string(append(b, close...)), nil
}

// ArgsSection writes calls as one section as Section does, write
// appending each call given its arguments as Arguments decodes them
// (format names the format in errors): the first call whose arguments
// are not a JSON object is the error.
func ArgsSection(format, open, close string, calls []toolcall.Call, write func(b []byte, i int, c toolcall.Call, args jsonvalue.Value) []byte) (string, error) {
	return Section(open, close, calls, func(b []byte, i int, c toolcall.Call) ([]byte, error) {
		args, err := Arguments(format, c)
		if err != nil {
			return nil, err
		}
		return write(b, i, c, args), nil
	})
}

// NameArgumentsBegin is a call object up to its arguments when the object
// is {"name": "NAME", "arguments": ARGS}, as tojson writes it: a
// JSONArray's Begin.
func NameArgumentsBegin(name string) string {
	return `{"name": ` + string(jsonvalue.AppendString(nil, name)) + `, "arguments": `
}
