package jsoncall

import (
	"slices"
	"testing"

	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

func TestParse(t *testing.T) {
	var p pylit.Parser
	known := func(name string) bool { return name == "ping" || name == "search" }
	tests := []struct {
		name, text string
		want       []string // name then arguments, per call
	}{
		{"name and parameters", `{"name": "get_weather", "parameters": {"city": "Paris"}}`, []string{"get_weather", `{"city":"Paris"}`}},
		{"name and arguments", `{"name": "f", "arguments": {"b": 1, "a": 2}}`, []string{"f", `{"b":1,"a":2}`}},
		{"arguments as a string", `{"name": "f", "arguments": "{\"a\": 1}"}`, []string{"f", `{"a":1}`}},
		{"type function with a name", `{"type": "function", "name": "Bash", "parameters": {"command": "ls"}}`, []string{"Bash", `{"command":"ls"}`}},
		{"type function with a function object", `{"type": "function", "function": {"name": "f", "arguments": "{}"}}`, []string{"f", `{}`}},
		{"no arguments, a requested tool", `{"name": "ping"}`, []string{"ping", `{}`}},
		{"arguments before the name", `{"arguments": {"q": "x"}, "name": "f"}`, []string{"f", `{"q":"x"}`}},
		{"parameters before the name", `{"parameters": {"q": 1}, "name": "f"}`, []string{"f", `{"q":1}`}},
		{"the OpenAI shape with the function first", `{"function": {"arguments": "{\"a\": [1]}", "name": "f"}, "type": "function", "id": "call_1"}`, []string{"f", `{"a":[1]}`}},
		{"an object that only names a requested tool", `{"name": "search", "query": "x", "limit": 3}`, []string{"search", `{"query":"x","limit":3}`}},
		{"the name after the arguments of a requested tool", `{"query": "x", "name": "search"}`, []string{"search", `{"query":"x"}`}},
		{"an array of calls", `[{"name": "f", "arguments": {}}, {"name": "g", "parameters": {"x": true}}]`, []string{"f", `{}`, "g", `{"x":true}`}},
		{"sloppy JSON with single quotes and Python literals", `{'name': 'f', 'parameters': {'ok': True, 'n': None}}`, []string{"f", `{"ok":true,"n":null}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls, err := Parse(tt.text, &p, known)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range calls {
				got = append(got, c.Name, c.Arguments)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
	for _, text := range []string{`{"a": 1}`, `{"name": 5}`, `{"type": "other", "name": "f"}`, `[]`, `[1]`, `{"name": "f", "parameters": [1]}`, `not json`, `"s"`, `{"name": "f", "parameters": "Paris"}`, `{"name": "f", "arguments": "\"{}\""}`,
		`{"name": "Alice", "email": "a@x.org"}`, `{"name": "f"}`} {
		if calls, err := Parse(text, &p, known); err == nil {
			t.Errorf("Parse(%s) = %+v, want an error", text, calls)
		}
	}
}

// With no tools requested, an object that only names something is no call.
func TestNameOnlyObjectsNeedARequestedTool(t *testing.T) {
	var p pylit.Parser
	if calls, err := Parse(`{"name": "ping"}`, &p, nil); err == nil {
		t.Errorf("Parse with no tools = %+v, want an error", calls)
	}
}

// Shapes real models write beside the usual ones: the arguments under
// "params", "args" or "input" (Mistral Nemo, Arctic), and a dict keyed by
// the tool's name; each only for a requested tool, and near misses stay no
// calls.
func TestOtherArgumentKeysAndToolKeyedDicts(t *testing.T) {
	known := func(n string) bool { return n == "get_weather" || n == "search" }
	tests := []struct {
		name, text string
		want       []toolcall.Call // nil: not a call
	}{
		{"params", `{"name": "get_weather", "params": {"city": "Paris"}}`, []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{"args", `{"name": "get_weather", "args": {"city": "Paris"}}`, []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{"input, keys in any order", `{"input": {"city": "Paris"}, "name": "get_weather"}`, []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{"args as a string holding an object", `{"name": "get_weather", "args": "{\"city\": \"Paris\"}"}`, []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{"an array of them", `[{"name": "get_weather", "params": {"city": "Paris"}}, {"name": "search", "input": {"q": "x"}}]`,
			[]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "search", Arguments: `{"q":"x"}`}}},
		{"input that is a string is an argument", `{"name": "search", "input": "cats"}`, []toolcall.Call{{Name: "search", Arguments: `{"input":"cats"}`}}},
		{"params beside other arguments are arguments", `{"name": "search", "params": {"a": 1}, "q": "x"}`, []toolcall.Call{{Name: "search", Arguments: `{"params":{"a":1},"q":"x"}`}}},
		{"params of an unknown tool", `{"name": "delete_all", "params": {"x": 1}}`, nil},
		{"a dict keyed by a tool", `{"get_weather": {"city": "Paris"}}`, []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{"a list of dicts keyed by tools", `[{"get_weather": {"city": "Paris"}}, {"search": {}}]`,
			[]toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "search", Arguments: `{}`}}},
		{"a dict keyed by an unknown name", `{"weather": {"city": "Paris"}}`, nil},
		{"a dict keyed by a tool, holding a string", `{"get_weather": "Paris"}`, nil},
		{"two keys", `{"get_weather": {"city": "Paris"}, "search": {}}`, nil},
	}
	var p pylit.Parser
	for _, tt := range tests {
		got, err := Parse(tt.text, &p, known)
		if tt.want == nil {
			if err == nil {
				t.Errorf("%s: Parse = %+v, want no call", tt.name, got)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%s: Parse = %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
}

// ValueArguments reads what Value and then Arguments read, from the text.
func TestValueArguments(t *testing.T) {
	p := &pylit.Parser{}
	for _, tt := range []struct{ text, want, err string }{
		{`{"city": "Paris"}`, `{"city":"Paris"}`, ""},
		{` {'city': 'Paris', 'days': None} `, `{"city":"Paris","days":null}`, ""},
		{`"{\"city\": \"Paris\"}"`, `{"city":"Paris"}`, ""},
		{`null`, `{}`, ""},
		{`[1, 2]`, "", "arguments are not an object"},
		{`{"city": `, "", "x"},
	} {
		got, err := ValueArguments(tt.text, p)
		raw, verr := Value(tt.text, p)
		want, aerr := "", verr
		if verr == nil {
			want, aerr = Arguments(raw, p)
		}
		if got != tt.want || got != want || (err == nil) != (tt.err == "") || (err == nil) != (aerr == nil) {
			t.Errorf("ValueArguments(%q) = %q, %v; want %q (Value and Arguments: %q, %v)", tt.text, got, err, tt.want, want, aerr)
		}
	}
}
