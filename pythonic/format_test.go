package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

type call struct{ name, args string }

type formatCase struct {
	name    string
	input   string
	tools   []string
	content string
	calls   []call
}

func tools(names ...string) []toolcall.Tool {
	var ts []toolcall.Tool
	for _, n := range names {
		ts = append(ts, toolcall.Tool{Name: n})
	}
	return ts
}

// check is streamtest.Expect with calls written as name and arguments.
func check(t *testing.T, f toolcall.Format, req toolcall.Request, input, content string, calls []call) {
	t.Helper()
	var want []toolcall.Call
	for _, c := range calls {
		want = append(want, toolcall.Call{Name: c.name, Arguments: c.args})
	}
	streamtest.Expect(t, f, req, input, content, want)
}

// TestFormatsSection3 has every row of FORMATS.md section 3.
func TestFormatsSection3(t *testing.T) {
	tests := []formatCase{
		{"a call list then prose", `[get_weather(city='Tokyo')] Let me check that for you.`, nil, `Let me check that for you.`, []call{{"get_weather", `{"city":"Tokyo"}`}}},
		{"names and keys may start with an underscore", `[_lookup(_id='abc', limit=5)]`, nil, "", []call{{"_lookup", `{"_id":"abc","limit":5}`}}},
		{"a name may not start with a digit", `[5foo(x=1)]`, nil, `[5foo(x=1)]`, nil},
		{"a list of numbers is prose", `[1, 2, 3] are the numbers`, nil, `[1, 2, 3] are the numbers`, nil},
		{"brackets and escaped quotes inside strings", `[f(a="]"), g(b='x\'y')]`, nil, "", []call{{"f", `{"a":"]"}`}, {"g", `{"b":"x'y"}`}}},
		{"negative numbers", `[move(dx=-5, dy=3)]`, nil, "", []call{{"move", `{"dx":-5,"dy":3}`}}},
		{"nested dicts, tuples and constants", `[search(q="a", filters={'lang': 'en', 'tags': ('x', 'y')}, exact=False, cursor=None)]`, nil, "", []call{{"search", `{"q":"a","filters":{"lang":"en","tags":["x","y"]},"exact":false,"cursor":null}`}}},
		{"a list still open at the end is prose", `[get_weather(city='Tok`, nil, `[get_weather(city='Tok`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, pythonic.Format, toolcall.Request{Tools: tools(tt.tools...)}, tt.input, tt.content, tt.calls)
		})
	}
}

func TestPythonicFormat(t *testing.T) {
	tests := []formatCase{
		{"leading whitespace before the list", "  \n[f(a=1)]", nil, "", []call{{"f", `{"a":1}`}}},
		{"an end-of-turn token after the list", "[f(a=1)]<|eot_id|>", nil, "", []call{{"f", `{"a":1}`}}},
		{"every end-of-turn token is consumed", "Hi<end_of_turn><|eot_id|><|eot|><|im_end|><|endoftext|></s>", nil, "Hi", nil},
		{"a near-marker is prose", "a <|eo b", nil, "a <|eo b", nil},
		{"a near-marker before a real one", "a <|eo<|eot|>", nil, "a <|eo", nil},
		{"a partial marker at the end is prose", "done <|eot", nil, "done <|eot", nil},
		{"a later list with known names is parsed", "Checking. [get_weather(city='Paris')]", []string{"get_weather"}, "Checking.", []call{{"get_weather", `{"city":"Paris"}`}}},
		{"a later list with an unknown name is prose", "Checking. [see(above='x')]", []string{"get_weather"}, "Checking. [see(above='x')]", nil},
		{"a later list with one unknown name is prose", "Checking. [get_weather(city='x'), print(x=1)]", []string{"get_weather"}, "Checking. [get_weather(city='x'), print(x=1)]", nil},
		{"a later list with no tools in the request is parsed", "Checking. [see(above='x')]", nil, "Checking.", []call{{"see", `{"above":"x"}`}}},
		{"an opening list may name any tool", "[print(x=1)]", []string{"get_weather"}, "", []call{{"print", `{"x":1}`}}},
		{"prose with a bracketed word", "See [note] and [1] here", nil, "See [note] and [1] here", nil},
		{"a markdown link", "[docs](https://x.y/z) ok", nil, "[docs](https://x.y/z) ok", nil},
		{"a bad call in a list becomes prose, the others stand", "[f(a=1), g(b=1+), h()]", nil, "g(b=1+)", []call{{"f", `{"a":1}`}, {"h", `{}`}}},
		{"a list with a non-call element is prose", "[f(a=1), 2]", nil, "[f(a=1), 2]", nil},
		{"a mismatched bracket makes the list prose", "[f(a=1]) then", nil, "[f(a=1]) then", nil},
		{"two lists in a row", "[f()] [g()]", nil, "", []call{{"f", `{}`}, {"g", `{}`}}},
		{"whitespace between prose around a list is kept", "A [f()] B", nil, "A  B", []call{{"f", `{}`}}},
		{"the closing-quote rule keeps shell quotes", `[bash(command='sed -n '1,9p' f.py')]`, nil, "", []call{{"bash", `{"command":"sed -n '1,9p' f.py"}`}}},
		{"a marker inside a string is data", `[say(text="<|eot|>")]`, nil, "", []call{{"say", `{"text":"<|eot|>"}`}}},
		{"unicode prose around a list", "héllo ✓ [f(a='ü')] wörld", nil, "héllo ✓  wörld", []call{{"f", `{"a":"ü"}`}}},
		{"multi-line list", "[\n  get_weather(\n    city='Tokyo',\n  ),\n]", nil, "", []call{{"get_weather", `{"city":"Tokyo"}`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, pythonic.Format, toolcall.Request{Tools: tools(tt.tools...)}, tt.input, tt.content, tt.calls)
		})
	}
}
