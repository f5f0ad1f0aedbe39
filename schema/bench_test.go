package schema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/stream"
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

// typicalTool is the typical schema: a string, an enum, a bounded
// integer, a boolean and an array of strings, one required.
func typicalTool(name string) toolcall.Tool {
	return toolcall.Tool{Name: name, Parameters: []byte(`{"type":"object","properties":{
	"query":{"type":"string"},
	"mode":{"type":"string","enum":["fast","exact","fuzzy"]},
	"limit":{"type":"integer","minimum":1,"maximum":100},
	"verbose":{"type":"boolean"},
	"tags":{"type":"array","items":{"type":"string"}}},
	"required":["query"]}`)}
}

// BenchmarkCallsWithSchema parses eight small hermes calls: without a
// schema, with the typical schema, with ten tools of it, and with a new
// request (the same tools, sent again) every iteration, as a gateway does.
// What a schema costs a call is the difference from the first.
func BenchmarkCallsWithSchema(b *testing.B) {
	var text strings.Builder
	for i := range 8 {
		fmt.Fprintf(&text, "<tool_call>\n{\"name\": \"search\", \"arguments\": {\"query\": \"q%d\", \"mode\": \"fast\", \"limit\": %d, \"verbose\": false, \"tags\": [\"a\", \"b\"]}}\n</tool_call>\n", i, i+1)
	}
	ten := func() toolcall.Request {
		var req toolcall.Request
		for i := range 9 {
			req.Tools = append(req.Tools, typicalTool(fmt.Sprintf("tool_%d", i)))
		}
		req.Tools = append(req.Tools, typicalTool("search"))
		return req
	}
	noSchema := toolcall.Request{Tools: []toolcall.Tool{{Name: "search"}}}
	one := toolcall.Request{Tools: []toolcall.Tool{typicalTool("search")}}
	tenTools := ten()
	for _, c := range []struct {
		name string
		req  func() toolcall.Request
	}{
		{"no schema", func() toolcall.Request { return noSchema }},
		{"typical schema", func() toolcall.Request { return one }},
		{"ten tools", func() toolcall.Request { return tenTools }},
		{"new request", ten},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r := stream.Parse(hermes.Format, text.String(), c.req()); len(r.Calls) != 8 || len(r.Diagnostics) != 0 {
					b.Fatalf("%d calls, %+v", len(r.Calls), r.Diagnostics)
				}
			}
		})
	}
}
