package schema_test

import (
	"testing"

	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/toolcall"
)

var fiveFields = toolcall.Tool{Name: "book_hotel", Parameters: []byte(`{"type":"object","properties":{
	"city":{"type":"string"},
	"nights":{"type":"integer","minimum":1},
	"rooms":{"type":"integer"},
	"smoking":{"type":"boolean"},
	"tier":{"type":"string","enum":["budget","standard","luxury"]}},
	"required":["city","nights"]}`)}

// BenchmarkCoerceFiveFields is a typical call whose model got three of five
// types wrong; after the first call no schema is compiled again.
func BenchmarkCoerceFiveFields(b *testing.B) {
	args := `{"city":"Oslo","nights":"3","rooms":2,"smoking":"False","tier":"Luxury"}`
	schema.For(fiveFields).Coerce(args)
	before := schema.Compiles()
	b.ReportAllocs()
	for b.Loop() {
		out, diags := schema.For(fiveFields).Coerce(args)
		if len(diags) != 0 || out != `{"city":"Oslo","nights":3,"rooms":2,"smoking":false,"tier":"luxury"}` {
			b.Fatalf("%s %+v", out, diags)
		}
	}
	if n := schema.Compiles() - before; n != 0 {
		b.Fatalf("%d compiles after the first call", n)
	}
}
