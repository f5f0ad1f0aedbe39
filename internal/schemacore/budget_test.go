package schemacore

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// anyOfArrays is an object schema whose one property x is any of n array
// schemas (each items with a different minimum).
func anyOfArrays(n int) string {
	var alts []string
	for i := range n {
		alts = append(alts, fmt.Sprintf(`{"type":"array","items":{"type":"integer","minimum":%d}}`, i))
	}
	return `{"type":"object","properties":{"x":{"anyOf":[` + strings.Join(alts, ",") + `]}}}`
}

// wideRequired is an object schema of n string properties p0... of which
// the first required are required.
func wideRequired(n, required int) string {
	var props, req []string
	for i := range n {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
		if i < required {
			req = append(req, fmt.Sprintf(`"p%d"`, i))
		}
	}
	return `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `]}`
}

// intList is {"x":[0,1,...,n-1]}.
func intList(n int) string {
	var ints []string
	for i := range n {
		ints = append(ints, fmt.Sprint(i))
	}
	return `{"x":[` + strings.Join(ints, ",") + `]}`
}

// validationShapes are schemas and arguments whose validation costs differ
// in kind: wide, deep, many alternatives, long strings, many required.
func validationShapes() []struct{ name, schema, args string } {
	doubling := func(n int) string {
		var defs []string
		for i := range n {
			defs = append(defs, fmt.Sprintf(`"a%d":{"allOf":[{"$ref":"#/$defs/a%d"},{"$ref":"#/$defs/a%d"}]}`, i, i+1, i+1))
		}
		defs = append(defs, fmt.Sprintf(`"a%d":{"type":"object","properties":{"a":{"type":"integer"}}}`, n))
		return `{"$ref":"#/$defs/a0","$defs":{` + strings.Join(defs, ",") + `}}`
	}
	var objs, enum []string
	for i := range 1000 {
		objs = append(objs, fmt.Sprintf(`{"city":"c%d","nights":%d,"rooms":2,"smoking":false,"tier":"budget"}`, i, i+1))
	}
	for i := range 200 {
		enum = append(enum, fmt.Sprint(i))
	}
	five := `{"type":"object","properties":{"city":{"type":"string"},"nights":{"type":"integer","minimum":1},"rooms":{"type":"integer"},"smoking":{"type":"boolean"},"tier":{"type":"string","enum":["budget","standard","luxury"]}},"required":["city","nights"]}`
	return []struct{ name, schema, args string }{
		{"five fields", five, `{"city":"Oslo","nights":3,"rooms":2,"smoking":false,"tier":"luxury"}`},
		{"allOf doubling 6", doubling(6), `{"a":1}`},
		{"anyOf 200 arrays, 1000 items", anyOfArrays(200), intList(1000)},
		{"anyOf 200 arrays, 10 items", anyOfArrays(200), intList(10)},
		{"7000 required, empty", wideRequired(7000, 7000), `{}`},
		{"700 required, empty", wideRequired(700, 700), `{}`},
		{"100 properties, 2 given", wideRequired(100, 20), `{"p0":"a","p1":"b"}`},
		{"1000 objects of five", `{"type":"object","properties":{"list":{"type":"array","items":` + five + `}}}`, `{"list":[` + strings.Join(objs, ",") + `]}`},
		{"64 KiB string, pattern", `{"type":"object","properties":{"s":{"type":"string","pattern":"^[a-z]*$","maxLength":100000}}}`, `{"s":"` + strings.Repeat("a", 64<<10) + `"}`},
		{"enum of 200, 1000 items", `{"type":"object","properties":{"x":{"type":"array","items":{"enum":[` + strings.Join(enum, ",") + `]}}}}`, intList(1000)},
	}
}

// BenchmarkValidationEstimate reports, for each shape, the validator's time
// (ns/op) beside the estimate (units/op): the estimate's costs are chosen
// so that units stay at or above nanoseconds.
func BenchmarkValidationEstimate(b *testing.B) {
	for _, sh := range validationShapes() {
		b.Run(sh.name, func(b *testing.B) {
			c := compile([]byte(sh.schema))
			if c.validator == nil {
				b.Fatal(c.broken, c.noCheck)
			}
			v, err := jsonvalue.Decode(sh.args)
			if err != nil {
				b.Fatal(err)
			}
			e := estimate{prep: c.prep, left: 1 << 60}
			e.charge(costNode * e.nodes(&v))
			e.walk(&v, c.validator, 0)
			for b.Loop() {
				violations(c.validator.Validate(v.Any()), &v)
			}
			b.ReportMetric(float64(1<<60-e.left), "units/op")
		})
	}
}

func TestEstimateStopsAtTheBudget(t *testing.T) {
	for _, sh := range validationShapes() {
		c := compile([]byte(sh.schema))
		if c.validator == nil {
			t.Fatal(c.broken, c.noCheck)
		}
		v, _ := jsonvalue.Decode(sh.args)
		e := estimate{prep: c.prep, left: 1000}
		e.walk(&v, c.validator, 0)
		if e.left < -(1 << 20) {
			t.Errorf("%s: the estimate went %d units past its budget before stopping", sh.name, -e.left)
		}
	}
}

// A client's schema cannot make one call's validation cost seconds: 200
// anyOf alternatives of arrays against a call of 10,000 items (53 s and
// 7.7 GB before), and 7,000 required properties against {} (the validator
// looks each missing property up in "required": 49 million comparisons),
// go on unvalidated with a diagnostic saying so.
func TestValidationHasABudget(t *testing.T) {
	tests := []struct{ name, schema, args string }{
		{"anyOf of 200 arrays", anyOfArrays(200), intList(10000)},
		{"7,000 required properties", wideRequired(7000, 7000), `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := For(toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)})
			pool := NewBudget()
			_, diags := s.CoerceWithin(tt.args, pool)
			if len(diags) != 1 || diags[0].Message != overBudget || diags[0].Kind != toolcall.KindSchema {
				t.Fatalf("diagnostics %+v, want the one saying the arguments are not validated", diags)
			}
			if pool.left != 0 {
				t.Errorf("the pool keeps %d after a call over the budget, want it spent", pool.left)
			}
		})
	}
}

// A response's calls share one pool: an expensive schema's calls are
// validated while it lasts, then go on unvalidated, in the order they
// come; cheap calls are validated all along.
func TestValidationPoolIsShared(t *testing.T) {
	var props []string
	for i := range 3000 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"integer"}`, i))
	}
	wide := For(toolcall.Tool{Name: "wide", Parameters: []byte(`{"type":"object","properties":{` + strings.Join(props, ",") + `}}`)})
	cheap := For(toolcall.Tool{Name: "cheap", Parameters: []byte(`{"type":"object","properties":{"n":{"type":"integer"}}}`)})
	pool := NewBudget()
	validated, skipped := 0, 0
	for range 200 {
		_, diags := wide.CoerceWithin(`{"p1":"x"}`, pool) // a violation when validated
		switch {
		case len(diags) == 1 && diags[0].Message == overBudget:
			skipped++
		case len(diags) == 1:
			if skipped > 0 {
				t.Fatal("a call was validated after one was not")
			}
			validated++
		default:
			t.Fatalf("diagnostics %+v", diags)
		}
		if _, diags := cheap.CoerceWithin(`{"n":"x"}`, pool); len(diags) != 1 || diags[0].Message == overBudget {
			t.Fatalf("a cheap call is not validated: %+v", diags)
		}
	}
	if validated == 0 || skipped == 0 {
		t.Errorf("%d calls validated, %d not: want both", validated, skipped)
	}
}
