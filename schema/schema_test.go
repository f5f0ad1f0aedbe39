package schema_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func tool(params string) toolcall.Tool {
	return toolcall.Tool{Name: "t", Parameters: []byte(params)}
}

func TestCoercionRules(t *testing.T) {
	tests := []struct {
		name, schema, args, want string
	}{
		{"a numeric string to an integer", `{"type":"object","properties":{"n":{"type":"integer"}}}`, `{"n":"10"}`, `{"n":10}`},
		{"a numeric string with leading zeros to an integer", `{"properties":{"n":{"type":"integer"}}}`, `{"n":"07"}`, `{"n":7}`},
		{"a numeric string to a number", `{"properties":{"x":{"type":"number"}}}`, `{"x":" 2.5 "}`, `{"x":2.5}`},
		{"a string that is no number stays", `{"properties":{"x":{"type":"number"}}}`, `{"x":"inf"}`, `{"x":"inf"}`},
		{"true in any case to a boolean", `{"properties":{"b":{"type":"boolean"},"c":{"type":"boolean"}}}`, `{"b":"TRUE","c":"false"}`, `{"b":true,"c":false}`},
		{"1 and 0 to booleans", `{"properties":{"b":{"type":"boolean"},"c":{"type":"boolean"}}}`, `{"b":1,"c":0}`, `{"b":true,"c":false}`},
		{"a number to a string", `{"properties":{"s":{"type":"string"}}}`, `{"s":94107}`, `{"s":"94107"}`},
		{"a boolean to a string", `{"properties":{"s":{"type":"string"}}}`, `{"s":true}`, `{"s":"true"}`},
		{"a list literal to an array", `{"properties":{"tags":{"type":"array","items":{"type":"string"}}}}`, `{"tags":"['a', 'b']"}`, `{"tags":["a","b"]}`},
		{"a tuple literal to an array", `{"properties":{"p":{"type":"array"}}}`, `{"p":"(1, 2)"}`, `{"p":[1,2]}`},
		{"a dict literal to an object", `{"properties":{"o":{"type":"object"}}}`, `{"o":"{'k': True}"}`, `{"o":{"k":true}}`},
		{"a JSON object string to an object", `{"properties":{"o":{"type":"object"}}}`, `{"o":"{\"k\": null}"}`, `{"o":{"k":null}}`},
		{"a lone value to a one-item array", `{"properties":{"ids":{"type":"array","items":{"type":"integer"}}}}`, `{"ids":"5"}`, `{"ids":[5]}`},
		{"None to null where null is allowed", `{"properties":{"c":{"type":["integer","null"]}}}`, `{"c":"None"}`, `{"c":null}`},
		{"None left alone where a string fits", `{"properties":{"c":{"type":["string","null"]}}}`, `{"c":"None"}`, `{"c":"None"}`},
		{"null to null with nullable", `{"properties":{"c":{"type":"integer","nullable":true}}}`, `{"c":"null"}`, `{"c":null}`},
		{"None stays a string where null is not allowed", `{"properties":{"c":{"type":"string"}}}`, `{"c":"None"}`, `{"c":"None"}`},
		{"an enum value in another case", `{"properties":{"unit":{"type":"string","enum":["celsius","fahrenheit"]}}}`, `{"unit":"Celsius"}`, `{"unit":"celsius"}`},
		{"an enum without a type", `{"properties":{"unit":{"enum":["celsius","fahrenheit"]}}}`, `{"unit":"FAHRENHEIT"}`, `{"unit":"fahrenheit"}`},
		{"a numeric enum from a string", `{"properties":{"n":{"enum":[1,2,3]}}}`, `{"n":"2"}`, `{"n":2}`},
		{"a value that fits is left alone", `{"properties":{"s":{"type":"string"}}}`, `{"s":"10"}`, `{"s":"10"}`},
		{"arguments the schema does not mention are kept", `{"properties":{"n":{"type":"integer"}}}`, `{"z":"1","n":"2","a":[1]}`, `{"z":"1","n":2,"a":[1]}`},
		{"items of an array", `{"properties":{"xs":{"type":"array","items":{"type":"number"}}}}`, `{"xs":["1","2.5",3]}`, `{"xs":[1,2.5,3]}`},
		{"prefix items", `{"properties":{"p":{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}]}}}`, `{"p":["1",2]}`, `{"p":[1,"2"]}`},
		{"nested properties", `{"properties":{"o":{"type":"object","properties":{"n":{"type":"integer"}}}}}`, `{"o":{"n":"3","m":"x"}}`, `{"o":{"n":3,"m":"x"}}`},
		{"a local $ref to $defs", `{"$defs":{"N":{"type":"integer"}},"properties":{"n":{"$ref":"#/$defs/N"}}}`, `{"n":"4"}`, `{"n":4}`},
		{"a local $ref to definitions", `{"definitions":{"B":{"type":"boolean"}},"properties":{"b":{"$ref":"#/definitions/B"}}}`, `{"b":"True"}`, `{"b":true}`},
		{"anyOf: a value that fits an alternative is left alone", `{"properties":{"v":{"anyOf":[{"type":"integer"},{"type":"string"}]}}}`, `{"v":"12"}`, `{"v":"12"}`},
		{"anyOf: the first alternative it can become wins", `{"properties":{"v":{"anyOf":[{"type":"integer"},{"type":"boolean"}]}}}`, `{"v":"12"}`, `{"v":12}`},
		{"oneOf tried in order", `{"properties":{"v":{"oneOf":[{"type":"boolean"},{"type":"integer"}]}}}`, `{"v":"false"}`, `{"v":false}`},
		{"a type list tried in order", `{"properties":{"v":{"type":["integer","boolean"]}}}`, `{"v":"true"}`, `{"v":true}`},
		{"additionalProperties schema", `{"type":"object","additionalProperties":{"type":"integer"}}`, `{"a":"1","b":"2"}`, `{"a":1,"b":2}`},
		// A text that is a broken list stays as written (a schema diagnostic).
		{"a string that is not a literal is no array", `{"properties":{"tags":{"type":"array","items":{"type":"string"}}}}`, `{"tags":"[not python"}`, `{"tags":"[not python"}`},
		{"a lone value is a one-item array", `{"properties":{"tags":{"type":"array","items":{"type":"string"}}}}`, `{"tags":"x"}`, `{"tags":["x"]}`},
		// A text that parses as a type the list allows is that value, before
		// a lone value is wrapped.
		{"an object's text with array or object", `{"properties":{"v":{"type":["array","object"]}}}`, `{"v":"{\"key\": \"value\"}"}`, `{"v":{"key":"value"}}`},
		// The elements of a list the model wrote are never wrapped.
		{"a flat list where a list of lists is wanted", `{"properties":{"c":{"type":"array","items":{"type":"array","items":{"type":"string"}}}}}`, `{"c":["a > 1","b < 2"]}`, `{"c":["a > 1","b < 2"]}`},
		{"numbers in a flat list stay numbers", `{"properties":{"c":{"type":"array","items":{"type":"array","items":{"type":"string"}}}}}`, `{"c":[1,2]}`, `{"c":[1,2]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := schema.For(tool(tt.schema)).Coerce(tt.args)
			if got != tt.want {
				t.Errorf("Coerce(%s) = %s, want %s", tt.args, got, tt.want)
			}
		})
	}
}

func TestValidationDiagnostics(t *testing.T) {
	tl := toolcall.Tool{Name: "book", Parameters: []byte(`{"type":"object","properties":{"n":{"type":"integer","minimum":1}},"required":["n","city"]}`)}
	got, diags := schema.For(tl).Coerce(`{"n":"0"}`)
	if got != `{"n":0}` {
		t.Errorf("arguments = %s", got)
	}
	var msgs []string
	for _, d := range diags {
		if d.Kind != toolcall.KindSchema || d.Call != "book" || d.Offset != -1 {
			t.Errorf("diagnostic %+v", d)
		}
		msgs = append(msgs, d.Message)
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, "/n:") || !strings.Contains(all, "city") {
		t.Errorf("diagnostics do not name /n and the missing city:\n%s", all)
	}
	if _, diags := schema.For(tl).Coerce(`{"n":3,"city":"Oslo"}`); len(diags) != 0 {
		t.Errorf("valid arguments: %+v", diags)
	}
}

// TestNestedViolationsAreReported: a violation inside a nested object or
// array is a diagnostic naming its full pointer (the validator writes
// nested locations relative to their parent).
func TestNestedViolationsAreReported(t *testing.T) {
	for _, tt := range []struct{ schema, args, want string }{
		{`{"type":"object","properties":{"n":{"type":"object","properties":{"a":{"type":"integer","minimum":0}}}}}`, `{"n":{"a":-1}}`, "/n/a: "},
		{`{"type":"object","properties":{"n":{"type":"array","items":{"type":"integer"}}}}`, `{"n":[{"x":1}]}`, "/n"},
		{`{"type":"object","properties":{"n":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string","maxLength":2}}}}}}`, `{"n":[{"k":"ok"},{"k":"long"}]}`, "/n/1/k: "},
	} {
		diags := schema.For(tool(tt.schema)).Validate(tt.args)
		var msgs []string
		for _, d := range diags {
			msgs = append(msgs, d.Message)
		}
		if !strings.Contains(strings.Join(msgs, "\n"), tt.want) {
			t.Errorf("%s against %s: diagnostics %q, want one at %s", tt.args, tt.schema, msgs, tt.want)
		}
	}
}

func TestBrokenSchemaPassesArgumentsThrough(t *testing.T) {
	for _, s := range []string{`{"type":`, `"string"`, `[1]`} {
		got, diags := schema.For(tool(s)).Coerce(`{"n":"10"}`)
		if got != `{"n":"10"}` || len(diags) != 1 || diags[0].Kind != toolcall.KindSchema {
			t.Errorf("schema %s: %s %+v", s, got, diags)
		}
	}
}

func TestRemoteRefIsNeverFetched(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte(`{"type":"integer"}`))
	}))
	defer srv.Close()
	s := `{"type":"object","properties":{"n":{"$ref":"` + srv.URL + `/n.json"},"m":{"type":"integer"}}}`
	got, diags := schema.For(tool(s)).Coerce(`{"n":"1","m":"2"}`)
	if hits.Load() != 0 {
		t.Fatalf("the schema's $ref was fetched %d times", hits.Load())
	}
	if got != `{"n":"1","m":2}` {
		t.Errorf("arguments = %s", got)
	}
	if len(diags) != 1 || !strings.Contains(diags[0].Message, srv.URL) {
		t.Errorf("diagnostics = %+v, want one naming the $ref", diags)
	}
	// The same schema with $schema and $id URLs compiles without a request.
	s2 := `{"$schema":"` + srv.URL + `/meta","$id":"` + srv.URL + `/tool","type":"object","properties":{"m":{"type":"integer"}}}`
	schema.For(tool(s2)).Coerce(`{"m":"2"}`)
	if hits.Load() != 0 {
		t.Fatalf("a $schema or $id URL was fetched")
	}
}

func TestSchemasCompileOnce(t *testing.T) {
	tl := tool(`{"type":"object","properties":{"once":{"type":"integer"}}}`)
	schema.For(tl).Coerce(`{"once":"1"}`)
	before := schema.Compiles()
	for range 10 {
		schema.For(toolcall.Tool{Name: "other name", Parameters: []byte(`{"type":"object","properties":{"once":{"type":"integer"}}}`)}).Coerce(`{"once":"1"}`)
	}
	if n := schema.Compiles() - before; n != 0 {
		t.Errorf("%d compiles for a schema seen before", n)
	}
}

func TestToolFor(t *testing.T) {
	type args struct {
		City  string `json:"city" jsonschema:"description=The city"`
		Days  int    `json:"days,omitempty"`
		Units string `json:"units,omitempty" jsonschema:"enum=celsius,enum=fahrenheit"`
	}
	tl, err := schema.ToolFor[args]("get_weather", "Weather by city")
	if err != nil {
		t.Fatal(err)
	}
	p := string(tl.Parameters)
	for _, want := range []string{`"type":"object"`, `"city"`, `"required":["city"]`, `"enum":["celsius","fahrenheit"]`} {
		if !strings.Contains(p, want) {
			t.Errorf("parameters %s lack %s", p, want)
		}
	}
	for _, bad := range []string{`"$schema"`, `"$ref"`, `"$defs"`} {
		if strings.Contains(p, bad) {
			t.Errorf("parameters %s hold %s", p, bad)
		}
	}
	if tl.Name != "get_weather" || tl.Description != "Weather by city" {
		t.Errorf("tool = %+v", tl)
	}
	got, _ := schema.For(tl).Coerce(`{"city":"Oslo","days":"3","units":"Celsius"}`)
	if got != `{"city":"Oslo","days":3,"units":"celsius"}` {
		t.Errorf("coerced with the struct's schema: %s", got)
	}
}

// TestStreamCoercesEveryFormat: the llama4 case the issue names, through the
// stream.
func TestStreamCoercesCalls(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "trending_songs", Parameters: []byte(`{"type":"object","properties":{"n":{"type":"integer"}}}`)}}}
	streamtest.Expect(t, llama4.Format, req, `<function=trending_songs>{"n": "10"}</function>`, "", []toolcall.Call{{Name: "trending_songs", Arguments: `{"n":10}`}})
}
