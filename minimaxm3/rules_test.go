package minimaxm3_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/minimaxm3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// block writes a call block of one invoke of name holding params.
func block(name string, params ...string) string {
	return NS + "<tool_call>\n" + NS + `<invoke name="` + name + `">` + strings.Join(params, "") + NS + "</invoke>\n" + NS + "</tool_call>"
}

// el writes an element.
func el(key string, content ...string) string {
	return NS + "<" + key + ">" + strings.Join(content, "") + NS + "</" + key + ">"
}

var typedTools = []toolcall.Tool{
	tool("f", `{"type":"object","properties":{
		"s":{"type":"string"},"n":{"type":"integer"},"x":{"type":"number"},"b":{"type":"boolean"},
		"o":{"type":"object","properties":{"k":{"type":"string"},"v":{"type":"integer"}}},
		"a":{"type":"array","items":{"type":"integer"}},"free":{"type":"object"},"list":{"type":"array"},
		"ns":{"type":["string","null"]},"item":{"type":"object","properties":{"item":{"type":"string"}}}}}`),
}

// TestRules are the reading rules of the package doc, one case each.
func TestRules(t *testing.T) {
	tests := []struct {
		name    string
		tools   []toolcall.Tool
		doc     string
		content string
		calls   []toolcall.Call
	}{
		// Values.
		{name: "a value is its text exactly", tools: typedTools, doc: block("f", el("s", "  two\nlines\n")),
			calls: []toolcall.Call{call("f", `{"s":"  two\nlines\n"}`)}},
		{name: "values typed by the schema", tools: typedTools, doc: block("f", el("n", "7"), el("x", "2.5"), el("b", "false"), el("s", "42")),
			calls: []toolcall.Call{call("f", `{"n":7,"x":2.5,"b":false,"s":"42"}`)}},
		{name: "nested places typed by the schema", tools: typedTools, doc: block("f", el("o", el("k", "7"), el("v", "8")), el("a", el("item", "1"), el("item", "2"))),
			calls: []toolcall.Call{call("f", `{"o":{"k":"7","v":8},"a":[1,2]}`)}},
		{name: "where nothing types a value, JSON scalars are typed", tools: typedTools,
			doc:   block("f", el("free", el("n", "7"), el("t", "true"), el("z", "null"), el("s", "seven"), el("q", " 7"))),
			calls: []toolcall.Call{call("f", `{"free":{"n":7,"t":true,"z":null,"s":"seven","q":" 7"}}`)}},
		{name: "no schema: JSON scalars typed, the rest text", doc: block("g", el("n", "7"), el("s", "x"), el("o", el("k", "1.5"))),
			calls: []toolcall.Call{call("g", `{"n":7,"s":"x","o":{"k":1.5}}`)}},
		{name: "an array of items without a schema", doc: block("g", el("l", el("item", "a"), el("item", "b"))),
			calls: []toolcall.Call{call("g", `{"l":["a","b"]}`)}},
		{name: "items where the schema wants an object", tools: typedTools, doc: block("f", el("item", el("item", "x"))),
			calls: []toolcall.Call{call("f", `{"item":{"item":"x"}}`)}},
		{name: "empty elements typed by the schema", tools: typedTools, doc: block("f", el("s"), el("free"), el("list"), el("a")),
			calls: []toolcall.Call{call("f", `{"s":"","free":{},"list":[],"a":[]}`)}},
		{name: "an object written as JSON", tools: typedTools, doc: block("f", el("free", `{"k": [1, "x"]}`), el("list", `[1, 2]`)),
			calls: []toolcall.Call{call("f", `{"free":{"k":[1,"x"]},"list":[1,2]}`)}},
		{name: "null where null may stand", tools: typedTools, doc: block("f", el("ns", "null")),
			calls: []toolcall.Call{call("f", `{"ns":null}`)}},
		{name: "a repeated key is an array of its values", doc: block("g", el("t", "a"), el("u", "1"), el("t", "b")),
			calls: []toolcall.Call{call("g", `{"t":["a","b"],"u":1}`)}},
		{name: "whitespace between elements", tools: typedTools, doc: block("f", "\n  ", el("o", "\n", el("k", "a"), "\n"), "\n"),
			calls: []toolcall.Call{call("f", `{"o":{"k":"a"}}`)}},
		{name: "whitespace after the namespace token", doc: NS + " <tool_call>\n" + NS + ` <invoke name="g">` + NS + "\n<a>1" + NS + " </a>" + NS + "</invoke>\n" + NS + "</tool_call>",
			calls: []toolcall.Call{call("g", `{"a":1}`)}},
		{name: "tags of other formats are text in a value", doc: block("g", el("s", `<tool_call><invoke name="x"></invoke></tool_call><mm:think></mm:think>`)),
			calls: []toolcall.Call{call("g", `{"s":"<tool_call><invoke name=\"x\"></invoke></tool_call><mm:think></mm:think>"}`)}},
		{name: "elements named after the format's tags", doc: block("g", el("tool_call", "a"), el("invoke", "b"), el("item", "c")),
			calls: []toolcall.Call{call("g", `{"tool_call":"a","invoke":"b","item":"c"}`)}},
		{name: "a call without arguments", doc: block("g"), calls: []toolcall.Call{call("g", `{}`)}},
		{name: "an unknown tool's call", tools: typedTools, doc: block("h", el("a", "1")), calls: []toolcall.Call{call("h", `{"a":1}`)}},
		// Blocks and prose.
		{name: "prose around blocks", doc: "Before. " + block("g", el("a", "1")) + " Between. " + block("g", el("a", "2")) + " After.",
			content: "Before.  Between.  After.", calls: []toolcall.Call{call("g", `{"a":1}`), call("g", `{"a":2}`)}},
		{name: "a block whose end is missing, then another", doc: NS + "<tool_call>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + "</invoke>\n" + block("g", el("a", "2")),
			calls: []toolcall.Call{call("g", `{"a":1}`), call("g", `{"a":2}`)}},
		{name: "a block whose end is missing at the end", doc: NS + "<tool_call>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + "</invoke>\n",
			calls: []toolcall.Call{call("g", `{"a":1}`)}},
		{name: "a block cut in its end", doc: NS + "<tool_call>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + "</invoke>\n" + NS + "</tool_ca",
			calls: []toolcall.Call{call("g", `{"a":1}`)}},
		{name: "a stray namespace token in prose is text", doc: "a ]<]minimax[>[ b " + NS + "</tool_call> c", content: "a ]<]minimax[>[ b ]<]minimax[>[</tool_call> c"},
		{name: "a stray </mm:think> in prose is dropped", doc: "a </mm:think>b", content: "a b"},
		{name: "brackets in prose", doc: "x[0] ]] [[ ]<]m [e~ ]~b", content: "x[0] ]] [[ ]<]m [e~ ]~b"},
		// Calls that are not: content, verbatim.
		{name: "an empty block", doc: "a " + NS + "<tool_call>\n" + NS + "</tool_call> b", content: "a " + NS + "<tool_call>\n" + NS + "</tool_call> b"},
		{name: "text between invokes", doc: NS + "<tool_call>\nhello" + NS + "</tool_call>", content: NS + "<tool_call>\nhello" + NS + "</tool_call>"},
		{name: "text beside elements", doc: block("g", el("o", "x", el("k", "1"))), content: block("g", el("o", "x", el("k", "1")))},
		{name: "a name that is no name", doc: block("a b", el("k", "1")), content: block("a b", el("k", "1"))},
		{name: "the token without a tag", doc: block("g", NS+"x"), content: block("g", NS+"x")},
		{name: "a broken invoke, then a good one", doc: NS + "<tool_call>\n" + NS + `<invoke name="g">x` + NS + "</invoke>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + "</invoke>\n" + NS + "</tool_call>",
			content: NS + "<tool_call>\n" + NS + `<invoke name="g">x` + NS + "</invoke>", calls: []toolcall.Call{call("g", `{"a":1}`)}},
		{name: "an invoke without its end, then another", doc: NS + "<tool_call>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + `<invoke name="g">` + el("a", "2") + NS + "</invoke>\n" + NS + "</tool_call>",
			content: NS + "<tool_call>\n" + NS + `<invoke name="g">` + el("a", "1"), calls: []toolcall.Call{call("g", `{"a":2}`)}},
		{name: "a block's end inside an invoke", doc: NS + "<tool_call>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + "</tool_call> after",
			content: NS + "<tool_call>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + "</tool_call> after"},
		// Ends of turn.
		{name: "an end of turn after a block", doc: block("g", el("a", "1")) + "[e~[", calls: []toolcall.Call{call("g", `{"a":1}`)}},
		{name: "an end of turn where the block's end is missing", doc: NS + "<tool_call>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + "</invoke>\n[e~[ next",
			calls: []toolcall.Call{call("g", `{"a":1}`)}},
		{name: "an end of turn inside a value", doc: NS + "<tool_call>\n" + NS + `<invoke name="g">` + NS + "<a>1[e~[" + NS + "</a>",
			content: NS + "<tool_call>\n" + NS + `<invoke name="g">` + NS + "<a>1"},
		{name: "a role header ends the turn", doc: "Done.\n]~b]user\nmore", content: "Done."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			streamtest.Expect(t, minimaxm3.Format, toolcall.Request{Tools: tc.tools}, tc.doc, tc.content, tc.calls, stream.StartOutsideReasoning())
		})
	}
}

// TestDiagnostics: what is not read as calls is told, once, with its
// kind.
func TestDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		kind string
		text string // a word of the message
	}{
		{"a cut call", NS + "<tool_call>\n" + NS + `<invoke name="g">` + NS + "<a>1", toolcall.KindSyntax, "cut off"},
		{"an empty block", NS + "<tool_call>" + NS + "</tool_call>", toolcall.KindSyntax, "without an invoke"},
		{"text between elements", block("g", "x"), toolcall.KindSyntax, "text between the elements"},
		{"a repaired close tag", block("g", NS+"<a>1"+NS+"</b>"), toolcall.KindSyntax, "innermost"},
		{"a repaired invoke tag", NS + "<tool_call>" + NS + `<invoke name g">` + NS + "</invoke>" + NS + "</tool_call>", toolcall.KindSyntax, "read as one"},
		{"text after the end of the turn", "Hi[e~[ more", toolcall.KindEndOfTurn, "dropped"},
	}
	for _, tc := range tests {
		r := stream.Parse(minimaxm3.Format, tc.doc, toolcall.Request{}, stream.StartOutsideReasoning())
		n := 0
		for _, d := range r.Diagnostics {
			if d.Kind == tc.kind && strings.Contains(d.Message, tc.text) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: diagnostics %+v, want one %s saying %q", tc.name, r.Diagnostics, tc.kind, tc.text)
		}
	}
}

// TestLimits: elements nested past the depth limit, and a block past the
// pending limit, are content with a limit diagnostic, whatever the split.
func TestLimits(t *testing.T) {
	deep := strings.Repeat(NS+"<a>", 10) + "x" + strings.Repeat(NS+"</a>", 10)
	long := block("g", el("s", strings.Repeat("y", 500)))
	for _, tc := range []struct {
		name   string
		doc    string
		limits toolcall.Limits
	}{
		{"too deep", block("g", deep), toolcall.Limits{MaxDepth: 5}},
		{"too long", long, toolcall.Limits{MaxPending: 200}},
	} {
		opts := []stream.Option{stream.WithLimits(tc.limits), stream.StartOutsideReasoning()}
		r := streamtest.Compare(t, minimaxm3.Format, toolcall.Request{}, []string{tc.doc}, opts...)
		if len(r.Calls) != 0 || r.Content != tc.doc {
			t.Errorf("%s: calls %v, content %q; want none, and the text", tc.name, r.Calls, r.Content)
		}
		if !slices.ContainsFunc(r.Diagnostics, func(d toolcall.Diagnostic) bool { return d.Kind == toolcall.KindLimit }) {
			t.Errorf("%s: no limit diagnostic in %+v", tc.name, r.Diagnostics)
		}
		for _, n := range []int{1, 3, 64} {
			streamtest.Compare(t, minimaxm3.Format, toolcall.Request{}, streamtest.SeededSplit(tc.doc, uint64(n)), opts...)
		}
	}
	// Within the limits, the same call is read.
	r := stream.Parse(minimaxm3.Format, block("g", deep), toolcall.Request{}, stream.StartOutsideReasoning())
	if len(r.Calls) != 1 {
		t.Errorf("10 levels under the default depth limit: %d calls, want 1", len(r.Calls))
	}
}

// documents are texts the stream's promises are checked on, whole and in
// every split.
var documents = []string{
	block("get_weather", el("city", "Paris")) + "[e~[",
	"<mm:think>plan</mm:think>Let me check." + block("f", el("o", el("k", "v")), el("a", el("item", "1"), el("item", "2"))),
	"a " + NS + "<tool_ca",
	NS + "<tool_call>\n" + NS + `<invoke name="g">` + NS + "<a>1" + NS + "</b>" + NS + "</invoke>\n" + NS + "</tool_call> after",
	NS + "<tool_call>\n" + NS + `<invoke name="g">x` + NS + "</invoke>\n" + NS + `<invoke name="g">` + el("a", "1") + NS + "</invoke>",
	"]]<]minimax[>[<tool_call>" + NS + "</tool_call>]~b]x",
	"x]<]minimax]<]minimax[>[<tool_call>\n" + NS + `<invoke name="f">` + NS + "</invoke>" + NS + "</tool_call>",
	"</mm:think>[e~]~b[e~[",
	NS, "]", "[", "<", NS + " ", NS + "<", NS + "<tool_call>", "[e~[", "]~b]", "</mm:think>", "<mm:think>",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormatRequest(t, minimaxm3.Format, toolcall.Request{Tools: streamtest.Tools("f", "g", "get_weather")}, documents)
}

// FuzzMiniMaxM3 checks the stream's promises on any document in random
// deltas. (The tools have no schemas: the order of a call's schema
// diagnostics is not stable from one run to the next, whatever the
// format.)
func FuzzMiniMaxM3(f *testing.F) {
	for i, d := range documents {
		f.Add(d, uint64(i))
	}
	f.Fuzz(func(t *testing.T, doc string, seed uint64) {
		streamtest.Compare(t, minimaxm3.Format, toolcall.Request{Tools: streamtest.Tools("f", "g", "get_weather")}, streamtest.SeededSplit(doc, seed))
	})
}
