package pylit

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

func TestParseValue(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"a single-quoted string", `'Tokyo'`, `"Tokyo"`},
		{"a double-quoted string", `"Tokyo"`, `"Tokyo"`},
		{"a triple-single-quoted string with a newline", "'''a\nb'''", `"a\nb"`},
		{"a triple-double-quoted string with quotes inside", `"""say "hi" now"""`, `"say \"hi\" now"`},
		{"an empty string", `''`, `""`},
		{"an empty triple-quoted string", `''''''`, `""`},
		{"a raw string keeps backslashes", `r'\d+\n'`, `"\\d+\\n"`},
		{"a raw string keeps an escaped quote with its backslash", `r'a\'b'`, `"a\\'b"`},
		{"a u prefix changes nothing", `u'x'`, `"x"`},
		{"a b prefix reads as text", `b'x'`, `"x"`},
		{"an f prefix is not evaluated", `f'{x}'`, `"{x}"`},
		{"an upper-case raw-bytes prefix", `Rb'\x'`, `"\\x"`},
		{"newline, return, tab escapes", `'a\nb\rc\td'`, `"a\nb\rc\td"`},
		{"backspace, form feed, vertical tab, bell", `'\b\f\v\a'`, `"\b\f\u000b\u0007"`},
		{"escaped backslash and quotes", `'\\ \' \"'`, `"\\ ' \""`},
		{"a hex escape", `'\x41\xe9'`, `"Aé"`},
		{"a 16-bit unicode escape", `'\u00e9'`, `"é"`},
		{"a 32-bit unicode escape", `'\U0001F600'`, `"😀"`},
		{"a surrogate pair of escapes stays a pair", `'\ud83d\ude00'`, `"\ud83d\ude00"`},
		{"octal escapes", `'\101\7\0'`, `"A\u0007\u0000"`},
		{"a named escape is kept verbatim", `'\N{BULLET}'`, `"\\N{BULLET}"`},
		{"an unknown escape keeps its backslash", `'\d\q'`, `"\\d\\q"`},
		{"a malformed hex escape keeps its backslash", `'\xZ'`, `"\\xZ"`},
		{"a backslash before a newline joins the lines", "'a\\\nb'", `"ab"`},
		{"a raw newline in a one-line string", "'a\nb'", `"a\nb"`},
		{"a raw tab in a one-line string", "'a\tb'", `"a\tb"`},
		{"a quote not followed by a closer is text", `'sed -n '1,9p' f.py'`, `"sed -n '1,9p' f.py"`},
		{"an apostrophe inside a word", `'it's'`, `"it's"`},
		{"a closing quote before blanks and the end", "'a' \n", `"a"`},
		{"adjacent strings concatenate", `'id = ''E123'''`, `"id = E123"`},
		{"adjacent strings of both kinds, blanks between", "'a' \"b\"\n'c'", `"abc"`},
		{"a doubled apostrophe joins two strings", `'it''s'`, `"its"`},
		{"a triple-quoted string after a string", `'a' '''b'c'''`, `"ab'c"`},
		{"an empty string after a string", `'x' ''`, `"x"`},
		{"a raw string then a plain one", `r'\d' '\n'`, `"\\d\n"`},
		{"a quoted word at a string's end stays text", `'say 'hi''`, `"say 'hi'"`},
		{"an apostrophe before blanks and a closing quote stays text", `'it' '`, `"it' "`},
		{"unicode text passes through", `'héllo wörld ✓'`, `"héllo wörld ✓"`},
		{"line and paragraph separators are escaped", "'\u2028\u2029'", `"\u2028\u2029"`},
		{"control characters are escaped", "'\x01'", `"\u0001"`},
		{"an integer", `42`, `42`},
		{"a negative integer", `-5`, `-5`},
		{"a plus sign is dropped", `+5`, `5`},
		{"underscores in an integer", `1_000_000`, `1000000`},
		{"a hex integer", `0x1F`, `31`},
		{"an octal integer", `0o17`, `15`},
		{"a binary integer", `0b101`, `5`},
		{"a negative hex integer", `-0x10`, `-16`},
		{"a hex integer past 64 bits keeps every digit", `0x1ffffffffffffffffffff`, `2417851639229258349412351`},
		{"a huge decimal integer keeps every digit", `123456789012345678901234567890`, `123456789012345678901234567890`},
		{"an integer with leading zeros is a string", `07`, `"07"`},
		{"a negative integer with leading zeros is a string", `-007`, `"-007"`},
		{"zero", `0`, `0`},
		{"a float", `1.5`, `1.5`},
		{"a float without an integer part", `.5`, `0.5`},
		{"a float without a fraction", `5.`, `5.0`},
		{"a float with an exponent", `1e-3`, `1e-3`},
		{"a float with an upper-case exponent and sign", `2.5E+10`, `2.5E+10`},
		{"a negative float", `-0.25`, `-0.25`},
		{"a float with leading zeros", `01.5`, `1.5`},
		{"a float out of range is a string", `1e999`, `"1e999"`},
		{"a negative float out of range is a string", `-1e999`, `"-1e999"`},
		{"inf is a string", `inf`, `"inf"`},
		{"negative inf is a string", `-inf`, `"-inf"`},
		{"nan is a string", `nan`, `"nan"`},
		{"Python True", `True`, `true`},
		{"Python False", `False`, `false`},
		{"Python None", `None`, `null`},
		{"JSON true", `true`, `true`},
		{"JSON false", `false`, `false`},
		{"JSON null", `null`, `null`},
		{"a bare name is a string", `celsius`, `"celsius"`},
		{"a dotted name is a string", `math.pi`, `"math.pi"`},
		{"a call of a dotted name is its source text", `datetime.now()`, `"datetime.now()"`},
		{"a call of a dotted name with literal arguments", `datetime.date(2024, 1, m=2)`, `"datetime.date(2024, 1, m=2)"`},
		{"a list", `[1, 'a', None]`, `[1,"a",null]`},
		{"a list with a trailing comma", `[1, 2,]`, `[1,2]`},
		{"an empty list", `[]`, `[]`},
		{"a tuple", `('x', 'y')`, `["x","y"]`},
		{"a one-item tuple", `(1,)`, `[1]`},
		{"an empty tuple", `()`, `[]`},
		{"a parenthesized value", `(1)`, `1`},
		{"a set", `{1, 2}`, `[1,2]`},
		{"a one-item set", `{'a'}`, `["a"]`},
		{"a dict", `{'lang': 'en', 'n': 2}`, `{"lang":"en","n":2}`},
		{"a dict with a trailing comma", `{'a': 1,}`, `{"a":1}`},
		{"an empty dict", `{}`, `{}`},
		{"a dict with integer keys", `{1: 'a', 2: 'b'}`, `{"1":"a","2":"b"}`},
		{"a dict with constant keys", `{True: 1, None: 2}`, `{"true":1,"null":2}`},
		{"a dict with a tuple key", `{(1, 2): 3}`, `{"[1,2]":3}`},
		{"a dict with a bare-name key", `{a: 1}`, `{"a":1}`},
		{"JSON object literal", `{"a": [true, false, null], "b": {"c": 1.5}}`, `{"a":[true,false,null],"b":{"c":1.5}}`},
		{"nested containers", `{'tags': ('x', ['y', {'z'}])}`, `{"tags":["x",["y",["z"]]]}`},
		{"whitespace and newlines between tokens", "[\n  1 ,\n  2\n]", `[1,2]`},
	}
	var p Parser
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := p.ParseValue(tt.src)
			if err != nil {
				t.Fatalf("ParseValue(%q): %v", tt.src, err)
			}
			if got != tt.want {
				t.Errorf("ParseValue(%q) = %s, want %s", tt.src, got, tt.want)
			}
			if !json.Valid([]byte(got)) {
				t.Errorf("ParseValue(%q) = %s is not valid JSON", tt.src, got)
			}
		})
	}
}

func TestParseValueErrors(t *testing.T) {
	tests := []struct {
		name, src string
		offset    int
	}{
		{"an unterminated string", `'abc`, 0},
		{"an unterminated list", `[1, 2`, 5},
		{"arithmetic", `1 + 2`, 2},
		{"a call of an undotted name", `now()`, 0},
		{"a call with a non-literal argument", `a.b(c + 1)`, 6},
		{"a lambda", `lambda: 1`, 6},
		{"a subscript", `x[0]`, 1},
		{"a complex number", `1j`, 0},
		{"a number running into a name", `5foo`, 0},
		{"a sign before a string", `-'a'`, 1},
		{"a hex prefix without digits", `0x`, 0},
		{"a stray character", `@`, 0},
		{"a colon in a list", `[1: 2]`, 2},
		{"a dict missing a value", `{'a': }`, 6},
		{"two values", `1 2`, 2},
		{"an empty text", ``, 0},
	}
	var p Parser
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := p.ParseValue(tt.src)
			if err == nil {
				t.Fatalf("ParseValue(%q) = %s, want an error", tt.src, got)
			}
			se, ok := err.(*SyntaxError)
			if !ok {
				t.Fatalf("error %T is not a *SyntaxError", err)
			}
			if se.Offset != tt.offset {
				t.Errorf("ParseValue(%q) error at offset %d (%s), want %d", tt.src, se.Offset, se.Msg, tt.offset)
			}
		})
	}
}

func TestParseCall(t *testing.T) {
	tools := map[string][]string{"get_weather": {"city", "unit"}}
	p := Parser{Params: func(name string) []string { return tools[name] }}
	tests := []struct {
		name, src, call, args string
	}{
		{"keyword arguments keep their order", `get_weather(unit='c', city='Tokyo')`, "get_weather", `{"unit":"c","city":"Tokyo"}`},
		{"no arguments", `ping()`, "ping", `{}`},
		{"a trailing comma", `f(a=1,)`, "f", `{"a":1}`},
		{"a keyword as a parameter name", `f(from=1, class='x', import=None)`, "f", `{"from":1,"class":"x","import":null}`},
		{"a hyphenated parameter name", `f(max-results=5)`, "f", `{"max-results":5}`},
		{"a hyphenated tool name", `sub-task-ending(status="Completed")`, "sub-task-ending", `{"status":"Completed"}`},
		{"a dotted tool name", `math.factorial(n=5)`, "math.factorial", `{"n":5}`},
		{"a keyword as a tool name", `import(x=1)`, "import", `{"x":1}`},
		{"a leading underscore", `_lookup(_id='abc', limit=5)`, "_lookup", `{"_id":"abc","limit":5}`},
		{"spaces around '='", `f(a = 1, b= 'x')`, "f", `{"a":1,"b":"x"}`},
		{"positional arguments take the schema's order", `get_weather('Tokyo', 'c')`, "get_weather", `{"city":"Tokyo","unit":"c"}`},
		{"a positional argument before a keyword one", `get_weather('Tokyo', unit='c')`, "get_weather", `{"city":"Tokyo","unit":"c"}`},
		{"arguments over several lines", "f(\n  a=1,\n  b=2\n)", "f", `{"a":1,"b":2}`},
		{"a bracket inside a string", `f(a="]")`, "f", `{"a":"]"}`},
		{"an escaped quote", `g(b='x\'y')`, "g", `{"b":"x'y"}`},
		{"nested quotes of the other kind", `bash(command="echo 'hi'")`, "bash", `{"command":"echo 'hi'"}`},
		{"adjacent strings concatenate", `query(sql='id = ''E123''', n=1)`, "query", `{"sql":"id = E123","n":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := p.ParseCall(tt.src)
			if err != nil {
				t.Fatalf("ParseCall(%q): %v", tt.src, err)
			}
			if c.Name != tt.call || c.Arguments != tt.args {
				t.Errorf("ParseCall(%q) = %s %s, want %s %s", tt.src, c.Name, c.Arguments, tt.call, tt.args)
			}
		})
	}
}

func TestParseCallErrors(t *testing.T) {
	p := Parser{Params: func(name string) []string {
		if name == "one" {
			return []string{"a"}
		}
		return nil
	}}
	tests := []struct {
		name, src string
		offset    int
	}{
		{"a positional argument without a schema", `f(1)`, 2},
		{"more positional arguments than declared parameters", `one(1, 2)`, 7},
		{"a positional argument after a keyword one", `one(a=1, 2)`, 9},
		{"a name starting with a digit", `5foo(x=1)`, 0},
		{"no parentheses", `f`, 1},
		{"a missing closing parenthesis", `f(a=1`, 5},
		{"text after the call", `f() g`, 4},
		{"an expression as a value", `f(a=b+1)`, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := p.ParseCall(tt.src)
			if err == nil {
				t.Fatalf("ParseCall(%q) = %+v, want an error", tt.src, c)
			}
			if se := err.(*SyntaxError); se.Offset != tt.offset {
				t.Errorf("ParseCall(%q) error at %d (%s), want %d", tt.src, se.Offset, se.Msg, tt.offset)
			}
		})
	}
}

func TestParseNestingLimit(t *testing.T) {
	p := Parser{MaxDepth: 4}
	if _, err := p.ParseValue("[[[[1]]]]"); err != nil {
		t.Errorf("depth 4 at limit 4: %v", err)
	}
	_, err := p.ParseValue("[[[[[1]]]]]")
	if _, ok := err.(*SyntaxError); !ok || !errors.Is(err, ErrTooDeep) {
		t.Errorf("depth 5 at limit 4: got %v, want %v", err, ErrTooDeep)
	}
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	if _, err := (&Parser{}).ParseValue(deep); err == nil {
		t.Error("100000 nested lists parsed under the default limit")
	}
}

func TestParseList(t *testing.T) {
	var p Parser
	type el struct {
		text, name, args string
		bad              bool
	}
	tests := []struct {
		name  string
		src   string
		elems []el
	}{
		{"two calls", `[f(a="]"), g(b='x\'y')]`, []el{{`f(a="]")`, "f", `{"a":"]"}`, false}, {`g(b='x\'y')`, "g", `{"b":"x'y"}`, false}}},
		{"a trailing comma", `[f(),]`, []el{{`f()`, "f", `{}`, false}}},
		{"a call that does not parse stands apart", `[f(a=1), g(b=1+), h()]`, []el{{`f(a=1)`, "f", `{"a":1}`, false}, {`g(b=1+)`, "g", "", true}, {`h()`, "h", `{}`, false}}},
		{"a bad call with brackets inside strings", `[g(b=x y, c=")"), h()]`, []el{{`g(b=x y, c=")")`, "g", "", true}, {`h()`, "h", `{}`, false}}},
		{"newlines around calls", "[\n f(a=1),\n g()\n]", []el{{`f(a=1)`, "f", `{"a":1}`, false}, {`g()`, "g", `{}`, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := p.ParseList(tt.src)
			if err != nil {
				t.Fatalf("ParseList(%q): %v", tt.src, err)
			}
			if len(got) != len(tt.elems) {
				t.Fatalf("ParseList(%q) = %d elements, want %d", tt.src, len(got), len(tt.elems))
			}
			for i, w := range tt.elems {
				g := got[i]
				if text := tt.src[g.Start:g.End]; text != w.text || g.Call.Name != w.name || (g.Err != nil) != w.bad || (!w.bad && g.Call.Arguments != w.args) {
					t.Errorf("element %d = %q %s %s err=%v, want %q %s %s bad=%v", i, text, g.Call.Name, g.Call.Arguments, g.Err, w.text, w.name, w.args, w.bad)
				}
			}
		})
	}
}

func TestParseListNotCalls(t *testing.T) {
	var p Parser
	for _, src := range []string{`[1, 2, 3]`, `[f(a=1), 2]`, `[f(a=1) g()]`, `[f(a=1)`, `[f(a=(]`, `[]x`, `[f(a=1)] x`, `f(a=1)`} {
		if got, err := p.ParseList(src); err == nil {
			t.Errorf("ParseList(%q) = %+v, want an error", src, got)
		}
	}
	if got, err := p.ParseList(`[]`); err != nil || len(got) != 0 {
		t.Errorf("ParseList([]) = %v, %v; want no elements", got, err)
	}
}

func TestParseRun(t *testing.T) {
	var p Parser
	tests := []struct {
		src   string
		names []string
	}{
		{"f(x=1)\ng(y=true, z=null)", []string{"f", "g"}},
		{"f(x=1), g()", []string{"f", "g"}},
		{"f(x=1); g()", []string{"f", "g"}},
		{"  f()  ", []string{"f"}},
	}
	for _, tt := range tests {
		got, err := p.ParseRun(tt.src)
		if err != nil {
			t.Errorf("ParseRun(%q): %v", tt.src, err)
			continue
		}
		var names []string
		for _, e := range got {
			names = append(names, e.Call.Name)
		}
		if strings.Join(names, ",") != strings.Join(tt.names, ",") {
			t.Errorf("ParseRun(%q) names %v, want %v", tt.src, names, tt.names)
		}
	}
	if _, err := p.ParseRun("f() g()"); err == nil {
		t.Error("ParseRun accepted two calls on one line without a separator")
	}
}

func TestArgumentsAreValidJSONObjects(t *testing.T) {
	var p Parser
	c, err := p.ParseCall(`search(q="a", filters={'lang': 'en', 'tags': ('x', 'y')}, exact=False, cursor=None)`)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"q":"a","filters":{"lang":"en","tags":["x","y"]},"exact":false,"cursor":null}`
	if c.Arguments != want {
		t.Errorf("got %s, want %s", c.Arguments, want)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(c.Arguments), &m); err != nil {
		t.Error(err)
	}
	_ = toolcall.Call{}
}

func TestParseCallReread(t *testing.T) {
	var p Parser
	tests := []struct {
		name, src, args string
	}{
		{"nested quotes of the same kind in a shell command", `bash(command='cd /testbed && python3 -c "print(latex(x, mul_symbol='\,'))"')`, `{"command":"cd /testbed && python3 -c \"print(latex(x, mul_symbol='\\,'))\""}`},
		{"wrapped in a list", `[bash(command='python3 -c "print(f('\,'))"')]`, `{"command":"python3 -c \"print(f('\\,'))\""}`},
		{"earlier arguments parse as usual", `run(cwd="/tmp", cmd="echo "hi" )")`, `{"cwd":"/tmp","cmd":"echo \"hi\" )"}`},
		{"a trailing comma after the string", `f(a='x')y', )`, `{"a":"x')y"}`},
		{"a comma inside the last string", `f(cmd="a", b")`, `{"cmd":"a\", b"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := p.ParseCallReread(tt.src)
			if err != nil {
				t.Fatalf("ParseCallReread(%q): %v", tt.src, err)
			}
			if c.Arguments != tt.args {
				t.Errorf("ParseCallReread(%q) = %s, want %s", tt.src, c.Arguments, tt.args)
			}
		})
	}
	for _, src := range []string{`f(a=1+)`, `f(a='x', b=2 3)`, `not a call`, `f('x')`} {
		if c, err := p.ParseCallReread(src); err == nil {
			t.Errorf("ParseCallReread(%q) = %+v, want an error", src, c)
		}
	}
}

func TestJSONEscapes(t *testing.T) {
	p := Parser{JSONEscapes: true}
	if got, _ := p.ParseValue(`"a\/b\u00e9\n"`); got != `"a/bé\n"` {
		t.Errorf("with JSON escapes: %s", got)
	}
	var py Parser
	if got, _ := py.ParseValue(`"a\/b"`); got != `"a\\/b"` {
		t.Errorf("Python keeps the backslash of \\/: %s", got)
	}
}
