package olmo3_test

import (
	"testing"

	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call, tools = streamtest.Call, streamtest.Tools

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// formatsSection6 has every row of FORMATS.md section 6; their
// documents begin documents, the seeds of the property checks.
var formatsSection6 = []tc{
	{"one call in tags", `<function_calls>get_weather(location="Boston")</function_calls>`, nil, "", []toolcall.Call{call("get_weather", `{"location":"Boston"}`)}},
	{"one call per line with JSON literals", "<function_calls>\nf(x=1)\ng(y=true, z=null)\n</function_calls>", nil, "",
		[]toolcall.Call{call("f", `{"x":1}`), call("g", `{"y":true,"z":null}`)}},
	{"prose before the tags is kept", `Let me look.<function_calls>_lookup(_id='abc', limit=5)</function_calls>`, nil, "Let me look.",
		[]toolcall.Call{call("_lookup", `{"_id":"abc","limit":5}`)}},
}

// TestFormatsSection6 has every row of FORMATS.md section 6.
func TestFormatsSection6(t *testing.T) { streamtest.Run(t, olmo3.Format, formatsSection6) }

func TestIssueCases(t *testing.T) {
	streamtest.Run(t, olmo3.Format, []tc{
		{"a raw newline inside a string", "<function_calls>note(text=\"a\nb\")\nf(x=1)</function_calls>", nil, "",
			[]toolcall.Call{call("note", `{"text":"a\nb"}`), call("f", `{"x":1}`)}},
	})
}

func TestOLMo3(t *testing.T) {
	streamtest.Run(t, olmo3.Format, []tc{
		{"a comma-separated run", `<function_calls>f(x=1), g(y=2)</function_calls>`, nil, "", []toolcall.Call{call("f", `{"x":1}`), call("g", `{"y":2}`)}},
		{"a list", `<function_calls>[f(x=1), g(y=2)]</function_calls>`, nil, "", []toolcall.Call{call("f", `{"x":1}`), call("g", `{"y":2}`)}},
		{"prose after the tags is kept", `<function_calls>f()</function_calls>Done.`, nil, "Done.", []toolcall.Call{call("f", `{}`)}},
		{"a missing end tag at the end", "Checking.\n<function_calls>\nf(x=1)\n", nil, "Checking.", []toolcall.Call{call("f", `{"x":1}`)}},
		{"a missing end tag before a block that is not calls", "<function_calls>\nnot calls", nil, "<function_calls>\nnot calls", nil},
		{"a response of only calls", "f(x=1)\ng(y=2)", []string{"f", "g"}, "", []toolcall.Call{call("f", `{"x":1}`), call("g", `{"y":2}`)}},
		{"a response of only calls, then end of turn", "f(x=1)\n<|im_end|>", []string{"f"}, "", []toolcall.Call{call("f", `{"x":1}`)}},
		{"a response of only calls with an unknown name is prose", "f(x=1)\nprint(y=2)", []string{"f"}, "f(x=1)\nprint(y=2)", nil},
		{"calls followed by prose are prose", "f(x=1)\nThat is all.", []string{"f"}, "f(x=1)\nThat is all.", nil},
		{"calls then a tagged block", "f(x=1)\n<function_calls>g()</function_calls>", []string{"f", "g"}, "f(x=1)", []toolcall.Call{call("g", `{}`)}},
		{"prose before calls without tags is prose", "Sure: f(x=1)", []string{"f"}, "Sure: f(x=1)", nil},
		{"a word that looks like a call head", "Sure(ly) not", nil, "Sure(ly) not", nil},
		{"an end tag in a string is data", `<function_calls>say(t="</function_calls>")</function_calls>`, nil, "", []toolcall.Call{call("say", `{"t":"</function_calls>"}`)}},
		{"end-of-turn tokens are consumed", "Hi<|im_end|><|endoftext|>", nil, "Hi", nil},
		{"nested quotes are read again", `<function_calls>bash(command='echo 'a' && echo "b'c"')</function_calls>`, nil, "", []toolcall.Call{call("bash", `{"command":"echo 'a' && echo \"b'c\""}`)}},
	})
}

var documents = append(streamtest.Inputs(formatsSection6),
	"f(x=1)\ng(y=2)", "<|im_end|>", "</function_calls>", "<function_calls>")

func TestOLMo3Properties(t *testing.T) {
	streamtest.CheckFormat(t, olmo3.Format, documents)
	streamtest.CheckFormatRequest(t, olmo3.Format, toolcall.Request{Tools: tools("f", "g")}, documents)
}

// FuzzOLMo3 checks the stream's promises on any document in random deltas.
func FuzzOLMo3(f *testing.F) {
	streamtest.Fuzz(f, olmo3.Format, toolcall.Request{}, documents)
}
