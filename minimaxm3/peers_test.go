package minimaxm3_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/minimaxm3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// NS is the namespace token every call tag begins with.
const NS = "]<]minimax[>["

// wire writes tags as SGLang's tests do: each after the namespace token,
// back to back.
func wire(lines ...string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(NS + l)
	}
	return b.String()
}

func tool(name, schema string) toolcall.Tool {
	return toolcall.Tool{Name: name, Parameters: json.RawMessage(schema)}
}

func call(name, args string) toolcall.Call { return toolcall.Call{Name: name, Arguments: args} }

// peerCase is one case of another parser's tests, as this package reads
// it: the tools offered, the text, and the reasoning, content and calls.
type peerCase struct {
	name               string
	tools              []toolcall.Tool
	doc                string
	reasoning, content string
	calls              []toolcall.Call
	inReasoning        bool // the prompt opened reasoning (thinking mode enabled)
}

func runPeers(t *testing.T, cases []peerCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := stream.StartOutsideReasoning()
			if c.inReasoning {
				opt = stream.StartInReasoning()
			}
			streamtest.ExpectReasoning(t, minimaxm3.Format, toolcall.Request{Tools: c.tools}, c.doc, c.reasoning, c.content, c.calls, opt)
		})
	}
}

// sglangTools are the tools of SGLang's MiniMax-M3 detector tests.
var sglangTools = []toolcall.Tool{
	tool("get_current_date", `{}`),
	tool("get_weather", `{"type":"object","properties":{"city":{"type":"string","description":"City name"}},"required":["city"]}`),
	tool("search", `{"type":"object","properties":{"query":{"type":"string"},"count":{"type":"integer"},"ratio":{"type":"number"},"verbose":{"type":"boolean"}},"required":["query"]}`),
	tool("create_event", `{"type":"object","properties":{"title":{"type":"string"},"location":{"type":"object","properties":{"city":{"type":"string"},"zip":{"type":"integer"}}},"tags":{"type":"array","items":{"type":"string"}}}}`),
	tool("add_note", `{"type":"object","properties":{"note":{"type":"string"}}}`),
	tool("configure", `{"type":"object","properties":{"mode":{"type":"string","enum":["none","low","high"]},"optional":{"type":["string","null"]}}}`),
}

// TestSGLangCases are the cases of SGLang's MiniMax-M3 detector tests
// (test/registered/unit/function_call/test_minimax_m3_detector.py, for
// python/sglang/srt/function_call/minimax_m3.py): tags back to back with
// no newlines, as its _wire writes them. Its streaming cases (the same
// outcomes in segments) are every split here; has_tool_call tests the
// detector's own API.
func TestSGLangCases(t *testing.T) {
	beijing := wire("<tool_call>", `<invoke name="get_weather">`, "<city>Beijing", "</city>", "</invoke>", "</tool_call>")
	tokyo := wire("<tool_call>", `<invoke name="get_weather">`, "<city>Tokyo", "</city>", "</invoke>", "</tool_call>")
	configure := func(param, value string) string {
		return wire("<tool_call>", `<invoke name="configure">`, "<"+param+">"+value, "</"+param+">", "</invoke>", "</tool_call>")
	}
	note := "a \"quoted\" word with \\ backslash and\nnewline"
	weather := func(params ...string) string {
		return wire(append(append([]string{"<tool_call>", `<invoke name="get_weather">`}, params...), "</invoke>", "</tool_call>")...)
	}
	weather2 := func(open string) string {
		return wire("<tool_call>", open, "<city>Beijing", "</city>", "</invoke>", "</tool_call>")
	}
	cases := []peerCase{
		{name: "no tool call", doc: "This is a plain response with no tool call.", content: "This is a plain response with no tool call."},
		{name: "single tool call", doc: beijing, calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{name: "zero-argument call", doc: wire("<tool_call>", `<invoke name="get_current_date">`, "</invoke>", "</tool_call>"),
			calls: []toolcall.Call{call("get_current_date", `{}`)}},
		{name: "two calls in separate blocks", doc: beijing + tokyo,
			calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`), call("get_weather", `{"city":"Tokyo"}`)}},
		{name: "two invokes in one block", doc: wire("<tool_call>", `<invoke name="get_weather">`, "<city>Beijing", "</city>", "</invoke>",
			`<invoke name="get_weather">`, "<city>Tokyo", "</city>", "</invoke>", "</tool_call>"),
			calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`), call("get_weather", `{"city":"Tokyo"}`)}},
		{name: "content before a call", doc: "Let me check the weather." + wire("<tool_call>", `<invoke name="get_weather">`, "<city>Paris", "</city>", "</invoke>", "</tool_call>"),
			content: "Let me check the weather.", calls: []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{name: "scalars typed by the schema", doc: wire("<tool_call>", `<invoke name="search">`, "<query>pizza", "</query>", "<count>7", "</count>",
			"<ratio>0.5", "</ratio>", "<verbose>true", "</verbose>", "</invoke>", "</tool_call>"),
			calls: []toolcall.Call{call("search", `{"query":"pizza","count":7,"ratio":0.5,"verbose":true}`)}},
		{name: "a nested object and array", doc: wire("<tool_call>", `<invoke name="create_event">`, "<title>Standup", "</title>",
			"<location>", "<city>NYC", "</city>", "<zip>10001", "</zip>", "</location>",
			"<tags>", "<item>red", "</item>", "<item>blue", "</item>", "</tags>", "</invoke>", "</tool_call>"),
			calls: []toolcall.Call{call("create_event", `{"title":"Standup","location":{"city":"NYC","zip":10001},"tags":["red","blue"]}`)}},
		{name: "a string with quotes, a backslash and a newline", doc: wire("<tool_call>", `<invoke name="add_note">`, "<note>"+note, "</note>", "</invoke>", "</tool_call>"),
			calls: []toolcall.Call{call("add_note", `{"note":`+quote(note)+`}`)}},
		// TestMinimaxM3NoneNullRegression: none, nil and null are a plain
		// string enum's values; null is null only where null may stand.
		{name: "an enum's none stays a string", doc: configure("mode", "none"), calls: []toolcall.Call{call("configure", `{"mode":"none"}`)}},
		{name: "an enum's nil stays a string", doc: configure("mode", "nil"), calls: []toolcall.Call{call("configure", `{"mode":"nil"}`)}},
		{name: "null where no null may stand stays a string", doc: configure("mode", "null"), calls: []toolcall.Call{call("configure", `{"mode":"null"}`)}},
		{name: "null where null may stand is null", doc: configure("optional", "null"), calls: []toolcall.Call{call("configure", `{"optional":null}`)}},
		{name: "none where null may stand stays a string", doc: configure("optional", "none"), calls: []toolcall.Call{call("configure", `{"optional":"none"}`)}},
		// TestMinimaxM3Malformed: no call, the text is content.
		{name: "cut, no closing tags", doc: wire("<tool_call>", `<invoke name="get_weather">`, "<city>Beijing"),
			content: wire("<tool_call>", `<invoke name="get_weather">`, "<city>Beijing")},
		// TestMinimaxM3LenientClosingTags: the shapes of close tags
		// MiniMax's provider checks ask to read as the well-formed ones
		// (an earlier version of the test had the first as content).
		{name: "a close tag of another name closes the innermost", doc: weather("<city>Beijing", "</wrong>"),
			calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{name: "a wrong close tag, then the right one", doc: weather("<city>Beijing", "</wrong>", "</city>"),
			calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{name: "a stray close tag after the element", doc: weather("<city>Beijing", "</city>", "</wrong>"),
			calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		// <zip> left open is closed with <location>: an empty element,
		// where an integer stands (coercion reports it).
		{name: "an element left open closes with its parent", doc: wire("<tool_call>", `<invoke name="create_event">`,
			"<location>", "<city>Beijing", "</city>", "<zip>", "</location>", "</invoke>", "</tool_call>"),
			calls: []toolcall.Call{call("create_event", `{"location":{"city":"Beijing","zip":""}}`)}},
		// TestMinimaxM3LenientInvokeOpen: the invoke tags long generations
		// write with the name= glue dropped or doubled. (Its form with a
		// namespace token spliced into the tag is not read: a token in a
		// tag breaks it.)
		{name: "an invoke tag without =", doc: weather2(`<invoke name get_weather">`), calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{name: "an invoke tag without =\"", doc: weather2(`<invoke nameget_weather">`), calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{name: "an invoke tag with name twice", doc: weather2(`<invoke name name="get_weather">`), calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		// The stream matches a name to the tool's spelling.
		{name: "a name in other case", doc: weather2(`<invoke name="Get_Weather">`), calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		// TestMinimaxM3MalformedStillContent: a marker's start the end cut
		// goes out as text ("[SILENCE]" whole); SGLang drops an
		// unfinished call at the end, here it is content.
		{name: "a bracket at the end is text", doc: "[SILENCE]", content: "[SILENCE]"},
		{name: "an unfinished call is content", doc: wire("<tool_call>", `<invoke name="get_weather">`),
			content: wire("<tool_call>", `<invoke name="get_weather">`)},
	}
	for i := range cases {
		cases[i].tools = sglangTools
	}
	runPeers(t, cases)
}

// TestSGLangComposedSchemas are SGLang's cases of a schema whose root
// has oneOf (TestMinimaxM3ComposedSchema, TestMinimaxM3TopLevelOneOf): a
// member takes the type of the alternative that lists it.
func TestSGLangComposedSchemas(t *testing.T) {
	example := tool("ExampleFunction", `{"type":"object","oneOf":[
		{"type":"object","additionalProperties":false,"properties":{"number":{"type":"number"}}},
		{"type":"object","additionalProperties":false,"properties":{"stringList":{"type":"array","items":{"type":"string"}}}},
		{"type":"object","additionalProperties":false,"properties":{"numberList":{"type":"array","items":{"type":"number"}}}}]}`)
	acme := tool("acme", `{"type":"object","oneOf":[
		{"type":"object","properties":{"count":{"type":"integer"},"verbose":{"type":"boolean"}},"required":["count","verbose"]},
		{"type":"object","properties":{"kind":{"const":"other"}},"required":["kind"]}]}`)
	invoke := func(name string, params ...string) string {
		return wire(append(append([]string{"<tool_call>", `<invoke name="` + name + `">`}, params...), "</invoke>", "</tool_call>")...)
	}
	runPeers(t, []peerCase{
		{name: "a number of the first alternative", tools: []toolcall.Tool{example}, doc: invoke("ExampleFunction", "<number>42", "</number>"),
			calls: []toolcall.Call{call("ExampleFunction", `{"number":42}`)}},
		{name: "string items", tools: []toolcall.Tool{example}, doc: invoke("ExampleFunction", "<stringList>", "<item>12", "</item>", "<item>34", "</item>", "</stringList>"),
			calls: []toolcall.Call{call("ExampleFunction", `{"stringList":["12","34"]}`)}},
		{name: "number items", tools: []toolcall.Tool{example}, doc: invoke("ExampleFunction", "<numberList>", "<item>12", "</item>", "<item>34", "</item>", "</numberList>"),
			calls: []toolcall.Call{call("ExampleFunction", `{"numberList":[12,34]}`)}},
		{name: "a top-level oneOf", tools: []toolcall.Tool{acme}, doc: invoke("acme", "<count>7", "</count>", "<verbose>true", "</verbose>"),
			calls: []toolcall.Call{call("acme", `{"count":7,"verbose":true}`)}},
	})
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// vllmTools is the tool of vLLM's MiniMax-M3 tests.
var vllmTools = []toolcall.Tool{tool("create_order", `{"type":"object","properties":{
	"user_id":{"type":"integer"},"urgent":{"type":"boolean"},"note":{"type":"string"},
	"shipping":{"type":"object","properties":{"city":{"type":"string"},"zip":{"type":"integer"}}},
	"items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer"}}}},
	"metadata":{"type":"object","additionalProperties":{"type":"string"}},
	"duplicate_demo":{"type":"object"}}}`)}

// TestVLLMCases are the cases of vLLM's
// tests/tool_parsers/test_minimax_m3_tool_parser.py (its parser,
// vllm/tool_parsers/minimax_m3_tool_parser.py, hands the text to its Rust
// tool-parser crate). The cases about the parser's registration, token
// IDs and delegating plumbing test vLLM's own machinery.
func TestVLLMCases(t *testing.T) {
	order := NS + "<tool_call>\n" +
		NS + `<invoke name="create_order">` +
		NS + "<user_id>42" + NS + "</user_id>" +
		NS + "<urgent>true" + NS + "</urgent>" +
		NS + "<note>Please leave at front desk." + NS + "</note>" +
		NS + "<shipping>" + NS + "<city>Singapore" + NS + "</city>" + NS + "<zip>018956" + NS + "</zip>" + NS + "</shipping>" +
		NS + "<items>" +
		NS + "<item>" + NS + "<sku>book-001" + NS + "</sku>" + NS + "<qty>2" + NS + "</qty>" + NS + "</item>" +
		NS + "<item>" + NS + "<sku>pen-007" + NS + "</sku>" + NS + "<qty>5" + NS + "</qty>" + NS + "</item>" +
		NS + "</items>" +
		NS + "<metadata>" + NS + "<source>mobile" + NS + "</source>" + NS + "<campaign>may-launch" + NS + "</campaign>" + NS + "</metadata>" +
		NS + "<duplicate_demo>" + NS + "<tag>a" + NS + "</tag>" + NS + "<tag>b" + NS + "</tag>" + NS + "</duplicate_demo>" +
		NS + "</invoke>\n" + NS + "</tool_call>"
	orderArgs := `{"user_id":42,"urgent":true,"note":"Please leave at front desk.","shipping":{"city":"Singapore","zip":18956},` +
		`"items":[{"sku":"book-001","qty":2},{"sku":"pen-007","qty":5}],"metadata":{"source":"mobile","campaign":"may-launch"},` +
		`"duplicate_demo":{"tag":["a","b"]}}`
	invocation := func(id string) string {
		return NS + `<invoke name="create_order">` + NS + "<user_id>" + id + NS + "</user_id>" + NS + "</invoke>"
	}
	secondSuffix := "\n" + NS + `<invoke name="create_order">` + NS + "<user_id>2"
	cases := []peerCase{
		// test_non_streaming_nested_tool_call, test_streaming_nested_tool_call.
		// vLLM keeps the content's last newline; the stream drops
		// whitespace at the content's end.
		{name: "a nested call after content", doc: "I will create it.\n" + order,
			content: "I will create it.", calls: []toolcall.Call{call("create_order", orderArgs)}},
		{name: "no call", doc: "plain response", content: "plain response"},
		{name: "two invokes in one block", doc: NS + "<tool_call>\n" + invocation("1") + "\n" + invocation("2") + "\n" + NS + "</tool_call>",
			calls: []toolcall.Call{call("create_order", `{"user_id":1}`), call("create_order", `{"user_id":2}`)}},
		// test_streaming_flushes_partial_tool_start_as_text.
		{name: "a cut opener is text", doc: "plain " + NS + "<tool_ca", content: "plain " + NS + "<tool_ca"},
		// test_streaming_error_recovery_keeps_committed_tool_call_structured:
		// the call that ended stays a call; the cut one is content.
		{name: "a call, then one cut", doc: "plain " + NS + "<tool_call>\n" + invocation("1") + secondSuffix,
			content: "plain " + secondSuffix, calls: []toolcall.Call{call("create_order", `{"user_id":1}`)}},
		// test_streaming_parse_error_emits_buffer_and_later_deltas: vLLM
		// hands on what follows the opener; here a block that is no call
		// is content whole, its opener too.
		{name: "a block that is no call", doc: NS + "<tool_call>\n" + NS + "</user_id> after error",
			content: NS + "<tool_call>\n" + NS + "</user_id> after error"},
	}
	for i := range cases {
		cases[i].tools = vllmTools
	}
	runPeers(t, cases)
}

// TestReasoningPeers are the cases of the peers' MiniMax-M3 reasoning
// parsers: vLLM's MiniMaxM3ReasoningParser
// (vllm/reasoning/minimax_m3_reasoning_parser.py) and SGLang's
// MiniMaxM3Detector (python/sglang/srt/parser/reasoning_parser.py).
// <mm:think> ... </mm:think> is reasoning; with thinking enabled the
// prompt opened it; a reply that did not think may begin with a stray
// </mm:think>, which is dropped.
func TestReasoningPeers(t *testing.T) {
	runPeers(t, []peerCase{
		{name: "reasoning, then content", doc: "<mm:think>reasoning text</mm:think>assistant content", reasoning: "reasoning text", content: "assistant content"},
		{name: "no reasoning", doc: "just an answer", content: "just an answer"},
		{name: "a stray closer first", doc: "</mm:think>Hello", content: "Hello"},
		{name: "a stray closer after whitespace", doc: "\n</mm:think>Hello", content: "Hello"},
		{name: "the prompt opened reasoning", doc: "reasoning text</mm:think>assistant content", reasoning: "reasoning text", content: "assistant content", inReasoning: true},
		{name: "reasoning never closed", doc: "<mm:think>still thinking", reasoning: "still thinking"},
		{name: "a call block ends reasoning", tools: sglangTools, doc: "<mm:think>I will look" + wire("<tool_call>", `<invoke name="get_weather">`, "<city>Oslo", "</city>", "</invoke>", "</tool_call>"),
			reasoning: "I will look", calls: []toolcall.Call{call("get_weather", `{"city":"Oslo"}`)}},
	})
}
