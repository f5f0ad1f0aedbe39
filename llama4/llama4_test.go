package llama4_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call, tools = streamtest.Call, streamtest.Tools

// allPolicy returns every call, for tests of what the parser reads.
var allPolicy = stream.WithPolicy(policy.Policy{Mode: policy.All})

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// TestFormatsSection4 has every row of FORMATS.md section 4.
func TestFormatsSection4(t *testing.T) {
	streamtest.Run(t, llama4.Format, []tc{
		{"a call list then end of turn", `[get_weather(city="San Francisco"), get_weather(city="Seattle")]<|eot|>`, nil, "",
			[]toolcall.Call{call("get_weather", `{"city":"San Francisco"}`), call("get_weather", `{"city":"Seattle"}`)}},
		{"a function tag", `<function=trending_songs>{"n": 10}</function><|eot|>`, nil, "", []toolcall.Call{call("trending_songs", `{"n":10}`)}},
		{"a list in python tags", `<|python_start|>[get_weather(city="Paris")]<|python_end|><|eom|>`, nil, "", []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{"a JSON object", `{"name": "get_weather", "parameters": {"city": "Paris"}}`, nil, "", []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{"a bare call of an offered tool in prose", `Let me check: read(path="a.py")`, []string{"read"}, "Let me check:", []toolcall.Call{call("read", `{"path":"a.py"}`)}},
		{"a bare call of a tool not offered is prose", `Let me check: print(x)`, []string{"read"}, "Let me check: print(x)", nil},
	})
}

// TestIssueCases has the cases the llama4 issue lists.
func TestIssueCases(t *testing.T) {
	streamtest.Run(t, llama4.Format, []tc{
		{"a JSON object in python tags", `<|python_start|>{"name": "brave_web_search", "parameters": {"query": "latest news"}}<|python_end|>`, nil, "",
			[]toolcall.Call{call("brave_web_search", `{"query":"latest news"}`)}},
		{"a typed JSON object", `{"type": "function", "name": "Bash", "parameters": {"command": "ls"}}`, []string{"Bash"}, "", []toolcall.Call{call("Bash", `{"command":"ls"}`)}},
		{"a list of numbers in prose", "The answer is [1, 2] here.", []string{"read"}, "The answer is [1, 2] here.", nil},
		{"a bracketed call of a tool not offered", "As I said [see(above)] before.", []string{"read"}, "As I said [see(above)] before.", nil},
	})
}

func TestLlama4Forms(t *testing.T) {
	streamtest.Run(t, llama4.Format, []tc{
		{"the assistant header is consumed", "<|header_start|>assistant<|header_end|>\n\n[f(a=1)]<|eot|>", nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"every end-of-turn token is consumed", "Done.<|eom|><|eot|><|end_of_text|>", nil, "Done.", nil},
		{"a function tag with sloppy JSON", `<function=f>{'a': 'x', 'b': True}</function>`, nil, "", []toolcall.Call{call("f", `{"a":"x","b":true}`)}},
		{"a function tag with no arguments", `<function=ping></function>`, nil, "", []toolcall.Call{call("ping", `{}`)}},
		{"a function tag missing its end at the end of the response", `<function=f>{"a": 1}`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"a function tag whose end marker is in a string", `<function=say>{"text": "</function>"}</function>`, nil, "", []toolcall.Call{call("say", `{"text":"</function>"}`)}},
		{"a function tag in prose", `Sure. <function=f>{"a": 1}</function> Done.`, nil, "Sure.  Done.", []toolcall.Call{call("f", `{"a":1}`)}},
		{"two function tags", `<function=f>{"a": 1}</function><function=g>{}</function>`, nil, "", []toolcall.Call{call("f", `{"a":1}`), call("g", `{}`)}},
		{"a function tag with a hyphenated name", `<function=sub-task>{"x": 1}</function>`, nil, "", []toolcall.Call{call("sub-task", `{"x":1}`)}},
		{"a broken function tag is prose, markers and all", `<function=f>{"a": 1]}</function> ok`, nil, `<function=f>{"a": 1]}</function> ok`, nil},
		{"a function tag with no JSON is prose", `<function=f>hello`, nil, `<function=f>hello`, nil},
		{"python tags missing their end", `<|python_start|>[f(a=1)]`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"python tags ended by end of message", `<|python_start|>f(a=1)<|eom|>`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"bare calls in python tags may name any tool", `<|python_start|>print(x=1)<|python_end|>`, []string{"read"}, "", []toolcall.Call{call("print", `{"x":1}`)}},
		{"a function tag in python tags", `<|python_start|><function=f>{"a": 1}</function><|python_end|>`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"code in python tags is content without the markers", "<|python_start|>import os\nos.listdir('.')<|python_end|>", nil, "import os\nos.listdir('.')", nil},
		{"code in python tags goes to code_interpreter when offered", "<|python_start|>import os\nos.listdir('.')<|python_end|>", []string{"code_interpreter"}, "",
			[]toolcall.Call{call("code_interpreter", `{"code":"import os\nos.listdir('.')"}`)}},
		{"an end marker inside a string in python tags is data", `<|python_start|>[say(text="<|python_end|>")]<|python_end|>`, nil, "", []toolcall.Call{call("say", `{"text":"<|python_end|>"}`)}},
		{"after a bracket mismatch the next end marker ends the block", `<|python_start|>f(a=1]) "<|python_end|>tail`, nil, `f(a=1]) "tail`, nil},
		{"nested quotes are read again in python tags", `<|python_start|>bash(command='python3 -c "print(f('\,'))"')<|python_end|>`, nil, "",
			[]toolcall.Call{call("bash", `{"command":"python3 -c \"print(f('\\,'))\""}`)}},
		{"bare calls separated by commas", `f(a=1), g(b=2)`, []string{"f", "g"}, "", []toolcall.Call{call("f", `{"a":1}`), call("g", `{"b":2}`)}},
		{"bare calls separated by semicolons and newlines", "f(a=1);\ng(b=2)\nh()", []string{"f", "g", "h"}, "",
			[]toolcall.Call{call("f", `{"a":1}`), call("g", `{"b":2}`), call("h", `{}`)}},
		{"a bare call then prose", "f(a=1), then I will wait.", []string{"f"}, ", then I will wait.", []toolcall.Call{call("f", `{"a":1}`)}},
		{"a name glued to a word is no call", "xread(path='a')", []string{"read"}, "xread(path='a')", nil},
		{"a bare call matched loosely", "Reading: READ(path='a')", []string{"read"}, "Reading:", []toolcall.Call{call("read", `{"path":"a"}`)}},
		{"JSON objects separated by semicolons", `{"name": "f", "parameters": {}}; {"name": "g", "arguments": "{\"x\": 1}"}`, []string{"f", "g"}, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{"x":1}`)}},
		{"a JSON array of calls", `[{"name": "f", "arguments": {"a": 1}}, {"type": "function", "function": {"name": "g", "arguments": {}}}]`, nil, "",
			[]toolcall.Call{call("f", `{"a":1}`), call("g", `{}`)}},
		{"a JSON object naming an unknown tool in prose is prose", `I would call {"name": "x", "parameters": {}} here`, []string{"read"}, `I would call {"name": "x", "parameters": {}} here`, nil},
		{"a JSON object that is not a call is prose", `Config: {"name": "demo", "version": 2}`, []string{"read"}, `Config: {"name": "demo", "version": 2}`, nil},
		{"a JSON-looking object without a call key is prose", `Use {"a": 1} as input`, nil, `Use {"a": 1} as input`, nil},
		{"mixed forms in one response", "Plan:\n<function=a>{}</function>\n[b(x=1)]\n{\"name\": \"c\", \"parameters\": {}}\nd(y=2)", []string{"a", "b", "c", "d"}, "Plan:",
			[]toolcall.Call{call("a", `{}`), call("b", `{"x":1}`), call("c", `{}`), call("d", `{"y":2}`)}},
		{"a marker fragment is prose", "a <|py b", nil, "a <|py b", nil},
	}, allPolicy)
}

// TestDefaultPolicyIsIndependent checks llama4's default policy on a plan
// that reads, then edits what it has not seen, then runs the tests.
func TestDefaultPolicyIsIndependent(t *testing.T) {
	text := `[read_file(path="a.py"), grep(pattern="x"), edit_file(path="a.py", old="x", new="y"), run_tests()]`
	res := stream.Parse(llama4.Format, text, toolcall.Request{})
	if len(res.Calls) != 2 || res.Calls[0].Name != "read_file" || res.Calls[1].Name != "grep" {
		t.Errorf("calls = %+v, want the two reads", res.Calls)
	}
	if dropped := streamtest.CountDiagnostics(res.Diagnostics, toolcall.KindPolicy); dropped != 2 {
		t.Errorf("%d policy diagnostics, want 2: %+v", dropped, res.Diagnostics)
	}
}

// TestEmptyDeltaKeepsAWordCut: an empty delta between the parts of a word
// must not make the second part a name of its own.
func TestEmptyDeltaKeepsAWordCut(t *testing.T) {
	req := toolcall.Request{Tools: tools("f", "g")}
	streamtest.Compare(t, llama4.Format, req, []string{"is", "", "f(a=1), g(b=2)"}, allPolicy)
}

// TestHeldTextIsBounded: what a decoder holds outside a candidate (the
// separators after a call, a broken function tag waiting for its end) goes
// out as content past the size limit.
func TestHeldTextIsBounded(t *testing.T) {
	limits := stream.WithLimits(toolcall.Limits{MaxPending: 64})
	for _, doc := range []string{
		"f(a=1)" + strings.Repeat(" ", 200) + "tail",
		`<function=f>{"a": 1]}` + strings.Repeat("x", 200) + "</function>",
	} {
		s := stream.New(llama4.Format, toolcall.Request{Tools: tools("f")}, limits, allPolicy)
		for i := 0; i < len(doc); i += 10 {
			s.Feed(doc[i:min(i+10, len(doc))])
		}
		s.Close()
		found := false
		for _, d := range s.Diagnostics() {
			found = found || d.Kind == toolcall.KindLimit
		}
		if !found {
			t.Errorf("%.30q...: no limit diagnostic: %+v", doc, s.Diagnostics())
		}
	}
}

// code_interpreter's code is written as every JSON string of the module
// is: no HTML escapes for '<', '>' and '&'.
func TestCodeInterpreterArgumentsAsWritten(t *testing.T) {
	res := stream.Parse(llama4.Format, "<|python_start|>print(a < b and c > d & e)<|python_end|>", toolcall.Request{Tools: tools("code_interpreter")})
	if want := `{"code":"print(a < b and c > d & e)"}`; len(res.Calls) != 1 || res.Calls[0].Arguments != want {
		t.Fatalf("calls %+v, want one with arguments %s", res.Calls, want)
	}
}
