package jsoncall

import (
	"testing"

	"github.com/toolparse/toolparse/pythonic"
)

func TestParse(t *testing.T) {
	var p pythonic.Parser
	tests := []struct {
		name, text string
		want       []string // name then arguments, per call
	}{
		{"name and parameters", `{"name": "get_weather", "parameters": {"city": "Paris"}}`, []string{"get_weather", `{"city":"Paris"}`}},
		{"name and arguments", `{"name": "f", "arguments": {"b": 1, "a": 2}}`, []string{"f", `{"b":1,"a":2}`}},
		{"arguments as a string", `{"name": "f", "arguments": "{\"a\": 1}"}`, []string{"f", `{"a":1}`}},
		{"type function with a name", `{"type": "function", "name": "Bash", "parameters": {"command": "ls"}}`, []string{"Bash", `{"command":"ls"}`}},
		{"type function with a function object", `{"type": "function", "function": {"name": "f", "arguments": "{}"}}`, []string{"f", `{}`}},
		{"no arguments", `{"name": "ping"}`, []string{"ping", `{}`}},
		{"an array of calls", `[{"name": "f", "arguments": {}}, {"name": "g", "parameters": {"x": true}}]`, []string{"f", `{}`, "g", `{"x":true}`}},
		{"sloppy JSON with single quotes and Python literals", `{'name': 'f', 'parameters': {'ok': True, 'n': None}}`, []string{"f", `{"ok":true,"n":null}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls, err := Parse(tt.text, &p)
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
	for _, text := range []string{`{"a": 1}`, `{"name": 5}`, `{"type": "other", "name": "f"}`, `[]`, `[1]`, `{"name": "f", "parameters": [1]}`, `not json`, `"s"`, `{"name": "f", "parameters": "Paris"}`, `{"name": "f", "arguments": "\"{}\""}`} {
		if calls, err := Parse(text, &p); err == nil {
			t.Errorf("Parse(%s) = %+v, want an error", text, calls)
		}
	}
}
