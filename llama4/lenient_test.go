package llama4_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"pgregory.net/rapid"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// What real models write that a strict reader loses: each row whole and
// split at every place.
func TestRealOutputRules(t *testing.T) {
	streamtest.Run(t, llama4.Format, []tc{
		{"a repeated keyword: the last value, at the first place", `[f(a=1, b=2, a=1)]`, []string{"f"}, "", []toolcall.Call{call("f", `{"a":1,"b":2}`)}},
		{"markdown-escaped names", `[lawsuit\_search(company\_name='x')]`, []string{"lawsuit_search"}, "", []toolcall.Call{call("lawsuit_search", `{"company_name":"x"}`)}},
		{"markdown-escaped dotted names", `[european\_history.get\_event\_date(event\_name="WWII")]`, []string{"european_history.get_event_date"}, "",
			[]toolcall.Call{call("european_history.get_event_date", `{"event_name":"WWII"}`)}},
		{"arguments before the name", `{"arguments": {"city": "Paris"}, "name": "get_weather"}`, []string{"get_weather"}, "", []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{"parameters before the name", `{"parameters": {"city": "Paris"}, "name": "get_weather"}`, []string{"get_weather"}, "", []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{"the OpenAI shape", `{"type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}`, []string{"get_weather"}, "",
			[]toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{"arguments as a JSON string", `{"name": "get_weather", "arguments": "{\"city\": \"Oslo\"}"}`, []string{"get_weather"}, "", []toolcall.Call{call("get_weather", `{"city":"Oslo"}`)}},
		{"an object that only names a tool", `{"name": "search", "query": "x"}`, []string{"search"}, "", []toolcall.Call{call("search", `{"query":"x"}`)}},
		{"an object naming no requested tool is prose", `The user is {"name": "Alice", "email": "a@x.org"}.`, []string{"search"}, `The user is {"name": "Alice", "email": "a@x.org"}.`, nil},
		{"with no tools, a name-only object is prose", `The user is {"name": "Alice", "email": "a@x.org"}.`, nil, `The user is {"name": "Alice", "email": "a@x.org"}.`, nil},
		{"a one-element tuple and trailing commas", `[f(t=(1,), u=[2,],)]`, []string{"f"}, "", []toolcall.Call{call("f", `{"t":[1],"u":[2]}`)}},
		{"True and true, None and null", `[f(a=True, b=true, c=None, d=null)]`, []string{"f"}, "", []toolcall.Call{call("f", `{"a":true,"b":true,"c":null,"d":null}`)}},
	}, allPolicy)
}

// A repeated keyword is read, and a syntax diagnostic names it.
func TestARepeatedKeywordIsReported(t *testing.T) {
	res := stream.Parse(llama4.Format, `Sure. [f(a=1, b=2, a=3)]`, toolcall.Request{Tools: tools("f")})
	if len(res.Calls) != 1 || res.Calls[0].Arguments != `{"a":3,"b":2}` {
		t.Fatalf("calls %+v", res.Calls)
	}
	found := false
	for _, d := range res.Diagnostics {
		found = found || d.Kind == toolcall.KindSyntax && d.Call == "f" && d.Offset == len(`Sure. [f(a=1, b=2, `)
	}
	if !found {
		t.Errorf("no syntax diagnostic at the repeated key: %+v", res.Diagnostics)
	}
}

// Positional arguments take the schema's declared parameters, before
// keyword ones.
func TestPositionalAndKeywordArgumentsMixed(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: []byte(`{"type":"object","properties":{"x":{"type":"string"},"b":{"type":"integer"}}}`)}}}
	res := stream.Parse(llama4.Format, `[f("a", b=2)]`, req)
	if len(res.Calls) != 1 || res.Calls[0].Arguments != `{"x":"a","b":2}` {
		t.Errorf("calls %+v, diagnostics %+v", res.Calls, res.Diagnostics)
	}
}

// TestDeformedCallsComeBack: calls written with the deformations real
// models produce (a keyword given twice with a decoy value first, \_ in
// names and keys, JSON call objects with their keys shuffled) parse to the
// calls meant.
func TestDeformedCallsComeBack(t *testing.T) {
	names := []string{"get_weather", "lawsuit_search", "european_history.get_event_date", "f", "a_b_c"}
	keys := []string{"city", "company_name", "max_results", "q", "event_name"}
	values := []string{`1`, `"x y"`, `true`, `null`, `[1, 2]`, `"it's"`}
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(names).Draw(t, "name")
		ks := rapid.SliceOfNDistinct(rapid.SampledFrom(keys), 0, 4, func(s string) string { return s }).Draw(t, "keys")
		vs := make([]string, len(ks))
		var want strings.Builder
		want.WriteByte('{')
		for i, k := range ks {
			vs[i] = rapid.SampledFrom(values).Draw(t, "value")
			if i > 0 {
				want.WriteByte(',')
			}
			v, _ := jsonvalue.Decode(vs[i])
			want.WriteString(`"` + k + `":` + string(v.AppendJSON(nil)))
		}
		want.WriteByte('}')
		var text string
		if rapid.Bool().Draw(t, "json") {
			members := []string{`"name": "` + name + `"`, `"` + rapid.SampledFrom([]string{"arguments", "parameters"}).Draw(t, "key") + `": ` + want.String()}
			if rapid.Bool().Draw(t, "shuffled") {
				members[0], members[1] = members[1], members[0]
			}
			text = "Calling it. {" + strings.Join(members, ", ") + "}"
		} else {
			escape := rapid.Bool().Draw(t, "escape")
			md := func(s string) string {
				if escape {
					return strings.ReplaceAll(s, "_", `\_`)
				}
				return s
			}
			var args []string
			for i, k := range ks {
				args = append(args, md(k)+"="+vs[i])
			}
			if len(ks) > 0 && rapid.Bool().Draw(t, "repeat") { // a decoy first, the real value last
				i := rapid.IntRange(0, len(ks)-1).Draw(t, "repeated")
				args = append(args, md(ks[i])+"="+vs[i])
				args[i] = md(ks[i]) + `="decoy"`
			}
			text = "Calling it. [" + md(name) + "(" + strings.Join(args, ", ") + ")]"
		}
		res := stream.Parse(llama4.Format, text, toolcall.Request{Tools: tools(names...)}, allPolicy)
		if len(res.Calls) != 1 || res.Calls[0].Name != name || res.Calls[0].Arguments != want.String() {
			t.Fatalf("%s\ngave %+v, want %s %s", text, res.Calls, name, want.String())
		}
	})
}

// A backslash that no '_' follows is no markdown escape: it ends the name
// before it, and a name after it is a name of its own, however the deltas
// cut them (issue 49: x\ then get_weather(...) streamed no call).
func TestABackslashThatEscapesNothingEndsAName(t *testing.T) {
	rows := []tc{
		{"a name after a backslash", `x\get_weather(city="Paris")`, []string{"get_weather"}, `x\`, []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{"with no tools", `x\get_weather(city="Paris")`, nil, `x\`, []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{"after two backslashes", `x\\get_weather(city="Paris")`, []string{"get_weather"}, `x\\`, []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{"an escape goes on with the name", `x\_get_weather(city="Paris")`, []string{"get_weather"}, `x\_get_weather(city="Paris")`, nil},
		{"an escape in a tool's name", `get\_weather(city="Paris")`, []string{"get_weather"}, "", []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
	}
	streamtest.Run(t, llama4.Format, rows, allPolicy)
	streamtest.Run(t, llama4.Precise, rows, allPolicy)
}
