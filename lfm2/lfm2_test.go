package lfm2_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// formatsSection5 has every row of FORMATS.md section 5; their
// documents begin documents, the seeds of the property checks.
var formatsSection5 = []tc{
	{"a block then prose", `<|tool_call_start|>[get_candidate_status(candidate_id="12345")]<|tool_call_end|>Checking the status.`, nil, "Checking the status.",
		[]toolcall.Call{call("get_candidate_status", `{"candidate_id":"12345"}`)}},
	{"a hyphenated name", `<|tool_call_start|>[sub-task-ending(status="Completed", data="x"), search(q=1)]<|tool_call_end|>`, nil, "",
		[]toolcall.Call{call("sub-task-ending", `{"status":"Completed","data":"x"}`), call("search", `{"q":1}`)}},
	{"an echo of the block is dropped", `<|tool_call_start|>[f(a=1)]<|tool_call_end|>[f(a=1)]<|tool_call_end|> Done.`, nil, "Done.", []toolcall.Call{call("f", `{"a":1}`)}},
	{"JSON in a block", `<|tool_call_start|>[{"name": "get_weather", "arguments": {"location": "Paris"}}]<|tool_call_end|>`, nil, "",
		[]toolcall.Call{call("get_weather", `{"location":"Paris"}`)}},
}

// TestFormatsSection5 has every row of FORMATS.md section 5.
func TestFormatsSection5(t *testing.T) { streamtest.Run(t, lfm2.Format, formatsSection5) }

// TestIssueCases has the lfm2 cases the issue lists.
func TestIssueCases(t *testing.T) {
	streamtest.Run(t, lfm2.Format, []tc{
		{"a space before the end marker", `<|tool_call_start|>[get_current_temperature(location="Tokyo")] <|tool_call_end|>`, nil, "",
			[]toolcall.Call{call("get_current_temperature", `{"location":"Tokyo"}`)}},
		{"spaces around '='", `<|tool_call_start|>[close_blinds(percentage = 100), play_media(device = 'tv', source = 'netflix')]<|tool_call_end|>`, nil, "",
			[]toolcall.Call{call("close_blinds", `{"percentage":100}`), call("play_media", `{"device":"tv","source":"netflix"}`)}},
		{"nested quotes of one kind in a shell command", `<|tool_call_start|>[bash(command='cd /testbed && python3 -c "print(latex(x, mul_symbol='\,'))"')]<|tool_call_end|>`, nil, "",
			[]toolcall.Call{call("bash", `{"command":"cd /testbed && python3 -c \"print(latex(x, mul_symbol='\\,'))\""}`)}},
	})
}

// What real models write, inside LFM2's blocks: each row whole and split.
func TestRealOutputRules(t *testing.T) {
	streamtest.Run(t, lfm2.Format, []tc{
		{"a repeated keyword", `<|tool_call_start|>[f(a=1, b=2, a=3)]<|tool_call_end|>`, nil, "", []toolcall.Call{call("f", `{"a":3,"b":2}`)}},
		{"markdown-escaped names", `<|tool_call_start|>[lawsuit\_search(company\_name='x')]<|tool_call_end|>`, nil, "", []toolcall.Call{call("lawsuit_search", `{"company_name":"x"}`)}},
		{"JSON with the arguments first", `<|tool_call_start|>[{"arguments": {"q": "x"}, "name": "search"}]<|tool_call_end|>`, nil, "", []toolcall.Call{call("search", `{"q":"x"}`)}},
		{"an object that only names a requested tool", `<|tool_call_start|>{"name": "search", "q": "x"}<|tool_call_end|>`, []string{"search"}, "", []toolcall.Call{call("search", `{"q":"x"}`)}},
		{"an object that names no requested tool is content", `<|tool_call_start|>{"name": "Alice", "q": "x"}<|tool_call_end|>`, []string{"search"}, `<|tool_call_start|>{"name": "Alice", "q": "x"}<|tool_call_end|>`, nil},
	})
}

// TestTwelveHyphenatedTools: names are read by the tokenizer, so string
// arguments that mention other tools' names come back exactly.
func TestTwelveHyphenatedTools(t *testing.T) {
	var names, srcs []string
	var want []toolcall.Call
	for i := 1; i <= 12; i++ {
		names = append(names, fmt.Sprintf("task-step-%d", i))
	}
	for i, n := range names {
		note := fmt.Sprintf("after %s and before %s, not _alias_%d", names[(i+11)%12], names[(i+1)%12], i+10)
		srcs = append(srcs, fmt.Sprintf("%s(note=%q, n=%d)", n, note, i))
		want = append(want, call(n, fmt.Sprintf(`{"note":%q,"n":%d}`, note, i)))
	}
	doc := "<|tool_call_start|>[" + strings.Join(srcs, ", ") + "]<|tool_call_end|>"
	streamtest.Expect(t, lfm2.Format, toolcall.Request{Tools: streamtest.Tools(names...)}, doc, "", want)
}

func TestLFM2Blocks(t *testing.T) {
	streamtest.Run(t, lfm2.Format, []tc{
		{"bare calls in a block", `<|tool_call_start|>f(a=1), g(b=2)<|tool_call_end|>`, nil, "", []toolcall.Call{call("f", `{"a":1}`), call("g", `{"b":2}`)}},
		{"keyword names", `<|tool_call_start|>[import(from="x", class=1)]<|tool_call_end|>`, nil, "", []toolcall.Call{call("import", `{"from":"x","class":1}`)}},
		{"one JSON object", `<|tool_call_start|>{"name": "f", "arguments": {"a": 1}}<|tool_call_end|>`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"an empty list is nothing", `Hi <|tool_call_start|>[]<|tool_call_end|> there`, nil, "Hi  there", nil},
		{"an empty block is nothing", `<|tool_call_start|><|tool_call_end|>`, nil, "", nil},
		{"several blocks", `<|tool_call_start|>[f()]<|tool_call_end|> and <|tool_call_start|>[g()]<|tool_call_end|>`, nil, "and", []toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"a missing end marker at the end", `Sure.<|tool_call_start|>[f(a=1)]`, nil, "Sure.", []toolcall.Call{call("f", `{"a":1}`)}},
		{"a missing end marker before end of turn", `<|tool_call_start|>[f(a=1)]<|im_end|>`, nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"an unclosed block that is not calls is content, verbatim", `<|tool_call_start|>[f(a=`, nil, `<|tool_call_start|>[f(a=`, nil},
		{"a block that is not calls is content with its markers", `<|tool_call_start|>hello there<|tool_call_end|>`, nil, `<|tool_call_start|>hello there<|tool_call_end|>`, nil},
		{"outside a block nothing is a call", `[f(a=1)] and g(b=2)`, []string{"f", "g"}, `[f(a=1)] and g(b=2)`, nil},
		{"an end marker in a string is data", `<|tool_call_start|>[say(text="<|tool_call_end|>")]<|tool_call_end|>`, nil, "", []toolcall.Call{call("say", `{"text":"<|tool_call_end|>"}`)}},
		{"after a bracket mismatch the next end marker ends the block", `<|tool_call_start|>[f(a="x"]) "<|tool_call_end|> ok`, nil, `<|tool_call_start|>[f(a="x"]) "<|tool_call_end|> ok`, nil},
		{"a bad call in a block is content, the others stand", `<|tool_call_start|>[f(a=1), g(b=+), h()]<|tool_call_end|>`, nil, "g(b=+)", []toolcall.Call{call("f", `{"a":1}`), call("h", `{}`)}},
		{"an echo with a different call is content", `<|tool_call_start|>[f(a=1)]<|tool_call_end|>[f(a=2)]<|tool_call_end|>`, nil, "[f(a=2)]", []toolcall.Call{call("f", `{"a":1}`)}},
		{"an echo after whitespace is dropped with it", "<|tool_call_start|>[f(a=1)]<|tool_call_end|>\n[f(a=1)]<|tool_call_end|>\nDone.", nil, "Done.", []toolcall.Call{call("f", `{"a":1}`)}},
		{"an echo of bare calls is dropped", `<|tool_call_start|>f(a=1), g()<|tool_call_end|>f(a=1), g()<|tool_call_end|>`, nil, "", []toolcall.Call{call("f", `{"a":1}`), call("g", `{}`)}},
		{"text that starts like a call but is prose", `<|tool_call_start|>[f()]<|tool_call_end|>Checking (now).`, nil, "Checking (now).", []toolcall.Call{call("f", `{}`)}},
		{"a block after text that looked like an echo", `<|tool_call_start|>[f(n=0)]<|tool_call_end|> [f(a=1)]<|tool_call_start|>[g()]<|tool_call_end|>`, nil, "[f(a=1)]",
			[]toolcall.Call{call("f", `{"n":0}`), call("g", `{}`)}},
		{"a failed block after text that looked like an echo is content, marker and all", `<|tool_call_start|>[f()]<|tool_call_end|>[f()]<|tool_call_start|>oops<|tool_call_end|>`, nil,
			"[f()]<|tool_call_start|>oops<|tool_call_end|>", []toolcall.Call{call("f", `{}`)}},
		{"an end-of-turn token after an echo candidate", `<|tool_call_start|>[f()]<|tool_call_end|>[f()]<|im_end|>`, nil, "[f()]", []toolcall.Call{call("f", `{}`)}},
		{"an orphan end marker is consumed", `Done.<|tool_call_end|>`, nil, "Done.", nil},
		{"end-of-turn tokens are consumed", `Hi<|im_end|><|endoftext|>`, nil, "Hi", nil},
		{"a partial marker at the end is prose", `Hi <|tool_call_st`, nil, "Hi <|tool_call_st", nil},
	})
}

var documents = append(streamtest.Inputs(formatsSection5),
	`<|tool_call_start|>[bash(command='python3 -c "print(f('\,'))"')]<|tool_call_end|>`,
	"<|im_end|>", "<|endoftext|>", "<|tool_call_end|>", "<|tool_call_start|>", "[f(a=1)]", "f(a=1), g()")

func TestLFM2Properties(t *testing.T) {
	streamtest.CheckFormat(t, lfm2.Format, documents)
}

// FuzzLFM2 checks the stream's promises on any document in random deltas.
func FuzzLFM2(f *testing.F) {
	streamtest.Fuzz(f, lfm2.Format, toolcall.Request{}, documents)
}
