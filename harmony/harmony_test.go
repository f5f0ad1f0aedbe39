package harmony_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// expect parses doc offering tools, whole and split every way.
func expect(t *testing.T, tools []string, doc, reasoning, content string, calls ...toolcall.Call) {
	t.Helper()
	streamtest.ExpectReasoning(t, harmony.Format, toolcall.Request{Tools: streamtest.Tools(tools...)}, doc, reasoning, content, calls)
}

// TestExamples has every example of the harmony section of
// FORMATS-MORE.md.
func TestExamples(t *testing.T) {
	expect(t, nil, "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>Hello, world!\nWhat's up?",
		"I'm\nthinking", "Hello, world!\nWhat's up?") // G1
	expect(t, nil, ` to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{"arg1": 1}`, "", "",
		call("special_function", `{"arg1":1}`)) // G2
	expect(t, nil, `<|channel|>commentary to=functions.special_function<|message|>{"arg1": 1}`, "", "",
		call("special_function", `{"arg1":1}`)) // G3
	expect(t, nil, `<|channel|>analysis<|message|>Thinking about edit...<|end|><|start|>assistant<|channel|>commentary to=functions.edit <|constrain|>json<|message|>{"oldString": "if (part < railCount - 1) {", "newString": "if (part < 4) {", "replaceAll": false}`,
		"Thinking about edit...", "", call("edit", `{"oldString":"if (part < railCount - 1) {","newString":"if (part < 4) {","replaceAll":false}`)) // G4
	expect(t, nil, `<|channel|>analysis<|message|>I will execute python to say hello<|end|><|start|>assistant to=container.exec<|channel|>commentary<|message|>python3 -c 'print("hello")'`,
		"I will execute python to say hello", "") // G5
	expect(t, nil, `<|channel|>analysis<|message|>Need to use function get_weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"San Francisco"}<|call|>`,
		"Need to use function get_weather.", "", call("get_weather", `{"location":"San Francisco"}`)) // G6
	expect(t, nil, "<|channel|>analysis<|message|>We need to run ffgrep. Let us search.\n<|end|><|start|>assistant<|channel|>analysis to=functions.ffgrep code<|message|>\n{\"path\":\"\",\"pattern\":\"TextualDisplayView\"}<|call|>",
		"We need to run ffgrep. Let us search.", "", call("ffgrep", `{"path":"","pattern":"TextualDisplayView"}`)) // G7
}

func TestHarmony(t *testing.T) {
	expect(t, nil, `assistant to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city":"Paris"}`, "", "", call("get_weather", `{"city":"Paris"}`))
	expect(t, nil, `<|channel|>commentary to=functions.get_weather<|constrain|>json<|message|>{"city":"Paris"}`, "", "", call("get_weather", `{"city":"Paris"}`))
	expect(t, nil, `<|start|>assistant<|channel|>final<|message|>Hi.<|return|>`, "", "Hi.")
	expect(t, nil, `<|channel|>commentary<|message|>Let me check.<|end|><|start|>assistant<|channel|>commentary to=functions.f json<|message|>{}<|call|>`, "", "Let me check.", call("f", `{}`))
	expect(t, nil, "<|channel|>commentary to=functions.f <|constrain|>json<|message|>{\"a\":1}<|call|><|start|>assistant<|channel|>commentary to=functions.g <|constrain|>json<|message|>{\"b\":2}<|call|>", "", "",
		call("f", `{"a":1}`), call("g", `{"b":2}`))
	expect(t, nil, "<|channel|>commentary to=functions.f<|message|>{\"a\":1}<|end|><|channel|>final<|message|>Done", "", "Done", call("f", `{"a":1}`))
	expect(t, []string{"python"}, `<|channel|>analysis to=python code<|message|>{"code": "print(1)"}`, "", "", call("python", `{"code":"print(1)"}`))
	expect(t, []string{"get-weather.now"}, `<|channel|>commentary to=functions.get_weather_now <|constrain|>json<|message|>{}`, "", "", call("get-weather.now", `{}`))
	expect(t, nil, `<|channel|>commentary to=functions.f <|constrain|>json<|message|>{'a': True}`, "", "", call("f", `{"a":true}`))
	// Cut off before its arguments: no call, the text as content.
	expect(t, nil, `<|channel|>commentary to=functions.f <|constrain|>json<|message|>`, "", `<|channel|>commentary to=functions.f <|constrain|>json<|message|>`)
	expect(t, nil, "Plain text with no tokens.", "", "Plain text with no tokens.")
	expect(t, nil, "analysisI'm thinkingassistantfinalHello", "", "analysisI'm thinkingassistantfinalHello")
	expect(t, nil, "<|channel|>analysis", "", "<|channel|>analysis")
	expect(t, nil, "<|channel|>final<|message|>a < b and <|not a token|> stay", "", "a < b and <|not a token|> stay")
	// A recipient ends at a special token: the second <|channel|> makes
	// this a final message, not a built-in tool "assistant<|channel|>final".
	expect(t, nil, "<|channel|>commentary to=assistant<|channel|>final<|message|>Hello", "", "Hello")
	expect(t, nil, "<|start|>assistant<|channel|>commentary to=functions.f<|channel|>commentary json<|message|>{}<|call|>", "", "", call("f", `{}`))
	// A call whose body is not JSON is content, verbatim, header and all.
	expect(t, nil, "<|channel|>commentary to=functions.f <|constrain|>json<|message|>not json", "", "<|channel|>commentary to=functions.f <|constrain|>json<|message|>not json")
	expect(t, nil, "<|channel|>analysis<|message|>think<|channel|>final<|message|>answer", "think", "answer")
}

func TestTSName(t *testing.T) {
	for in, want := range map[string]string{"get-weather": "get_weather", "a.b c": "a_b_c", "9lives": "_9lives", "x€y": "xy", "ok$": "ok$", "": "_"} {
		if got := harmony.TSName(in); got != want {
			t.Errorf("TSName(%q) = %q, want %q", in, got, want)
		}
	}
}

var documents = []string{
	"<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>Hello!",
	`<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"San Francisco"}<|call|>`,
	` to=functions.f<|channel|>analysis <|constrain|>json<|message|>{"a": "<|end|>"}`,
	"<|start|>", "<|end|>", "<|message|>", "<|channel|>", "<|call|>", "<|return|>", "<|constrain|>", " to=", "assistant",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormat(t, harmony.Format, documents)
}

// FuzzHarmony checks the stream's promises on any document in random
// deltas, as the response's start and as reasoning's (the prompt opened
// <think>).
func FuzzHarmony(f *testing.F) {
	streamtest.Fuzz(f, harmony.Format, toolcall.Request{}, documents, stream.StartInReasoning())
}

// A header that is cut off, or longer than 512 bytes, is content with the
// token that began it; after a limit the rest of the response is content,
// tokens and all.
func TestHeadersThatAreNotRead(t *testing.T) {
	long := strings.Repeat("x", 600)
	for _, c := range []struct {
		doc, reasoning, content, diag string
	}{
		{"<|channel|>analysis<|message|>hm<|start|>assistant<|chan", "hm", "<|start|>assistant<|chan", toolcall.KindSyntax},
		{"<|channel|>final<|message|>a<|channel|>fin", "", "a<|channel|>fin", toolcall.KindSyntax},
		{"<|channel|>" + long + "<|message|>b<|end|><|start|>assistant<|channel|>final<|message|>c", "", "<|channel|>" + long + "<|message|>b<|end|><|start|>assistant<|channel|>final<|message|>c", toolcall.KindLimit},
		{"<|channel|>final<|message|>a<|start|>" + long + "<|end|>", "", "a<|start|>" + long + "<|end|>", toolcall.KindLimit},
	} {
		streamtest.ExpectReasoning(t, harmony.Format, toolcall.Request{}, c.doc, c.reasoning, c.content, nil)
		res := stream.Parse(harmony.Format, c.doc, toolcall.Request{})
		if len(res.Diagnostics) != 1 || res.Diagnostics[0].Kind != c.diag {
			t.Errorf("%.60q: diagnostics %v, want one %s", c.doc, res.Diagnostics, c.diag)
		}
	}
	// A call's arguments past the size limit: content from there on.
	doc := "<|channel|>commentary to=functions.f<|message|>{\"a\": \"" + long + "\"}<|call|><|start|>assistant<|channel|>final<|message|>c"
	res := stream.Parse(harmony.Format, doc, toolcall.Request{}, stream.WithLimits(toolcall.Limits{MaxPending: 256}))
	if len(res.Calls) != 0 || !strings.HasSuffix(res.Content, "<|call|><|start|>assistant<|channel|>final<|message|>c") || len(res.Diagnostics) == 0 || res.Diagnostics[0].Kind != toolcall.KindLimit || res.Diagnostics[0].Call != "f" {
		t.Errorf("a call past the limit: %+v", res)
	}
}

// Text after a call's <|call|> that is no header is dropped, with one
// end_of_turn diagnostic at its first byte, however the deltas cut it
// (the start of a header that breaks is part of it).
func TestTextAfterCallIsDroppedAtItsStart(t *testing.T) {
	call := `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>`
	text := call + "<|Sure, here it is."
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}
	for _, n := range []int{0, 1, 2, 3, 4, 7} {
		s := stream.New(harmony.Format, req)
		var content strings.Builder
		calls := 0
		for _, d := range split(text, n) {
			for _, e := range s.Feed(d) {
				content.WriteString(e.Content)
				if e.Call != nil {
					calls++
				}
			}
		}
		for _, e := range s.Close() {
			content.WriteString(e.Content)
			if e.Call != nil {
				calls++
			}
		}
		var dropped []toolcall.Diagnostic
		for _, d := range s.Diagnostics() {
			if d.Kind == toolcall.KindEndOfTurn {
				dropped = append(dropped, d)
			}
		}
		if calls != 1 || content.Len() != 0 || len(dropped) != 1 || dropped[0].Offset != len(call) {
			t.Errorf("%d-byte deltas: %d calls, content %q, end_of_turn diagnostics %+v; want 1 call, none, one at %d", n, calls, content.String(), dropped, len(call))
		}
	}
}

// split cuts text into deltas of n bytes (0: whole).
func split(text string, n int) []string {
	if n <= 0 {
		return []string{text}
	}
	var out []string
	for i := 0; i < len(text); i += n {
		out = append(out, text[i:min(i+n, len(text))])
	}
	return out
}

// A header near the 512-byte limit is read the same however deltas cut
// its <|message|>: the limit counts the marker, held bytes and all. A
// header of 512 bytes, <|start|> included, is read; one of 513 is content
// (issue 49: a delta that ended inside <|message|> lost the call).
func TestLongHeaderCutInItsEnd(t *testing.T) {
	call := call("get_weather", `{"city":"Paris"}`)
	for _, lead := range []string{"", "<|start|>", "<|channel|>analysis<|message|>hm<|end|><|start|>"} {
		start := strings.HasSuffix(lead, "<|start|>")
		for n := 500; n <= 525; n++ {
			head := "assistant<|channel|>commentary to=functions.get_weather <|constrain|>json"
			if start {
				head = "<|start|>" + head
			}
			head += strings.Repeat(" ", n-len(head))
			doc := strings.TrimSuffix(lead, "<|start|>") + head + `<|message|>{"city":"Paris"}<|call|>`
			res := stream.Parse(harmony.Format, doc, toolcall.Request{})
			if got, want := len(res.Calls) == 1, n <= 512; got != want {
				t.Errorf("a %d-byte header after %q: calls %v", n, lead, res.Calls)
			}
			if n == 512 || n == 513 || n%5 == 0 {
				if n <= 512 {
					streamtest.Expect(t, harmony.Format, toolcall.Request{}, doc, "", []toolcall.Call{call})
				} else {
					streamtest.Expect(t, harmony.Format, toolcall.Request{}, doc, res.Content, nil)
				}
			}
			m := strings.Index(doc, "<|message|>{")
			for i := m + 1; i < m+len("<|message|>"); i++ { // every cut inside the marker
				streamtest.Compare(t, harmony.Format, toolcall.Request{}, []string{doc[:i], doc[i:]})
			}
		}
	}
}

// Started in reasoning (the prompt opened <think>), the reasoning that a
// <think> opens after </think> and the start of a header (to=) streams as
// it comes, as it does elsewhere, not at the response's end; Parse and
// every split agree (issue 49).
func TestReasoningAfterAHeaderStart(t *testing.T) {
	in := stream.StartInReasoning()
	for _, c := range []struct {
		doc, reasoning, content string
		calls                   []toolcall.Call
	}{
		{"thinking...</think>to=x<think>more reasoning</think>done", "thinking...more reasoning", "to=xdone", nil},
		{"thinking...</think>to=<think>more reasoning", "thinking...more reasoning", "to=", nil},
		{"thinking...</think> to=functions.f<think>more</think><|message|>{}", "thinking...more", "", []toolcall.Call{call("f", "{}")}},
	} {
		streamtest.ExpectReasoning(t, harmony.Format, toolcall.Request{}, c.doc, c.reasoning, c.content, c.calls, in)
	}
	// The reasoning comes out in the Feed that brings it.
	s := stream.New(harmony.Format, toolcall.Request{}, in)
	for _, d := range []string{"a</think>to=x", "<think>b", "c"} {
		var got strings.Builder
		for _, e := range s.Feed(d) {
			got.WriteString(e.Reasoning)
		}
		if want := d[len(d)-1:]; got.String() != want && d != "a</think>to=x" {
			t.Errorf("Feed(%q) gave reasoning %q, want %q", d, got.String(), want)
		}
	}
}
