package schema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// doubling is allOf of allOf of ... n levels deep, two branches each:
// checked naively, one value meets 2^n subschemas.
func doubling(n int) string {
	var defs []string
	for i := range n {
		defs = append(defs, fmt.Sprintf(`"a%d":{"allOf":[{"$ref":"#/$defs/a%d"},{"$ref":"#/$defs/a%d"}]}`, i, i+1, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"a%d":{"type":"object"}`, n))
	return `{"$ref":"#/$defs/a0","$defs":{` + strings.Join(defs, ",") + `}}`
}

// deepProperties nests properties n levels deep.
func deepProperties(n int) string {
	return strings.Repeat(`{"type":"object","properties":{"a":`, n) + `{"type":"string"}` + strings.Repeat(`}}`, n)
}

func TestHostileSchemasEndWithADiagnostic(t *testing.T) {
	tests := []struct{ name, schema, want string }{
		{"anyOf of a $ref to itself", `{"anyOf":[{"$ref":"#"}]}`, "cycle"},
		{"oneOf of a $ref to itself", `{"oneOf":[{"$ref":"#"}]}`, "cycle"},
		{"allOf of two $refs to itself", `{"allOf":[{"$ref":"#"},{"$ref":"#"}]}`, "cycle"},
		{"a $ref to itself", `{"$ref":"#"}`, "cycle"},
		{"two definitions naming each other", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"anyOf":[{"$ref":"#/$defs/a"}]}},"properties":{"x":{"$ref":"#/$defs/a"}}}`, "cycle"},
		{"a property whose anyOf names it", `{"properties":{"a":{"anyOf":[{"type":"integer"},{"$ref":"#/properties/a"}]}}}`, "cycle"},
		{"allOf doubling 40 times", doubling(40), "subschemas"},
		{"properties nested 2,000 deep", deepProperties(2000), "deeper"},
		{"a schema over the size limit", `{"description":"` + strings.Repeat("x", schema.MaxSchemaBytes) + `"}`, "larger"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := `{"a":"1","x":[1,2]}`
			got, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)}).Coerce(args)
			if got != args {
				t.Errorf("arguments = %s, want them untouched", got)
			}
			if len(diags) != 1 || diags[0].Kind != toolcall.KindSchema || !strings.Contains(diags[0].Message, tt.want) {
				t.Errorf("diagnostics = %+v, want one schema diagnostic saying %q", diags, tt.want)
			}
			if d := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)}).Validate(args); len(d) != 1 {
				t.Errorf("Validate gave %+v, want the same refusal", d)
			}
		})
	}
}

func TestSchemasWithinTheLimitsStillWork(t *testing.T) {
	tests := []struct{ name, schema, args, want string }{
		{"a recursive tree through items", `{"$defs":{"node":{"type":"object","properties":{"n":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}}}},"$ref":"#/$defs/node"}`,
			`{"n":"1","kids":[{"n":"2","kids":[{"n":"3"}]}]}`, `{"n":1,"kids":[{"n":2,"kids":[{"n":3}]}]}`},
		{"allOf doubling 6 times", strings.Replace(doubling(6), `{"type":"object"}`, `{"type":"object","properties":{"a":{"type":"integer"}}}`, 1), `{"a":"1"}`, `{"a":1}`},
		{"properties nested 30 deep", strings.Replace(deepProperties(30), `{"type":"string"}`, `{"type":"integer"}`, 1),
			strings.Repeat(`{"a":`, 30) + `"5"` + strings.Repeat(`}`, 30), strings.Repeat(`{"a":`, 30) + `5` + strings.Repeat(`}`, 30)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)}).Coerce(tt.args)
			if got != tt.want || len(diags) != 0 {
				t.Errorf("Coerce = %s, %+v; want %s and no diagnostics", got, diags, tt.want)
			}
		})
	}
}

func TestCoercionStopsOnValuesDeeperThanItFollows(t *testing.T) {
	s := `{"$defs":{"l":{"type":"array","items":{"$ref":"#/$defs/l"}}},"properties":{"x":{"$ref":"#/$defs/l"}}}`
	args := `{"x":` + strings.Repeat("[", schema.MaxCoerceDepth+10) + strings.Repeat("]", schema.MaxCoerceDepth+10) + `}`
	got, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(s)}).Coerce(args)
	if got != args || len(diags) == 0 || !strings.Contains(diags[0].Message, "deeper") {
		t.Errorf("Coerce = %.40s..., %+v; want the arguments untouched and a depth diagnostic", got, diags)
	}
}

func TestTheCacheIsBoundedByBytes(t *testing.T) {
	for i := range 40 {
		big := fmt.Sprintf(`{"description":"%d%s","properties":{"n":{"type":"integer"}}}`, i, strings.Repeat("x", 250<<10))
		if got, _ := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(big)}).Coerce(`{"n":"1"}`); got != `{"n":1}` {
			t.Fatalf("a large schema within the limit does not coerce: %s", got)
		}
		if n := schema.CachedBytes(); n > schema.MaxCachedBytes {
			t.Fatalf("the cache holds %d bytes of schemas, over %d", n, schema.MaxCachedBytes)
		}
	}
}

// Coercion is a pure function of (schema, arguments): map order in the
// schema never decides which alternative wins.
func TestCoercionIsDeterministic(t *testing.T) {
	s := `{"properties":{"p":{"anyOf":[{"enum":[{"a":1,"b":2,"c":3,"d":4}]},{"type":"array"}]}}}`
	for range 200 {
		if got, _ := schema.For(tool(s)).Coerce(`{"p":{"d":4,"c":3,"b":2,"a":1}}`); got != `{"p":{"d":4,"c":3,"b":2,"a":1}}` {
			t.Fatalf("the object that equals the enum's was coerced to %s", got)
		}
		if got, _ := schema.For(tool(s)).Coerce(`{"p":{"a":1,"b":2,"c":3,"d":4}}`); got != `{"p":{"a":1,"b":2,"c":3,"d":4}}` {
			t.Fatalf("the enum's own object was coerced to %s", got)
		}
	}
}

func TestFitsHonoursConst(t *testing.T) {
	// "7" fits the first alternative's type but not its const; the
	// second alternative can take it as an integer.
	s := `{"properties":{"v":{"anyOf":[{"type":"string","const":"x"},{"type":"integer"}]}}}`
	if got, _ := schema.For(tool(s)).Coerce(`{"v":"7"}`); got != `{"v":7}` {
		t.Errorf("Coerce = %s, want {\"v\":7}", got)
	}
}

// schemaGen builds schemas from the keywords coercion follows, with $refs
// to the root, to $defs and to each other, so cycles and blow-ups come up.
func schemaGen() *rapid.Generator[string] {
	var gen func(depth int) *rapid.Generator[string]
	gen = func(depth int) *rapid.Generator[string] {
		return rapid.Custom(func(t *rapid.T) string {
			kinds := []string{"type", "ref", "enum"}
			if depth < 4 {
				kinds = append(kinds, "allOf", "anyOf", "oneOf", "items", "properties")
			}
			switch rapid.SampledFrom(kinds).Draw(t, "kind") {
			case "type":
				return `{"type":"` + rapid.SampledFrom([]string{"string", "integer", "number", "boolean", "null", "array", "object"}).Draw(t, "type") + `"}`
			case "ref":
				return `{"$ref":"` + rapid.SampledFrom([]string{"#", "#/$defs/a", "#/$defs/b", "#/properties/x", "#/nowhere"}).Draw(t, "ref") + `"}`
			case "enum":
				return `{"enum":[1,"A",true,null,{"k":[1]}]}`
			case "items":
				return `{"type":"array","items":` + gen(depth+1).Draw(t, "items") + `}`
			case "properties":
				return `{"properties":{"x":` + gen(depth+1).Draw(t, "x") + `,"y":` + gen(depth+1).Draw(t, "y") + `}}`
			}
			key := rapid.SampledFrom([]string{"allOf", "anyOf", "oneOf"}).Draw(t, "key")
			alts := rapid.SliceOfN(gen(depth+1), 1, 3).Draw(t, "alts")
			return `{"` + key + `":[` + strings.Join(alts, ",") + `]}`
		})
	}
	return rapid.Custom(func(t *rapid.T) string {
		root := gen(0).Draw(t, "root")
		return root[:len(root)-1] + `,"$defs":{"a":` + gen(1).Draw(t, "a") + `,"b":` + gen(1).Draw(t, "b") + `}}`
	})
}

var argsGen = rapid.SampledFrom([]string{
	`{"x":"1","y":"[1, 2]"}`, `{"x":{"x":"true","y":null}}`, `{"x":[[["a"]]],"y":"None"}`, `{}`, `{"x":"A","y":1}`,
})

func checkCoercion(t *rapid.T) {
	s, args := schemaGen().Draw(t, "schema"), argsGen.Draw(t, "args")
	tl := toolcall.Tool{Name: "f", Parameters: []byte(s)}
	out, diags := schema.For(tl).Coerce(args)
	if again, _ := schema.For(tl).Coerce(args); again != out {
		t.Fatalf("coercion is not a pure function: %s then %s", out, again)
	}
	for _, d := range diags {
		if d.Kind != toolcall.KindSchema {
			t.Fatalf("diagnostic of kind %q", d.Kind)
		}
		if strings.Contains(d.Message, "refused") && out != args {
			t.Fatalf("a refused schema changed the arguments to %s", out)
		}
	}
}

// TestGeneratedSchemas: every generated schema gives an outcome (no hang,
// no panic), the same one twice, with the arguments untouched when refused.
func TestGeneratedSchemas(t *testing.T) { rapid.Check(t, checkCoercion) }

// FuzzCoerceGenerated runs the same property from fuzzer bytes.
func FuzzCoerceGenerated(f *testing.F) { f.Fuzz(rapid.MakeFuzz(checkCoercion)) }
