package jsoncall

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/pylit"
)

// TestDescribes: tool listings and definitions describe tools; calls,
// Llama 3.2's wrapped call among them, do not.
func TestDescribes(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{`{"name": "write_file", "parameters": {"path": "string", "content": "string"}}`, true},
		{`{"name": "write_file", "parameters": {"path": "str", "n": "Integer"}}`, true},
		{`{"name": "read_file", "parameters": {"path": {"type": "string", "description": "x"}}}`, true},
		{`{"name": "read_file", "parameters": {"path": {"type": ["string", "null"]}}}`, true},
		{`{"name": "f", "parameters": {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}}`, true},
		{`{"name": "f", "parameters": {"type": "object", "required": []}}`, true},
		{`{"name": "f", "description": "Does f.", "parameters": {"a": 1}}`, true},
		{`{"name": "reset_database", "description": "Drops every table."}`, true},
		{`{"type": "function", "function": {"name": "f", "description": "Does f."}}`, true},
		{`{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}`, true},
		{`{"type": "function", "name": "f", "parameters": {"q": "string"}}`, true},
		{`[{"name": "f", "arguments": {"a": 1}}, {"name": "g", "parameters": {"q": "string"}}]`, true},
		{`{"name": "get_weather", "parameters": {"city": "Paris"}}`, false},
		{`{"name": "get_weather", "arguments": {"city": "string", "days": 3}}`, false},
		{`{"name": "f", "parameters": {}}`, false},
		{`{"name": "f", "parameters": {"type": "object"}}`, true},
		{`{"name": "f", "parameters": {"kind": {"type": "sedan"}}}`, false},
		{`{"type": "function", "function": {"name": "get_weather", "parameters": {"city": "Paris"}}}`, false},
		{`{"type": "function", "function": {"name": "f", "arguments": "{\"a\": 1}"}}`, false},
		{`{"name": "create_issue", "title": "Bug", "description": "It breaks."}`, false},
		{`{"description": "no name", "parameters": {"a": "string"}}`, false},
		{`[{"name": "f", "arguments": {"a": 1}}, ["g", {"b": 2}]]`, false},
		{`[]`, false},
	} {
		var p pylit.Parser
		raw, err := Value(tt.text, &p)
		if err != nil {
			t.Fatalf("%s: %v", tt.text, err)
		}
		if got := Describes(raw); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.text, got, tt.want)
		}
	}
	raw := []byte(`{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{"a":{"type":"string"}}}}}`)
	if n := testing.AllocsPerRun(10, func() { Describes(raw) }); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}

// typeName's quick checks turn away no name strings.EqualFold accepts.
func TestTypeNameInAnyCase(t *testing.T) {
	for _, n := range typeNames {
		for _, v := range []string{n, strings.ToUpper(n), strings.ToUpper(n[:1]) + n[1:], strings.ReplaceAll(n, "s", "ſ")} {
			if !typeName(`"` + v + `"`) {
				t.Errorf("%q is no type's name", v)
			}
		}
	}
	for _, v := range []string{`"Paris"`, `"celsius"`, `"st"`, `"strings"`, `""`, `"x"`} {
		if typeName(v) {
			t.Errorf("%s is a type's name", v)
		}
	}
}
