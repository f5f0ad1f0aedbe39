package grammar_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

var ruleName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9-]*$`)

// subsetTools is a spread of names, keys and schemas: '_', '-', '.' and
// digits everywhere, refs, enums, nesting.
var subsetTools = []toolcall.Tool{
	{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city_name":{"type":"string"},"max-days":{"type":"integer"},"unit.kind":{"enum":["c","f","a<b"]},"x2":{"type":["number","null"]}},"required":["city_name"]}`)},
	{Name: "fs.read-file_2", Parameters: json.RawMessage(`{"$defs":{"node_1":{"type":"object","properties":{"kids_":{"type":"array","items":{"$ref":"#/$defs/node_1"}}}}},"properties":{"tree":{"$ref":"#/$defs/node_1"},"opts":{"anyOf":[{"type":"boolean"},{"type":"object","properties":{"a_b":{"const":"x"}}}]},"pair":{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}]}}}`)},
	{Name: "noargs"},
}

// TestEveryGrammarIsInTheSharedSubset: every registered format's grammar,
// for every tool_choice, uses rule names llama.cpp reads (letters, digits
// and '-'), defines every rule it refers to, and compiles.
func TestEveryGrammarIsInTheSharedSubset(t *testing.T) {
	no := false
	for _, d := range toolcall.Descriptors() {
		name, f := d.Format.Name(), d.Format
		c, ok := f.(toolcall.Constrainer)
		if !ok {
			t.Errorf("format %s has no grammar", name)
			continue
		}
		for _, req := range []toolcall.Request{
			{Tools: subsetTools},
			{Tools: subsetTools, ToolChoice: "required"},
			{Tools: subsetTools, ToolChoice: "fs.read-file_2", ParallelToolCalls: &no},
		} {
			ebnf, err := c.Grammar(req)
			if err != nil {
				t.Errorf("%s, tool_choice %q: %v", name, req.ToolChoice, err)
				continue
			}
			defined := map[string]bool{}
			var bodies []string
			for _, line := range strings.Split(strings.TrimSuffix(ebnf, "\n"), "\n") {
				rule, body, ok := strings.Cut(line, " ::= ")
				if !ok || !ruleName.MatchString(rule) {
					t.Errorf("%s: rule line %q: the name is not letters, digits and '-'", name, line)
					continue
				}
				defined[rule] = true
				bodies = append(bodies, body)
			}
			for _, body := range bodies {
				for _, ref := range references(body) {
					if !defined[ref] {
						t.Errorf("%s: a rule refers to %q, which is not defined", name, ref)
					}
				}
			}
			if _, err := grammartest.Compile(ebnf); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

// references returns the rule names a rule body refers to: the words
// outside literals and character classes.
func references(body string) []string {
	var refs []string
	for i := 0; i < len(body); {
		switch c := body[i]; {
		case c == '"' || c == '[':
			end := byte('"')
			if c == '[' {
				end = ']'
			}
			for i++; i < len(body) && body[i] != end; i++ {
				if body[i] == '\\' {
					i++
				}
			}
			i++
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(body) && (body[j] == '-' || body[j] >= 'a' && body[j] <= 'z' || body[j] >= 'A' && body[j] <= 'Z' || body[j] >= '0' && body[j] <= '9') {
				j++
			}
			refs = append(refs, body[i:j])
			i = j
		default:
			i++
		}
	}
	return refs
}

// TestHostileSchemasGiveAnError: a schema whose walk could not be bounded
// makes Grammar fail with an error, never hang.
func TestHostileSchemasGiveAnError(t *testing.T) {
	for _, s := range []string{
		`{"anyOf":[{"$ref":"#"}]}`,
		`{"allOf":[{"$ref":"#"},{"$ref":"#"}]}`,
		`{"properties":{"a":{"oneOf":[{"$ref":"#/properties/a"}]}}}`,
		strings.Repeat(`{"properties":{"a":`, 100) + `{}` + strings.Repeat(`}}`, 100),
	} {
		for _, d := range toolcall.Descriptors() {
			name, f := d.Format.Name(), d.Format
			if _, err := f.(toolcall.Constrainer).Grammar(toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(s)}}}); err == nil {
				t.Errorf("%s: Grammar with schema %.60s gave no error", name, s)
			}
		}
	}
}
