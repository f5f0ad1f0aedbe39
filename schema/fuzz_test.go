package schema_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/toolcall"
)

// FuzzCoerce: any schema and any arguments give an outcome, never a panic,
// and arguments that were a JSON object stay one.
func FuzzCoerce(f *testing.F) {
	f.Add(`{"type":"object","properties":{"n":{"type":"integer"}}}`, `{"n":"10"}`)
	f.Add(`{"properties":{"v":{"anyOf":[{"type":"array","items":{"$ref":"#"}},{"type":"null"}]}}}`, `{"v":"[[1], None]"}`)
	f.Add(`{"$ref":"#"}`, `{"a":1}`)
	f.Add(`{"properties":{"e":{"enum":[1,"A",true,null]}}}`, `{"e":"a"}`)
	f.Add(`{"properties":{"o":{"type":"object","additionalProperties":{"type":"boolean"}}}}`, `{"o":"{'x': 'TRUE'}"}`)
	f.Add(`not json`, `{"a":"\u00e9\ud83d"}`)
	f.Add(`{"anyOf":[{"$ref":"#"}]}`, `{"a":1}`)
	f.Add(`{"oneOf":[{"$ref":"#"}]}`, `{"a":1}`)
	f.Add(`{"allOf":[{"$ref":"#"},{"$ref":"#"}]}`, `{"a":1}`)
	f.Add(doubling(30), `{"a":1}`)
	f.Add(deepProperties(500), `{"a":{"a":{"a":"1"}}}`)
	f.Fuzz(func(t *testing.T, params, args string) {
		out, _ := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(params)}).Coerce(args)
		var m map[string]any
		if json.Unmarshal([]byte(args), &m) == nil && json.Unmarshal([]byte(out), &m) != nil {
			t.Fatalf("arguments %s became %s, not a JSON object", args, out)
		}
	})
}

func TestInvalidArgumentsAreReported(t *testing.T) {
	tl := toolcall.Tool{Name: "f", Parameters: []byte(`{"type":"object"}`)}
	for _, args := range []string{`{"a":}`, `[1]x`, `{"a":01}`, `{"a":"\u0001` + "\x01" + `"}`} {
		out, diags := schema.For(tl).Coerce(args)
		if out != args || len(diags) != 1 {
			t.Errorf("Coerce(%q) = %s, %+v", args, out, diags)
		}
	}
}
