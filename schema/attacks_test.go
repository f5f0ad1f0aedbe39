package schema_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// headers is an ordinary schema with patternProperties: a map of HTTP
// headers. The validator rebuilds a map inside its compiled tree on every
// validation of it.
const headers = `{"type":"object","properties":{"url":{"type":"string"},"headers":{"type":"object","patternProperties":{"^[A-Za-z-]+$":{"type":"string"}},"additionalProperties":false}},"required":["url"]}`

// One compiled schema is shared by every request that sends its bytes:
// validating it from many goroutines at once must neither crash (the
// validator's "concurrent map writes" is fatal, beyond recover) nor race
// (go test -race ./schema/ checks it).
func TestOneSchemaValidatedConcurrently(t *testing.T) {
	tl := toolcall.Tool{Name: "fetch", Parameters: []byte(headers)}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Go(func() {
			for i := range 300 {
				args := fmt.Sprintf(`{"url":"https://x/%d","headers":{"Accept":"a","X-Id":"%d"}}`, i, g)
				if _, diags := schema.For(tl).Coerce(args); len(diags) != 0 {
					errs <- fmt.Sprint(diags)
					return
				}
				if _, diags := schema.For(tl).Coerce(`{"url":"u","headers":{"Bad Key":"x"}}`); len(diags) == 0 {
					errs <- "a header name the pattern refuses was accepted"
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// chain builds n levels of allOf pairs, each naming the next level by ref
// (the reference as the level's own text writes it): checked naively, one
// value meets 2^n subschemas.
func chain(n int, level func(i int) string) string {
	var defs []string
	for i := range n {
		defs = append(defs, level(i))
	}
	defs = append(defs, fmt.Sprintf(`"a%d":{"$anchor":"a%d","type":"object"}`, n, n))
	return `{"$ref":"#/$defs/a0","$defs":{` + strings.Join(defs, ",") + `}}`
}

// nested builds the same doubling from $defs nested in each level, each
// level's reference naming its own $defs (which the validator finds
// before the root's).
func nested(n int) string {
	s := `{"type":"object"}`
	for range n {
		s = `{"$defs":{"n":` + s + `},"allOf":[{"$ref":"#/$defs/n"},{"$ref":"#/$defs/n"}]}`
	}
	return s
}

// References the validator follows but a walk resolving only pointers from
// the root would not: each doubles the subschemas per level. The estimate
// and the fan-out check follow the validator's own references, so each is
// refused or not validated, with a diagnostic, instead of running for
// seconds (24.8 s and 3.9 GB for 22 levels before).
func TestReferencesTheValidatorFollows(t *testing.T) {
	tests := []struct{ name, schema string }{
		{"$anchor", chain(22, func(i int) string {
			return fmt.Sprintf(`"a%d":{"$anchor":"a%d","allOf":[{"$ref":"#a%d"},{"$ref":"#a%d"}]}`, i, i, i+1, i+1)
		})},
		{"percent-escaped pointers", chain(22, func(i int) string {
			return fmt.Sprintf(`"a%d":{"allOf":[{"$ref":"#/%%24defs/a%d"},{"$ref":"#/%%24defs/a%d"}]}`, i, i+1, i+1)
		})},
		{"nested $defs", nested(22)},
		{"$id scopes", chain(22, func(i int) string {
			return fmt.Sprintf(`"a%d":{"$id":"http://x.invalid/a%d","allOf":[{"$ref":"http://x.invalid/a%d"},{"$ref":"http://x.invalid/a%d"}]}`, i, i, i+1, i+1)
		})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := `{"a":1}`
			got, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)}).Coerce(args)
			if got != args {
				t.Errorf("arguments = %s, want them as they were", got)
			}
			if len(diags) != 1 || diags[0].Kind != toolcall.KindSchema || !strings.Contains(diags[0].Message, "validated") {
				t.Errorf("diagnostics = %+v, want one saying the arguments are not validated (or not coerced either)", diags)
			}
		})
	}
}

// The same references within the limits are followed as the validator
// follows them: a value the target refuses is a violation.
func TestReferencesWithinTheLimitsValidate(t *testing.T) {
	tests := []struct{ name, schema string }{
		{"$anchor", `{"$ref":"#n","$defs":{"n":{"$anchor":"n","type":"object","required":["a"]}}}`},
		{"percent-escaped pointer", `{"$ref":"#/%24defs/n","$defs":{"n":{"type":"object","required":["a"]}}}`},
		{"nested $defs shadow the root's", `{"$defs":{"n":{"type":"object"}},"properties":{"x":{"$defs":{"n":{"type":"object","required":["a"]}},"$ref":"#/$defs/n"}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)}
			args := `{"b":1}`
			if strings.Contains(tt.name, "nested") {
				args = `{"x":{"b":1}}`
			}
			_, diags := schema.For(tl).Coerce(args)
			if len(diags) != 1 || !strings.Contains(diags[0].Message, "'a' is missing") {
				t.Errorf("diagnostics = %+v, want the missing required property", diags)
			}
		})
	}
}

// yamlBomb is YAML whose aliases expand tenfold per level.
func yamlBomb(levels int) string {
	var b strings.Builder
	b.WriteString("a0: &a0 [x,x,x,x,x,x,x,x,x,x]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [", i, i)
		for j := range 10 {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// Content keywords are annotations: a string's content is never decoded
// (a YAML alias bomb of 431 bytes took 13.8 s), and content that does not
// fit its contentSchema is no violation.
func TestContentKeywordsAreAnnotations(t *testing.T) {
	tests := []struct{ name, schema, value string }{
		{"YAML aliases", `{"type":"object","properties":{"s":{"type":"string","contentMediaType":"application/yaml","contentSchema":{"type":"object","properties":{"a9":{"type":"string"}}}}}}`, yamlBomb(9)},
		{"JSON that is not", `{"type":"object","properties":{"s":{"type":"string","contentMediaType":"application/json","contentSchema":{"type":"object"}}}}`, "not json"},
		{"base64 that is not", `{"type":"object","properties":{"s":{"type":"string","contentEncoding":"base64"}}}`, "%%%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := `{"s":` + fmt.Sprintf("%q", tt.value) + `}`
			if _, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)}).Coerce(args); len(diags) != 0 {
				t.Errorf("diagnostics = %+v, want none: content keywords only annotate", diags)
			}
		})
	}
}

func ints(n int) string {
	var b strings.Builder
	b.WriteString(`{"x":[`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprint(&b, i)
	}
	b.WriteString(`]}`)
	return b.String()
}

// Patterns: one that compiles to too large a program is refused; the
// validator's compiling of patternProperties on every value a node applies
// to is charged (2,000 integers took 13.6 s); a pattern's matching is
// charged per instruction per byte (a long pattern ran at 3.5 ms a byte).
func TestPatternsAreBounded(t *testing.T) {
	tests := []struct{ name, schema, args, want string }{
		{"a pattern of 200 bounded repeats", `{"properties":{"s":{"type":"string","pattern":"` + strings.Repeat("a{0,1000}", 200) + `"}}}`, `{"s":"` + strings.Repeat("a", 1000) + `"}`, "instructions"},
		{"patternProperties of 200 bounded repeats", `{"patternProperties":{"` + strings.Repeat("a{0,1000}", 200) + `":{}}}`, `{"a":1}`, "instructions"},
		{"patterns too large in all", `{"properties":{` + strings.Repeat(`"s":{"pattern":"a{0,1000}"},`, 30) + `"t":{}}}`, `{"s":"a"}`, "in all"},
		{"patternProperties applied to 2,000 integers", `{"properties":{"x":{"items":{"patternProperties":{"^a{0,1000}b{0,1000}$":{}}}}}}`, ints(2000), "not validated"},
		{"a pattern matched on 1,000 bytes", `{"properties":{"s":{"type":"string","pattern":"` + strings.Repeat("a{0,1000}", 4) + `"}}}`, `{"s":"` + strings.Repeat("a", 1000) + `"}`, "not validated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)}).Coerce(tt.args)
			if len(diags) != 1 || !strings.Contains(diags[0].Message, tt.want) {
				t.Errorf("diagnostics = %+v, want one saying %q", diags, tt.want)
			}
		})
	}
	// A small pattern still validates.
	s := `{"properties":{"code":{"type":"string","pattern":"^[A-Z]{3}$"}},"patternProperties":{"^x-":{"type":"integer"}}}`
	if _, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(s)}).Coerce(`{"code":"ABC","x-n":1}`); len(diags) != 0 {
		t.Errorf("diagnostics %+v for arguments that fit", diags)
	}
	if _, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(s)}).Coerce(`{"code":"abc","x-n":"y"}`); len(diags) != 2 {
		t.Errorf("diagnostics %+v, want the pattern's and the patternProperties' violations", diags)
	}
}

// Numbers beyond what a float64 holds are never the validator's exact
// arithmetic's (20 numbers like 1e999980 against multipleOf took 2.5 s and
// wrote 20 MB of diagnostics), in the arguments or in the schema; what one
// call's validation reports is bounded.
func TestNumbersAndDiagnosticsAreBounded(t *testing.T) {
	huge := `{"x":[` + strings.TrimSuffix(strings.Repeat("1e999980,", 20), ",") + `]}`
	tests := []struct{ name, schema, args, want string }{
		{"huge exponents, multipleOf", `{"properties":{"x":{"type":"array","items":{"type":"number","multipleOf":0.3}}}}`, huge, "float64"},
		{"tiny exponents, minimum", `{"properties":{"x":{"type":"array","items":{"type":"number","minimum":0.5}}}}`, `{"x":[1e-999980]}`, "float64"},
		{"a huge multipleOf in the schema", `{"properties":{"x":{"type":"number","multipleOf":1e-999999}}}`, `{"x":1}`, "float64"},
		{"a long bound in the schema", `{"properties":{"x":{"type":"number","maximum":1` + strings.Repeat("0", 100) + `}}}`, `{"x":1}`, "longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(tt.schema)}).Coerce(tt.args)
			if len(diags) != 1 || !strings.Contains(diags[0].Message, tt.want) {
				t.Errorf("diagnostics = %+v, want one saying %q", diags, tt.want)
			}
		})
	}
	// Numbers a float64 holds are validated as before.
	s := `{"properties":{"x":{"type":"array","items":{"type":"number","multipleOf":0.5}}}}`
	if _, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(s)}).Coerce(`{"x":[1.5,1e300,-2e-300,0e999999]}`); len(diags) != 1 || !strings.Contains(diags[0].Message, "/x/2") {
		t.Errorf("diagnostics = %+v, want the one violation at /x/2", diags)
	}
	// 5,000 violations of long strings: reported within the bounds.
	long := strings.Repeat("é", 2000)
	var items []string
	for range 5000 {
		items = append(items, `"`+long+`"`)
	}
	_, diags := schema.For(toolcall.Tool{Name: "f", Parameters: []byte(`{"properties":{"x":{"items":{"enum":["a"]}}}}`)}).Coerce(`{"x":[` + strings.Join(items, ",") + `]}`)
	total := 0
	for _, d := range diags {
		total += len(d.Message)
	}
	if len(diags) == 0 || len(diags) > schema.MaxViolations+1 || total > schema.MaxViolationsBytes+schema.MaxViolationBytes+100 {
		t.Errorf("%d diagnostics of %d bytes in all, want at most %d and about %d", len(diags), total, schema.MaxViolations+1, schema.MaxViolationsBytes)
	}
	if last := diags[len(diags)-1].Message; !strings.Contains(last, "more violations") {
		t.Errorf("the last diagnostic says %q, want it to count the rest", last)
	}
}

// Each attack above, as a gateway meets it: a hermes call parsed by
// stream.Parse against the client's schema ends with the call, unvalidated
// with a diagnostic (or validated cheaply, where the keyword only
// annotates); and four streams parse calls against one patternProperties
// schema at once.
func TestAttacksThroughTheStream(t *testing.T) {
	tests := []struct{ name, schema, args, want string }{
		{"$anchor chain", chain(22, func(i int) string {
			return fmt.Sprintf(`"a%d":{"$anchor":"a%d","allOf":[{"$ref":"#a%d"},{"$ref":"#a%d"}]}`, i, i, i+1, i+1)
		}), `{"a":1}`, "not validated"},
		{"escaped pointer chain", chain(22, func(i int) string {
			return fmt.Sprintf(`"a%d":{"allOf":[{"$ref":"#/%%24defs/a%d"},{"$ref":"#/%%24defs/a%d"}]}`, i, i+1, i+1)
		}), `{"a":1}`, "not validated"},
		{"nested $defs chain", nested(22), `{"a":1}`, "validated"},
		{"YAML content", `{"type":"object","properties":{"s":{"type":"string","contentMediaType":"application/yaml","contentSchema":{"type":"object"}}}}`, `{"s":` + fmt.Sprintf("%q", yamlBomb(9)) + `}`, ""},
		{"patternProperties on 2,000 integers", `{"properties":{"x":{"items":{"patternProperties":{"^a{0,1000}b{0,1000}$":{}}}}}}`, ints(2000), "not validated"},
		{"a long pattern", `{"properties":{"s":{"type":"string","pattern":"` + strings.Repeat("a{0,1000}", 200) + `"}}}`, `{"s":"` + strings.Repeat("a", 1000) + `"}`, "not validated"},
		{"format regex", `{"properties":{"s":{"type":"array","items":{"type":"string","format":"regex"}}}}`, `{"s":[` + strings.TrimSuffix(strings.Repeat(`"`+strings.Repeat("a{0,1000}", 20)+`",`, 200), ",") + `]}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: []byte(tt.schema)}}}
			r := stream.Parse(hermes.Format, `<tool_call>{"name": "f", "arguments": `+tt.args+`}</tool_call>`, req)
			if len(r.Calls) != 1 {
				t.Fatalf("%d calls, want 1 (%+v)", len(r.Calls), r.Diagnostics)
			}
			var schemaDiags []toolcall.Diagnostic
			for _, d := range r.Diagnostics {
				if d.Kind == toolcall.KindSchema {
					schemaDiags = append(schemaDiags, d)
				}
			}
			switch {
			case tt.want == "" && len(schemaDiags) != 0:
				t.Errorf("schema diagnostics %+v, want none", schemaDiags)
			case tt.want != "" && (len(schemaDiags) != 1 || !strings.Contains(schemaDiags[0].Message, tt.want)):
				t.Errorf("schema diagnostics %+v, want one saying %q", schemaDiags, tt.want)
			}
		})
	}
	t.Run("four streams, one patternProperties schema", func(t *testing.T) {
		req := toolcall.Request{Tools: []toolcall.Tool{{Name: "fetch", Parameters: []byte(headers)}}}
		var wg sync.WaitGroup
		bad := make(chan string, 4)
		for g := range 4 {
			wg.Go(func() {
				for i := range 200 {
					text := fmt.Sprintf(`<tool_call>{"name": "fetch", "arguments": {"url": "u%d", "headers": {"X-G": "%d"}}}</tool_call>`, i, g)
					if r := stream.Parse(hermes.Format, text, req); len(r.Calls) != 1 || len(r.Diagnostics) != 0 {
						bad <- fmt.Sprintf("%+v", r)
						return
					}
				}
			})
		}
		wg.Wait()
		close(bad)
		for b := range bad {
			t.Fatal(b)
		}
	})
}
