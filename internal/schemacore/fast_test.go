package schemacore

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// The reference validator is the judge: the fast validator must never
// call valid what it calls invalid, or the reverse, and what a call's
// validation reports must be what the reference alone reports.

var (
	keys    = []string{"a", "b", "c", "ab", "ba"}
	numbers = []string{"0", "1", "1.0", "1.5", "-1", "2", "0.1", "0.10", "100", "1e2", "15e-1", "-0", "3"}
	strs    = []string{"", "x", "xy", "ab", "é", "yyy", "a1"}
	types   = []string{"null", "boolean", "object", "array", "number", "integer", "string"}
)

// genValue draws a JSON value as text.
func genValue(t *rapid.T, depth int, label string) string {
	kinds := 5
	if depth < 3 {
		kinds = 7
	}
	switch rapid.IntRange(0, kinds-1).Draw(t, label+"kind") {
	case 0:
		return "null"
	case 1:
		return rapid.SampledFrom([]string{"true", "false"}).Draw(t, label+"bool")
	case 2, 3:
		return rapid.SampledFrom(numbers).Draw(t, label+"num")
	case 4:
		b, _ := json.Marshal(rapid.SampledFrom(strs).Draw(t, label+"str"))
		return string(b)
	case 5:
		n := rapid.IntRange(0, 3).Draw(t, label+"len")
		var parts []string
		for i := range n {
			parts = append(parts, genValue(t, depth+1, fmt.Sprintf("%s[%d]", label, i)))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	n := rapid.IntRange(0, 3).Draw(t, label+"members")
	var parts []string
	for i := range n {
		k := rapid.SampledFrom(keys).Draw(t, fmt.Sprintf("%s.key%d", label, i))
		parts = append(parts, fmt.Sprintf("%q:%s", k, genValue(t, depth+1, label+"."+k)))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// genSchema draws a schema as text, mostly of the keywords the fast
// validator decides, sometimes of others.
func genSchema(t *rapid.T, depth int, label string) string {
	if rapid.IntRange(0, 9).Draw(t, label+"bool") == 0 {
		return rapid.SampledFrom([]string{"true", "false"}).Draw(t, label+"b")
	}
	var kw []string
	add := func(k, v string) { kw = append(kw, fmt.Sprintf("%q:%s", k, v)) }
	pick := func(name string) bool { return rapid.IntRange(0, 5).Draw(t, label+name) == 0 }
	sub := func(name string) string {
		if depth >= 2 {
			return rapid.SampledFrom([]string{"true", "false", `{"type":"string"}`, `{"type":"integer"}`, `{"minimum":1}`}).Draw(t, label+name)
		}
		return genSchema(t, depth+1, label+name+"/")
	}
	if pick("type") {
		ts := rapid.SliceOfNDistinct(rapid.SampledFrom(types), 1, 3, rapid.ID[string]).Draw(t, label+"types")
		if len(ts) == 1 {
			add("type", fmt.Sprintf("%q", ts[0]))
		} else {
			b, _ := json.Marshal(ts)
			add("type", string(b))
		}
	}
	if pick("enum") {
		n := rapid.IntRange(0, 3).Draw(t, label+"enumlen")
		var vs []string
		for i := range n {
			vs = append(vs, genValue(t, 2, fmt.Sprintf("%senum%d", label, i)))
		}
		add("enum", "["+strings.Join(vs, ",")+"]")
	}
	if pick("const") {
		add("const", genValue(t, 2, label+"const"))
	}
	if pick("properties") {
		var ps []string
		for _, k := range rapid.SliceOfNDistinct(rapid.SampledFrom(keys), 1, 3, rapid.ID[string]).Draw(t, label+"props") {
			ps = append(ps, fmt.Sprintf("%q:%s", k, sub("p"+k)))
		}
		add("properties", "{"+strings.Join(ps, ",")+"}")
	}
	if pick("required") {
		b, _ := json.Marshal(rapid.SliceOfNDistinct(rapid.SampledFrom(keys), 1, 2, rapid.ID[string]).Draw(t, label+"req"))
		add("required", string(b))
	}
	if pick("additionalProperties") {
		add("additionalProperties", sub("ap"))
	}
	if pick("patternProperties") {
		add("patternProperties", fmt.Sprintf(`{%q:%s}`, rapid.SampledFrom([]string{"^a", "b$", "^c$"}).Draw(t, label+"pp"), sub("ppv")))
	}
	if pick("items") {
		add("items", sub("items"))
	}
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		if pick(k) {
			add(k, rapid.SampledFrom(numbers).Draw(t, label+k+"v"))
		}
	}
	for _, k := range []string{"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"} {
		if pick(k) {
			add(k, fmt.Sprint(rapid.IntRange(0, 3).Draw(t, label+k+"v")))
		}
	}
	if pick("pattern") {
		add("pattern", fmt.Sprintf("%q", rapid.SampledFrom([]string{"^x", "y", "^$", "[0-9]"}).Draw(t, label+"pat")))
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if depth < 2 && pick(k) {
			n := rapid.IntRange(1, 3).Draw(t, label+k+"n")
			var alts []string
			for i := range n {
				alts = append(alts, sub(fmt.Sprintf("%s%d", k, i)))
			}
			add(k, "["+strings.Join(alts, ",")+"]")
		}
	}
	if pick("ref") {
		add("$ref", `"#/$defs/d"`)
	}
	if rapid.IntRange(0, 19).Draw(t, label+"other") == 0 {
		add(rapid.SampledFrom([]string{"not", "uniqueItems", "multipleOf", "propertyNames", "contains"}).Draw(t, label+"otherkw"),
			rapid.SampledFrom([]string{`{"type":"string"}`, "true", "2"}).Draw(t, label+"otherv"))
	}
	if depth == 0 {
		add("$defs", `{"d":`+sub("def")+`}`)
	}
	return "{" + strings.Join(kw, ",") + "}"
}

func TestFastValidatorAgreesWithTheReference(t *testing.T) {
	decided := 0
	rapid.Check(t, func(t *rapid.T) {
		schema := genSchema(t, 0, "")
		c := compile([]byte(schema))
		if c.validator == nil {
			t.Skip("the schema does not compile")
		}
		text := genValue(t, 0, "v")
		v, err := jsonvalue.Decode(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		ref := c.validator.Validate(v.Any()).IsValid()
		if c.fast != nil {
			switch c.fast.check(&v) {
			case valid:
				decided++
				if !ref {
					t.Fatalf("fast: valid, reference: invalid\nschema %s\nvalue %s", schema, text)
				}
			case invalid:
				decided++
				if ref {
					t.Fatalf("fast: invalid, reference: valid\nschema %s\nvalue %s", schema, text)
				}
			}
		}
		// What Validate reports is the reference's alone.
		s := &Schema{tool: "t", c: c}
		got := s.Validate(text)
		slow := &compiled{doc: c.doc, validator: c.validator, prep: c.prep}
		want := (&Schema{tool: "t", c: slow}).Validate(text)
		// Past MaxViolations, which ones are kept follows the reference's
		// own order, which is a map's: only how many are then compared.
		g, w := sortedMessages(got), sortedMessages(want)
		if len(want) > MaxViolations || len(want) > 0 && strings.HasPrefix(want[len(want)-1].Message, "and ") {
			g, w = []string{fmt.Sprint(len(got))}, []string{fmt.Sprint(len(want))}
		}
		if !slices.Equal(g, w) {
			t.Fatalf("violations differ\nschema %s\nvalue %s\nfast %v\nreference %v", schema, text, got, want)
		}
	})
	t.Logf("the fast validator decided %d cases", decided)
	if decided == 0 {
		t.Fatal("the fast validator decided no case")
	}
}

func sortedMessages(ds []toolcall.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Message)
	}
	slices.Sort(out)
	return out
}

func TestFastValidatorCases(t *testing.T) {
	for _, c := range []struct {
		schema, value string
		want          verdict
	}{
		{`{"type":"integer"}`, `1.0`, valid},
		{`{"type":"integer"}`, `15e-1`, invalid},
		{`{"type":"integer"}`, `150e-1`, valid},
		{`{"type":"integer"}`, `1.5`, invalid},
		{`{"minimum":1}`, `1`, valid},
		{`{"minimum":0.1}`, `0.10`, valid},
		{`{"exclusiveMinimum":0.1}`, `0.1000000000000000000001`, valid},
		{`{"maximum":0.1}`, `0.1000000000000000000001`, invalid},
		{`{"enum":[1]}`, `1.0`, valid},
		{`{"enum":[{"a":[1,"x"]}]}`, `{"a":[1e0,"x"]}`, valid},
		{`{"const":null}`, `false`, invalid},
		{`{"maxLength":1}`, `"é"`, valid},
		{`{"properties":{"a":{"type":"string"}}}`, `{"a":1,"a":"x"}`, undecided},
		{`{"patternProperties":{"^a":false},"additionalProperties":false}`, `{"b":1}`, invalid},
		{`{"patternProperties":{"^a":true},"additionalProperties":false}`, `{"ab":1}`, valid},
		{`{"oneOf":[{"type":"integer"},{"type":"number"}]}`, `1`, invalid},
		{`{"oneOf":[{"type":"integer"},{"type":"string"}]}`, `1`, valid},
		{`{"required":["a"]}`, `[]`, valid},
		{`{"$ref":"#/$defs/n","$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}}}}}`, `{"next":{"next":{"next":1}}}`, invalid},
	} {
		comp := compile([]byte(c.schema))
		if comp.fast == nil {
			t.Errorf("%s: no fast validator (%s)", c.schema, comp.noCheck)
			continue
		}
		v, err := jsonvalue.Decode(c.value)
		if err != nil {
			t.Fatal(err)
		}
		if got := comp.fast.check(&v); got != c.want {
			t.Errorf("%s on %s: %d, want %d", c.schema, c.value, got, c.want)
		}
		if c.want != undecided {
			if ref := comp.validator.Validate(v.Any()).IsValid(); ref != (c.want == valid) {
				t.Errorf("%s on %s: the reference says valid=%v", c.schema, c.value, ref)
			}
		}
	}
	for _, schema := range []string{`{"not":{}}`, `{"uniqueItems":true}`, `{"multipleOf":2}`, `{"items":{"contains":{}}}`, `{"$schema":"http://json-schema.org/draft-07/schema#"}`} {
		if c := compile([]byte(schema)); c.fast != nil {
			t.Errorf("%s: a fast validator for a keyword it does not decide", schema)
		}
	}
}
