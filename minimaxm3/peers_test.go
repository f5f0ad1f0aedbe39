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

var tool = streamtest.Tool

func call(name, args string) toolcall.Call { return toolcall.Call{Name: name, Arguments: args} }

// peerCase is a case of another parser's tests (streamtest.ReasoningCase).
type peerCase = streamtest.ReasoningCase

// runPeers runs the cases on a stream told the prompt left reasoning
// closed, or told the case's own Start.
func runPeers(t *testing.T, cases []peerCase) {
	t.Helper()
	streamtest.RunReasoning(t, minimaxm3.Format, stream.StartOutsideReasoning(), cases)
}

// inReasoning is the Start of a case whose prompt opened reasoning
// (thinking mode enabled).
var inReasoning = stream.StartInReasoning()

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
		{Name: "no tool call", Doc: "This is a plain response with no tool call.", Content: "This is a plain response with no tool call."},
		{Name: "single tool call", Doc: beijing, Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{Name: "zero-argument call", Doc: wire("<tool_call>", `<invoke name="get_current_date">`, "</invoke>", "</tool_call>"),
			Calls: []toolcall.Call{call("get_current_date", `{}`)}},
		{Name: "two calls in separate blocks", Doc: beijing + tokyo,
			Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`), call("get_weather", `{"city":"Tokyo"}`)}},
		{Name: "two invokes in one block", Doc: wire("<tool_call>", `<invoke name="get_weather">`, "<city>Beijing", "</city>", "</invoke>",
			`<invoke name="get_weather">`, "<city>Tokyo", "</city>", "</invoke>", "</tool_call>"),
			Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`), call("get_weather", `{"city":"Tokyo"}`)}},
		{Name: "content before a call", Doc: "Let me check the weather." + wire("<tool_call>", `<invoke name="get_weather">`, "<city>Paris", "</city>", "</invoke>", "</tool_call>"),
			Content: "Let me check the weather.", Calls: []toolcall.Call{call("get_weather", `{"city":"Paris"}`)}},
		{Name: "scalars typed by the schema", Doc: wire("<tool_call>", `<invoke name="search">`, "<query>pizza", "</query>", "<count>7", "</count>",
			"<ratio>0.5", "</ratio>", "<verbose>true", "</verbose>", "</invoke>", "</tool_call>"),
			Calls: []toolcall.Call{call("search", `{"query":"pizza","count":7,"ratio":0.5,"verbose":true}`)}},
		{Name: "a nested object and array", Doc: wire("<tool_call>", `<invoke name="create_event">`, "<title>Standup", "</title>",
			"<location>", "<city>NYC", "</city>", "<zip>10001", "</zip>", "</location>",
			"<tags>", "<item>red", "</item>", "<item>blue", "</item>", "</tags>", "</invoke>", "</tool_call>"),
			Calls: []toolcall.Call{call("create_event", `{"title":"Standup","location":{"city":"NYC","zip":10001},"tags":["red","blue"]}`)}},
		{Name: "a string with quotes, a backslash and a newline", Doc: wire("<tool_call>", `<invoke name="add_note">`, "<note>"+note, "</note>", "</invoke>", "</tool_call>"),
			Calls: []toolcall.Call{call("add_note", `{"note":`+quote(note)+`}`)}},
		// TestMinimaxM3NoneNullRegression: none, nil and null are a plain
		// string enum's values; null is null only where null may stand.
		{Name: "an enum's none stays a string", Doc: configure("mode", "none"), Calls: []toolcall.Call{call("configure", `{"mode":"none"}`)}},
		{Name: "an enum's nil stays a string", Doc: configure("mode", "nil"), Calls: []toolcall.Call{call("configure", `{"mode":"nil"}`)}},
		{Name: "null where no null may stand stays a string", Doc: configure("mode", "null"), Calls: []toolcall.Call{call("configure", `{"mode":"null"}`)}},
		{Name: "null where null may stand is null", Doc: configure("optional", "null"), Calls: []toolcall.Call{call("configure", `{"optional":null}`)}},
		{Name: "none where null may stand stays a string", Doc: configure("optional", "none"), Calls: []toolcall.Call{call("configure", `{"optional":"none"}`)}},
		// TestMinimaxM3Malformed: no call, the text is content.
		{Name: "cut, no closing tags", Doc: wire("<tool_call>", `<invoke name="get_weather">`, "<city>Beijing"),
			Content: wire("<tool_call>", `<invoke name="get_weather">`, "<city>Beijing")},
		// TestMinimaxM3LenientClosingTags: the shapes of close tags
		// MiniMax's provider checks ask to read as the well-formed ones
		// (an earlier version of the test had the first as content).
		{Name: "a close tag of another name closes the innermost", Doc: weather("<city>Beijing", "</wrong>"),
			Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{Name: "a wrong close tag, then the right one", Doc: weather("<city>Beijing", "</wrong>", "</city>"),
			Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{Name: "a stray close tag after the element", Doc: weather("<city>Beijing", "</city>", "</wrong>"),
			Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		// <zip> left open is closed with <location>: an empty element,
		// where an integer stands (coercion reports it).
		{Name: "an element left open closes with its parent", Doc: wire("<tool_call>", `<invoke name="create_event">`,
			"<location>", "<city>Beijing", "</city>", "<zip>", "</location>", "</invoke>", "</tool_call>"),
			Calls: []toolcall.Call{call("create_event", `{"location":{"city":"Beijing","zip":""}}`)}},
		// TestMinimaxM3LenientInvokeOpen: the invoke tags long generations
		// write with the name= glue dropped or doubled. (Its form with a
		// namespace token spliced into the tag is not read: a token in a
		// tag breaks it.)
		{Name: "an invoke tag without =", Doc: weather2(`<invoke name get_weather">`), Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{Name: "an invoke tag without =\"", Doc: weather2(`<invoke nameget_weather">`), Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		{Name: "an invoke tag with name twice", Doc: weather2(`<invoke name name="get_weather">`), Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		// The stream matches a name to the tool's spelling.
		{Name: "a name in other case", Doc: weather2(`<invoke name="Get_Weather">`), Calls: []toolcall.Call{call("get_weather", `{"city":"Beijing"}`)}},
		// TestMinimaxM3MalformedStillContent: a marker's start the end cut
		// goes out as text ("[SILENCE]" whole); SGLang drops an
		// unfinished call at the end, here it is content.
		{Name: "a bracket at the end is text", Doc: "[SILENCE]", Content: "[SILENCE]"},
		{Name: "an unfinished call is content", Doc: wire("<tool_call>", `<invoke name="get_weather">`),
			Content: wire("<tool_call>", `<invoke name="get_weather">`)},
	}
	for i := range cases {
		cases[i].Tools = sglangTools
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
		{Name: "a number of the first alternative", Tools: []toolcall.Tool{example}, Doc: invoke("ExampleFunction", "<number>42", "</number>"),
			Calls: []toolcall.Call{call("ExampleFunction", `{"number":42}`)}},
		{Name: "string items", Tools: []toolcall.Tool{example}, Doc: invoke("ExampleFunction", "<stringList>", "<item>12", "</item>", "<item>34", "</item>", "</stringList>"),
			Calls: []toolcall.Call{call("ExampleFunction", `{"stringList":["12","34"]}`)}},
		{Name: "number items", Tools: []toolcall.Tool{example}, Doc: invoke("ExampleFunction", "<numberList>", "<item>12", "</item>", "<item>34", "</item>", "</numberList>"),
			Calls: []toolcall.Call{call("ExampleFunction", `{"numberList":[12,34]}`)}},
		{Name: "a top-level oneOf", Tools: []toolcall.Tool{acme}, Doc: invoke("acme", "<count>7", "</count>", "<verbose>true", "</verbose>"),
			Calls: []toolcall.Call{call("acme", `{"count":7,"verbose":true}`)}},
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
		{Name: "a nested call after content", Doc: "I will create it.\n" + order,
			Content: "I will create it.", Calls: []toolcall.Call{call("create_order", orderArgs)}},
		{Name: "no call", Doc: "plain response", Content: "plain response"},
		{Name: "two invokes in one block", Doc: NS + "<tool_call>\n" + invocation("1") + "\n" + invocation("2") + "\n" + NS + "</tool_call>",
			Calls: []toolcall.Call{call("create_order", `{"user_id":1}`), call("create_order", `{"user_id":2}`)}},
		// test_streaming_flushes_partial_tool_start_as_text.
		{Name: "a cut opener is text", Doc: "plain " + NS + "<tool_ca", Content: "plain " + NS + "<tool_ca"},
		// test_streaming_error_recovery_keeps_committed_tool_call_structured:
		// the call that ended stays a call; the cut one is content.
		{Name: "a call, then one cut", Doc: "plain " + NS + "<tool_call>\n" + invocation("1") + secondSuffix,
			Content: "plain " + secondSuffix, Calls: []toolcall.Call{call("create_order", `{"user_id":1}`)}},
		// test_streaming_parse_error_emits_buffer_and_later_deltas: vLLM
		// hands on what follows the opener; here a block that is no call
		// is content whole, its opener too.
		{Name: "a block that is no call", Doc: NS + "<tool_call>\n" + NS + "</user_id> after error",
			Content: NS + "<tool_call>\n" + NS + "</user_id> after error"},
	}
	for i := range cases {
		cases[i].Tools = vllmTools
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
		{Name: "reasoning, then content", Doc: "<mm:think>reasoning text</mm:think>assistant content", Reasoning: "reasoning text", Content: "assistant content"},
		{Name: "no reasoning", Doc: "just an answer", Content: "just an answer"},
		{Name: "a stray closer first", Doc: "</mm:think>Hello", Content: "Hello"},
		{Name: "a stray closer after whitespace", Doc: "\n</mm:think>Hello", Content: "Hello"},
		{Name: "the prompt opened reasoning", Doc: "reasoning text</mm:think>assistant content", Reasoning: "reasoning text", Content: "assistant content", Start: inReasoning},
		{Name: "reasoning never closed", Doc: "<mm:think>still thinking", Reasoning: "still thinking"},
		{Name: "a call block ends reasoning", Tools: sglangTools, Doc: "<mm:think>I will look" + wire("<tool_call>", `<invoke name="get_weather">`, "<city>Oslo", "</city>", "</invoke>", "</tool_call>"),
			Reasoning: "I will look", Calls: []toolcall.Call{call("get_weather", `{"city":"Oslo"}`)}},
	})
}
