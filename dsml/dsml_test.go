package dsml_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// Tags of V3.2's spelling, as the peers' tests write them.
const (
	fcStart  = "<｜DSML｜function_calls>"
	fcEnd    = "</｜DSML｜function_calls>"
	invStart = `<｜DSML｜invoke name="`
	invEnd   = "</｜DSML｜invoke>"
	parStart = `<｜DSML｜parameter name="`
	parEnd   = "</｜DSML｜parameter>"
	eos      = "<｜end▁of▁sentence｜>"
)

// p writes a parameter in V3.2's spelling: string="typ".
func p(key, typ, val string) string { return parStart + key + `" string="` + typ + `">` + val + parEnd }

// invoke writes an invoke of params in V3.2's spelling, one a line.
func invoke(name string, params ...string) string {
	return invStart + name + "\">\n" + strings.Join(append(params, ""), "\n") + invEnd + "\n"
}

// block writes a V3.2 block of invokes.
func block(invokes ...string) string { return fcStart + "\n" + strings.Join(invokes, "") + fcEnd }

// v4 and v41 respell a V3.2 text as V4 and V4.1 write it.
func v4(s string) string { return strings.ReplaceAll(s, "function_calls>", "tool_calls>") }
func v41(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "function_calls>", "calls>"), "｜DSML｜", "｜DSML｜ ")
}

// The calls of the goldens' assistant turns (tools.txt): what the models
// write after the prompt's thinking marks, up to <｜end▁of▁sentence｜>.
var (
	goldenTwoCalls = "\n\n" + block(
		invoke("write_note", p("path", "true", "notes/todo.txt"), p("text", "true", "She said \"hi\"\nthen <b>left</b>")),
		invoke("lookup_order", p("order_id", "false", "42"), p("status", "true", "shipped"),
			p("options", "false", `{"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}`)))
	wantWrite  = call("write_note", `{"path":"notes/todo.txt","text":"She said \"hi\"\nthen <b>left</b>"}`)
	wantLookup = call("lookup_order", `{"order_id":42,"status":"shipped","options":{"include_items":true,"fields":["sku","qty"],"max_price":19.5}}`)
)

// TestGoldenTurns reads the assistant turns the goldens hold, in each
// spelling, and checks they are the goldens' own bytes.
func TestGoldenTurns(t *testing.T) {
	for _, g := range []struct{ dir, turn string }{
		{"deepseek_v32", goldenTwoCalls}, {"deepseek_v4", v4(goldenTwoCalls)}, {"deepseek_v41", v41(goldenTwoCalls)},
	} {
		golden, err := readGolden(g.dir, "tools")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(golden, g.turn+eos) {
			t.Fatalf("%s/tools.txt does not hold the turn %q", g.dir, g.turn)
		}
	}
	streamtest.Run(t, dsml.Format, []tc{
		{"V3.2, two calls", goldenTwoCalls + eos, nil, "", []toolcall.Call{wantWrite, wantLookup}},
		{"V4, two calls", v4(goldenTwoCalls) + eos, nil, "", []toolcall.Call{wantWrite, wantLookup}},
		{"V4.1, two calls", v41(goldenTwoCalls) + eos, nil, "", []toolcall.Call{wantWrite, wantLookup}},
		{"an answer (tools_answered.txt)", "Saved the note; order 42 has shipped." + eos, nil, "Saved the note; order 42 has shipped.", nil},
	}, stream.StartOutsideReasoning())
	// V4.1 and V3.2 with thinking: the prompt opened the reasoning
	// (reasoning_call.txt).
	for _, turn := range []string{goldenTwoCalls, v41(goldenTwoCalls)} {
		streamtest.ExpectReasoning(t, dsml.Format, toolcall.Request{}, "I should look the order up."+thinkClose+turn+eos,
			"I should look the order up.", "", []toolcall.Call{wantWrite, wantLookup}, stream.StartInReasoning())
	}
}

const thinkClose = "</think>"

// The tools of llama.cpp's tests (tests/test-chat.cpp), with the schemas
// that type their arguments.
var llamaTools = toolcall.Request{Tools: []toolcall.Tool{
	{Name: "get_time", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`)},
	{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`)},
	{Name: "special_function", Parameters: json.RawMessage(`{"type":"object","properties":{"arg1":{"type":"integer"}},"required":["arg1"]}`)},
	{Name: "magic_int", Parameters: json.RawMessage(`{"type":"object","properties":{"ref":{"type":"integer"},"name":{"type":"string"}},"required":["ref"]}`)},
	{Name: "amount", Parameters: json.RawMessage(`{"type":"object","properties":{"orig":{"type":"number"}},"required":["orig"]}`)},
	{Name: "toggle", Parameters: json.RawMessage(`{"type":"object","properties":{"enabled":{"type":"boolean"}},"required":["enabled"]}`)},
	{Name: "todo_list", Parameters: json.RawMessage(`{"type":"object","properties":{"todos":{"type":"array","items":{"type":"string"}}},"required":["todos"]}`)},
	{Name: "set_config", Parameters: json.RawMessage(`{"type":"object","properties":{"config":{"type":"object"}},"required":["config"]}`)},
}}

// TestLlamaCppCases has the DeepSeek V3.2 cases of llama.cpp's
// tests/test-chat.cpp (the Raudbjorn/ggml-llama.cpp fork): with thinking
// on, the prompt opened the reasoning.
func TestLlamaCppCases(t *testing.T) {
	in := stream.StartInReasoning()
	for _, tt := range []struct {
		name                    string
		thinking                bool
		doc, reasoning, content string
		calls                   []toolcall.Call
	}{
		{"pure content", false, "Hello, world!\nWhat's up?", "", "Hello, world!\nWhat's up?", nil},
		{"thinking and content", true, "I'm\nthinking</think>Hello, world!\nWhat's up?", "I'm\nthinking", "Hello, world!\nWhat's up?", nil},
		{"thinking and a call", true, "Let me check the time</think>\n\n" + block(invoke("get_time", p("city", "true", "Tokyo"))),
			"Let me check the time", "", []toolcall.Call{call("get_time", `{"city":"Tokyo"}`)}},
		{"an integer, thinking off", false, block(invoke("special_function", p("arg1", "false", "1"))),
			"", "", []toolcall.Call{call("special_function", `{"arg1":1}`)}},
		{"parallel calls", true, "Calling both</think>\n\n" + block(invoke("get_time", p("city", "true", "Paris")), invoke("get_weather", p("city", "true", "Paris"))),
			"Calling both", "", []toolcall.Call{call("get_time", `{"city":"Paris"}`), call("get_weather", `{"city":"Paris"}`)}},
		{"content before the calls", true, "Thinking about it</think>Let me call the function.\n\n" + block(invoke("special_function", p("arg1", "false", "1"))),
			"Thinking about it", "Let me call the function.", []toolcall.Call{call("special_function", `{"arg1":1}`)}},
		{"a negative number", true, "Test negative</think>\n\n" + block(invoke("magic_int", p("ref", "false", "-14"))),
			"Test negative", "", []toolcall.Call{call("magic_int", `{"ref":-14}`)}},
		{"a decimal", true, "Test decimal</think>\n\n" + block(invoke("amount", p("orig", "false", "3.14"))),
			"Test decimal", "", []toolcall.Call{call("amount", `{"orig":3.14}`)}},
		{"a boolean", true, "Test boolean</think>\n\n" + block(invoke("toggle", p("enabled", "false", "true"))),
			"Test boolean", "", []toolcall.Call{call("toggle", `{"enabled":true}`)}},
		{"an array", true, "Test array</think>\n\n" + block(invoke("todo_list", p("todos", "false", `["buy milk","walk dog"]`))),
			"Test array", "", []toolcall.Call{call("todo_list", `{"todos":["buy milk","walk dog"]}`)}},
		{"an object", true, "Test object</think>\n\n" + block(invoke("set_config", p("config", "false", `{"theme":"dark","level":2}`))),
			"Test object", "", []toolcall.Call{call("set_config", `{"config":{"theme":"dark","level":2}}`)}},
		{"empty reasoning", true, "</think>\n\n" + block(invoke("get_time", p("city", "true", "XYZCITY"))),
			"", "", []toolcall.Call{call("get_time", `{"city":"XYZCITY"}`)}},
		{"mixed types, the string last", true, "Multi-arg call</think>\n\n" + block(invoke("magic_int", p("ref", "false", "42"), p("name", "true", "foo bar"))),
			"Multi-arg call", "", []toolcall.Call{call("magic_int", `{"ref":42,"name":"foo bar"}`)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var opts []stream.Option
			if tt.thinking {
				opts = append(opts, in)
			}
			streamtest.ExpectReasoning(t, dsml.Format, llamaTools, tt.doc, tt.reasoning, tt.content, tt.calls, opts...)
		})
	}
}

// tool is a tool with its parameters' schema.
var tool = streamtest.Tool

// TestVLLMCases has the cases of vLLM's
// tests/tool_parsers/test_deepseekv32_tool_parser.py (extraction and
// streaming: every split here is streaming) this reader takes as vLLM does.
func TestVLLMCases(t *testing.T) {
	// build_tool_call: string parameters back to back, then a newline.
	build := func(name string, kv ...string) string {
		var ps string
		for i := 0; i < len(kv); i += 2 {
			ps += p(kv[i], "true", kv[i+1])
		}
		return fcStart + "\n" + invStart + name + "\">\n" + ps + "\n" + invEnd + "\n" + fcEnd
	}
	streamtest.Run(t, dsml.Format, []tc{
		{"no tool call", "just some text", nil, "just some text", nil},
		{"no parameters", fcStart + "\n" + invStart + "get_time\">\n" + invEnd + "\n" + fcEnd, nil, "", []toolcall.Call{call("get_time", `{}`)}},
		{"parameters", build("get_weather", "location", "SF", "date", "2024-01-16"), nil, "",
			[]toolcall.Call{call("get_weather", `{"location":"SF","date":"2024-01-16"}`)}},
		// vLLM keeps the space before the block; the stream drops blanks
		// next to a call, in every format.
		{"content before the call", "Sure, let me check! " + build("get_weather", "location", "NYC"), nil, "Sure, let me check!",
			[]toolcall.Call{call("get_weather", `{"location":"NYC"}`)}},
		{"two calls", block(invoke("get_weather", p("location", "true", "SF")), invoke("get_weather", p("location", "true", "NYC"))), nil, "",
			[]toolcall.Call{call("get_weather", `{"location":"SF"}`), call("get_weather", `{"location":"NYC"}`)}},
		{"no schema: string=false is JSON", block(invoke("unknown_fn", p("count", "false", "42"), p("flag", "false", "true"))), nil, "",
			[]toolcall.Call{call("unknown_fn", `{"count":42,"flag":true}`)}},
		{"a false partial marker", "<｜DSM some regular text", nil, "<｜DSM some regular text", nil},
		{"the delimiters as text", "Here is the weather: " + block(invoke("get_weather", p("location", "true", "Tokyo"))), nil, "Here is the weather:",
			[]toolcall.Call{call("get_weather", `{"location":"Tokyo"}`)}},
		{"a long string", build("emit", "text", strings.Repeat("A", 4096)), nil, "", []toolcall.Call{call("emit", `{"text":"`+strings.Repeat("A", 4096)+`"}`)}},
	}, stream.StartOutsideReasoning())
	for _, tt := range []struct {
		name, tools, params, want string
	}{
		{"types by the tag", `{"enabled":{"type":"boolean"},"count":{"type":"integer"}}`,
			p("enabled", "false", "true") + "\n" + p("count", "false", "42"), `{"enabled":true,"count":42}`},
		{"string=true, an integer by the schema", `{"value":{"type":"integer"}}`, p("value", "true", "42"), `{"value":42}`},
		{"string=false, an integer", `{"value":{"type":"integer"}}`, p("value", "false", "42"), `{"value":42}`},
		{"composed schemas", `{"wait":{"anyOf":[{"type":"object","properties":{"type":{"const":"until"},"date":{"type":"string"}}},{"type":"object","properties":{"type":{"const":"for"},"minutes":{"type":"number"}}}]},` +
			`"patches":{"oneOf":[{"type":"array","items":{"type":"object"}},{"type":"null"}]}}`,
			p("wait", "false", `{"type":"for","minutes":2880}`) + "\n" + p("patches", "false", `[{"op":"replace","path":"/schedule","value":"quiet"}]`),
			`{"wait":{"type":"for","minutes":2880},"patches":[{"op":"replace","path":"/schedule","value":"quiet"}]}`},
		{"string=true, an object by the schema", `{"wait":{"anyOf":[{"type":"object"},{"type":"null"}]}}`,
			p("wait", "true", `{"type":"for","minutes":2880}`), `{"wait":{"type":"for","minutes":2880}}`},
		{"an object and an array", `{"tags":{"type":"array"},"meta":{"type":"object"}}`,
			p("tags", "false", `["a", "b"]`) + "\n" + p("meta", "false", `{"k": 1}`), `{"tags":["a","b"],"meta":{"k":1}}`},
		{"numbers", `{"ratio":{"type":"number"},"whole":{"type":"number"}}`,
			p("ratio", "false", "3.14") + "\n" + p("whole", "false", "5.0"), `{"ratio":3.14,"whole":5}`},
		{"a type list", `{"count":{"type":["integer","null"]},"label":{"type":["string","null"]}}`,
			p("count", "false", "42") + "\n" + p("label", "false", "hello"), `{"count":42,"label":"hello"}`},
		{"null where null is allowed", `{"value":{"type":["integer","null"]}}`, p("value", "false", "null"), `{"value":null}`},
		{"null where a string is wanted", `{"text":{"type":"string"}}`, p("text", "false", "null"), `{"text":"null"}`},
		{"fallbacks", `{"union_value":{"type":["null","string"]},"bad_int":{"type":"integer"},"nullable_string":{"type":["null","string"]},"null_string":{"type":"string"},"whole_number":{"type":"number"}}`,
			p("union_value", "false", "hello") + "\n" + p("bad_int", "false", "abc") + "\n" + p("nullable_string", "false", "null") + "\n" +
				p("null_string", "false", "null") + "\n" + p("whole_number", "false", "3.0"),
			`{"union_value":"hello","bad_int":"abc","nullable_string":null,"null_string":"null","whole_number":3}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := toolcall.Request{Tools: []toolcall.Tool{tool("f", `{"type":"object","properties":`+tt.tools+`}`)}}
			doc := fcStart + "\n" + invStart + "f\">\n" + tt.params + "\n" + invEnd + "\n" + fcEnd
			streamtest.Expect(t, dsml.Format, req, doc, "", []toolcall.Call{call("f", tt.want)}, stream.StartOutsideReasoning())
			st := streamtest.CompareStreaming(t, dsml.Format, req, streamtest.SeededSplit(doc, 5), stream.StartOutsideReasoning())
			if st.Retracted != 0 || st.Resent != 0 {
				t.Errorf("streamed: %+v", st)
			}
		})
	}
}

// sglangTools are the tools of SGLang's DeepSeekV32Detector tests.
var sglangTools = toolcall.Request{Tools: []toolcall.Tool{
	tool("search", `{"type":"object","properties":{"query":{"type":"string"},"topn":{"type":"integer","default":10},"source":{"type":"string","enum":["web","news"],"default":"web"}},"required":["query"]}`),
	tool("get_favorite_tourist_spot", `{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`),
	tool("get_date", `{"type":"object","properties":{}}`),
}}

// TestSGLangCases has the cases of SGLang's TestDeepSeekV32Detector
// (test/registered/function_call/test_function_call_parser.py) and the
// examples of its deepseekv4 detector's doc: indented tags, invokes that
// hold JSON objects, invokes without parameters.
func TestSGLangCases(t *testing.T) {
	const intro = "I'll help you with information about San Francisco and get its favorite tourist spot for you."
	spot := call("get_favorite_tourist_spot", `{"city":"San Francisco"}`)
	search := call("search", `{"query":"WebNav benchmark","topn":10,"source":"web"}`)
	for _, tt := range []struct {
		name, doc, content string
		calls              []toolcall.Call
	}{
		{"XML, indented", intro + "\n\n\n        " + fcStart + "\n\n            " + invStart + "get_favorite_tourist_spot\">\n\n                " +
			p("city", "true", "San Francisco") + "\n\n            " + invEnd + "\n\n            " + invStart + "search\">\n                " +
			p("query", "true", "WebNav benchmark") + "\n                " + p("topn", "false", "10") + "\n                " + p("source", "true", "web") +
			"\n            " + invEnd + "\n        " + fcEnd + "\n        ", intro, []toolcall.Call{spot, search}},
		{"JSON in invokes", intro + "\n\n        " + fcStart + "\n            " + invStart + "get_favorite_tourist_spot\">\n            {\n                \"city\": \"San Francisco\"\n            }\n        " + invEnd +
			"\n            " + invStart + "search\">\n            {\n                \"query\": \"WebNav benchmark\",\n                \"topn\": 10,\n                \"source\": \"web\"\n            }\n        " + invEnd +
			"\n        " + fcEnd + "\n        ", intro, []toolcall.Call{spot, search}},
		{"XML, streamed", fcStart + "\n            " + invStart + "get_favorite_tourist_spot\">\n                " + p("city", "true", "San Francisco") + "\n                " +
			p("another_city", "true", "London") + "\n                " + p("topn", "false", "10") + "\n                " + p("obj", "false", `{"name": "John", "age": 30}`) +
			"\n            " + invEnd + "\n        " + fcEnd, "",
			[]toolcall.Call{call("get_favorite_tourist_spot", `{"city":"San Francisco","another_city":"London","topn":10,"obj":{"name":"John","age":30}}`)}},
		{"no parameters", "Let me get the current date for you.\n\n" + fcStart + "\n" + invStart + "get_date\">\n" + invEnd + "\n" + fcEnd,
			"Let me get the current date for you.", []toolcall.Call{call("get_date", `{}`)}},
		{"no parameters, blank lines", fcStart + "\n" + invStart + "get_date\">\n\n" + invEnd + "\n" + fcEnd, "", []toolcall.Call{call("get_date", `{}`)}},
		{"V4, XML (deepseekv4_detector.py)", v4(fcStart + "\n    " + invStart + "get_favorite_tourist_spot\">\n    " + p("city", "true", "San Francisco") + "\n" + invEnd + "\n" + fcEnd),
			"", []toolcall.Call{spot}},
		{"V4, JSON (deepseekv4_detector.py)", v4(fcStart + "\n    " + invStart + "get_favorite_tourist_spot\">\n    { \"city\": \"San Francisco\" }\n" + invEnd + "\n" + fcEnd),
			"", []toolcall.Call{spot}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			streamtest.Expect(t, dsml.Format, sglangTools, tt.doc, tt.content, tt.calls, stream.StartOutsideReasoning())
		})
	}
}

// TestPeerDifferences: where a peer reads otherwise, what this reader
// does (the package doc says why).
func TestPeerDifferences(t *testing.T) {
	streamtest.Run(t, dsml.Format, []tc{
		// llama.cpp ends a string at its first close tag, and the invoke
		// then fails; the literal-tag rule keeps the text.
		{"a close tag inside a string (llama.cpp)", block(invoke("f", p("s", "true", "a"+parEnd+"b"))), nil, "",
			[]toolcall.Call{call("f", `{"s":"a`+parEnd+`b"}`)}},
		// SGLang strips the blanks around a string.
		{"blanks around a string (SGLang)", block(invoke("f", p("s", "true", " San Francisco\n"))), nil, "",
			[]toolcall.Call{call("f", `{"s":" San Francisco\n"}`)}},
		// SGLang reads tags without ｜DSML｜.
		{"tags without ｜DSML｜ (SGLang)", "<function_calls>\n<invoke name=\"f\">\n<parameter name=\"s\" string=\"true\">x</parameter>\n</invoke>\n</function_calls>", nil,
			"<function_calls>\n<invoke name=\"f\">\n<parameter name=\"s\" string=\"true\">x</parameter>\n</invoke>\n</function_calls>", nil},
		// vLLM unwraps a lone "arguments" parameter the schema does not name.
		{"an arguments parameter (vLLM)", block(invoke("get_weather", p("arguments", "false", `{"location":"Beijing"}`))), nil, "",
			[]toolcall.Call{call("get_weather", `{"arguments":{"location":"Beijing"}}`)}},
	}, outside)
	// SGLang's V4 detector refuses a call whose arguments break the
	// tool's schema; here it is a call, with a schema diagnostic.
	req := toolcall.Request{Tools: []toolcall.Tool{tool("f", `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`)}}
	r := stream.Parse(dsml.Format, v4(block(invoke("f", p("m", "false", "1")))), req, outside)
	if len(r.Calls) != 1 || len(r.Diagnostics) == 0 || r.Diagnostics[0].Kind != toolcall.KindSchema {
		t.Errorf("a call that breaks its schema: %+v", r)
	}
}
