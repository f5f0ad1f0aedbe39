package streamtest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

var (
	callNames = []string{"get_weather", "sub-task-ending", "math.factorial", "_lookup", "import", "class", "f", "Bash"}
	argNames  = []string{"city", "from", "max-results", "_id", "class", "q", "x", "lambda", "data.path"}
	nasty     = []rune("'\"\\\n\r\t ,)]}:=[({<|>#éü✓😀\u2028\x01\x7f")
)

// jsonValues generates JSON values of every kind, nested: strings with
// quotes of both kinds, backslashes, newlines and unicode, empty strings,
// numbers, booleans, null, arrays and objects.
func jsonValues(depth int) *rapid.Generator[any] {
	scalars := []*rapid.Generator[any]{
		rapid.Map(rapid.StringOf(rapid.SampledFrom(nasty)), func(s string) any { return s }),
		rapid.Map(rapid.String(), func(s string) any { return strings.ToValidUTF8(s, "\uFFFD") }),
		rapid.Just[any](""),
		rapid.Map(rapid.Int64(), func(i int64) any { return i }),
		rapid.Map(rapid.Float64Range(-1e9, 1e9), func(f float64) any { return f }),
		rapid.Map(rapid.Bool(), func(b bool) any { return b }),
		rapid.Just[any](nil),
	}
	if depth == 0 {
		return rapid.OneOf(scalars...)
	}
	inner := jsonValues(depth - 1)
	return rapid.OneOf(append(scalars,
		rapid.Map(rapid.SliceOfN(inner, 0, 3), func(v []any) any { return v }),
		rapid.Map(rapid.MapOfN(rapid.StringOfN(rapid.SampledFrom(nasty), 0, 4, -1), inner, 0, 3), func(m map[string]any) any { return m }),
	)...)
}

// Calls generates lists of calls with hyphenated, dotted and keyword names
// and arguments of every JSON kind.
func Calls() *rapid.Generator[[]toolcall.Call] {
	values := jsonValues(2)
	return rapid.Custom(func(t *rapid.T) []toolcall.Call {
		n := rapid.IntRange(1, 4).Draw(t, "calls")
		calls := make([]toolcall.Call, n)
		for i := range calls {
			keys := rapid.SliceOfNDistinct(rapid.SampledFrom(argNames), 0, 4, func(s string) string { return s }).Draw(t, "keys")
			var b strings.Builder
			b.WriteByte('{')
			for k, key := range keys {
				if k > 0 {
					b.WriteByte(',')
				}
				kj, _ := json.Marshal(key)
				vj, _ := json.Marshal(values.Draw(t, "value"))
				b.Write(kj)
				b.WriteByte(':')
				b.Write(vj)
			}
			b.WriteByte('}')
			calls[i] = toolcall.Call{Name: rapid.SampledFrom(callNames).Draw(t, "name"), Arguments: b.String()}
		}
		return calls
	})
}

// RenderRoundTrip renders calls with render, parses the text with f (every
// call returned, no tools offered), and requires the same names and
// JSON-equal arguments in the same order.
func RenderRoundTrip(t TB, f toolcall.Format, render func([]toolcall.Call) (string, error), calls []toolcall.Call) {
	t.Helper()
	text, err := render(calls)
	if err != nil {
		t.Fatalf("render %v: %v", calls, err)
	}
	res := stream.Parse(f, text, toolcall.Request{}, stream.WithPolicy(policy.Policy{Mode: policy.All}))
	if !sameCalls(res.Calls, calls) {
		t.Fatalf("rendered as %q\nparsed back %s\nwant %s\ncontent %q", text, callList(res.Calls), callList(calls), res.Content)
	}
	if res.Content != "" {
		t.Fatalf("rendered as %q, parsed back with content %q", text, res.Content)
	}
}

// CheckRenderer runs RenderRoundTrip with rapid over generated calls (see
// Calls): what render writes must parse back with f to the same calls.
func CheckRenderer(t *testing.T, f toolcall.Format, render func([]toolcall.Call) (string, error)) {
	t.Helper()
	rapid.Check(t, func(t *rapid.T) {
		RenderRoundTrip(t, f, render, Calls().Draw(t, "calls"))
	})
}

// RenderRoundTripTyped is RenderRoundTrip for formats that write every
// argument as text and type it by the tool's schema (Qwen3-Coder, GLM):
// the request offers each call's tool with a schema that declares each
// argument's JSON type. Calls with the same name share a tool, so an
// argument whose type differs between them is declared by its first use.
func RenderRoundTripTyped(t TB, f toolcall.Format, render func([]toolcall.Call) (string, error), calls []toolcall.Call) {
	t.Helper()
	text, err := render(calls)
	if err != nil {
		t.Fatalf("render %v: %v", calls, err)
	}
	req := toolcall.Request{Tools: typedTools(calls)}
	res := stream.Parse(f, text, req, stream.WithPolicy(policy.Policy{Mode: policy.All}))
	if !sameCalls(res.Calls, calls) {
		t.Fatalf("rendered as %q\nparsed back %s\nwant %s\ncontent %q\ndiagnostics %v", text, callList(res.Calls), callList(calls), res.Content, res.Diagnostics)
	}
	if res.Content != "" {
		t.Fatalf("rendered as %q, parsed back with content %q", text, res.Content)
	}
}

// typedTools declares a tool per call name whose properties carry the JSON
// type of each argument.
func typedTools(calls []toolcall.Call) []toolcall.Tool {
	var tools []toolcall.Tool
	byName := map[string]map[string]any{}
	for _, c := range calls {
		props, ok := byName[c.Name]
		if !ok {
			props = map[string]any{}
			byName[c.Name] = props
			tools = append(tools, toolcall.Tool{Name: c.Name})
		}
		var args map[string]any
		_ = json.Unmarshal([]byte(c.Arguments), &args)
		for k, v := range args {
			if _, seen := props[k]; seen {
				continue
			}
			typ := "string"
			switch v.(type) {
			case float64:
				typ = "number"
			case bool:
				typ = "boolean"
			case nil:
				typ = "null"
			case []any:
				typ = "array"
			case map[string]any:
				typ = "object"
			}
			props[k] = map[string]any{"type": typ}
		}
	}
	for i := range tools {
		schema, _ := json.Marshal(map[string]any{"type": "object", "properties": byName[tools[i].Name]})
		tools[i].Parameters = schema
	}
	return tools
}

// CheckTypedRenderer runs RenderRoundTripTyped with rapid over generated
// calls whose names are all different (see Calls).
func CheckTypedRenderer(t *testing.T, f toolcall.Format, render func([]toolcall.Call) (string, error)) {
	t.Helper()
	rapid.Check(t, func(t *rapid.T) {
		calls := Calls().Draw(t, "calls")
		seen := map[string]bool{}
		var distinct []toolcall.Call
		for _, c := range calls {
			if !seen[c.Name] {
				seen[c.Name] = true
				distinct = append(distinct, c)
			}
		}
		RenderRoundTripTyped(t, f, render, distinct)
	})
}
