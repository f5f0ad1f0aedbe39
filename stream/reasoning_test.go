package stream_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// TestReasoning: reasoning in think tags, by default and by option
// (llama4's cases, which have no tags by default, are in its package).
func TestReasoning(t *testing.T) {
	f := func(a string) toolcall.Call { return toolcall.Call{Name: "f", Arguments: a} }
	g := toolcall.Call{Name: "g", Arguments: `{}`}
	tests := []struct {
		name      string
		format    toolcall.Format
		doc       string
		opts      []stream.Option
		reasoning string
		content   string
		calls     []toolcall.Call
	}{
		{"lfm2 reasons in think tags by default", lfm2.Format, "<think>I should call f.</think><|tool_call_start|>[f(a=1)]<|tool_call_end|>", nil,
			"I should call f.", "", []toolcall.Call{f(`{"a":1}`)}},
		{"a call list inside reasoning is reasoning", lfm2.Format, "<think>Draft: <|tool_call_start|>[f(a=1)]<|tool_call_end|></think>\n<|tool_call_start|>[g()]<|tool_call_end|>", nil,
			"Draft: <|tool_call_start|>[f(a=1)]<|tool_call_end|>", "", []toolcall.Call{g}},
		{"a missing close tag means it was all reasoning", lfm2.Format, "<think>still thinking <|tool_call_start|>[f()]", nil,
			"still thinking <|tool_call_start|>[f()]", "", nil},
		{"the output may begin inside reasoning", lfm2.Format, "the user wants f\n</think>\n\nOn it.<|tool_call_start|>[f(a=2)]<|tool_call_end|>", []stream.Option{stream.StartInReasoning()},
			"the user wants f", "On it.", []toolcall.Call{f(`{"a":2}`)}},
		{"olmo3 reasons in think tags by default", olmo3.Format, "<think>Boston weather.</think>\n<function_calls>\nf(a=3)\n</function_calls>", nil,
			"Boston weather.", "", []toolcall.Call{f(`{"a":3}`)}},
		{"empty tags turn reasoning off", lfm2.Format, "<think>x</think>hi", []stream.Option{stream.WithThinkTags("", "")},
			"", "<think>x</think>hi", nil},
		{"reasoning around content, twice", lfm2.Format, "A <think> one </think> B <think>two</think> C", nil,
			"one two", "A  B  C", nil},
		{"a near tag is text", lfm2.Format, "<thin>k <think>a <thinking> b</thin></think>", nil,
			"a <thinking> b</thin>", "<thin>k", nil},
		{"a think tag inside a call's string is data", lfm2.Format, `<|tool_call_start|>[write(text="<think>x</think>")]<|tool_call_end|> ok`, nil,
			"", "ok", []toolcall.Call{{Name: "write", Arguments: `{"text":"<think>x</think>"}`}}},
		{"a think tag inside an olmo3 block is data", olmo3.Format, "<function_calls>\nnote(t=\"a <think> b\")\n</function_calls>", nil,
			"", "", []toolcall.Call{{Name: "note", Arguments: `{"t":"a <think> b"}`}}},
		{"only whitespace of reasoning is none", lfm2.Format, "<think> \n </think>Hi", nil, "", "Hi", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			streamtest.ExpectReasoning(t, tt.format, toolcall.Request{}, tt.doc, tt.reasoning, tt.content, tt.calls, tt.opts...)
		})
	}
}

// TestReasoningContentAndCallsRebuildTheInput builds documents from prose,
// reasoning and blocks whose meaning is known, feeds them in random deltas,
// and requires the prose as content, the reasoning as reasoning (both
// trimmed) and the calls, nothing else.
func TestReasoningContentAndCallsRebuildTheInput(t *testing.T) {
	prose := rapid.SampledFrom([]string{"Sure.", " ", "\n", "the plan: ", "naïve ✓", "(a, b)", "it's \"x\"", "[f(a=1)]", "x = 1;"})
	rapid.Check(t, func(t *rapid.T) {
		var doc, content, reasoning strings.Builder
		var calls []string
		for range rapid.IntRange(0, 7).Draw(t, "pieces") {
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0:
				p := prose.Draw(t, "prose")
				doc.WriteString(p)
				content.WriteString(p)
			case 1:
				p := prose.Draw(t, "thought")
				doc.WriteString("<think>" + p + "</think>")
				reasoning.WriteString(p)
			default:
				n := 10*len(calls) + rapid.IntRange(0, 9).Draw(t, "n") // calls differ: a repeat after prose is dropped
				doc.WriteString("<|tool_call_start|>[f(n=" + itoa(n) + ")]<|tool_call_end|>")
				calls = append(calls, `{"n":`+itoa(n)+`}`)
			}
		}
		res := streamtest.Compare(t, lfm2.Format, toolcall.Request{}, streamtest.Split(t, doc.String()))
		if res.Content != strings.TrimSpace(content.String()) || res.Reasoning != strings.TrimSpace(reasoning.String()) {
			t.Fatalf("content %q reasoning %q; want %q and %q", res.Content, res.Reasoning, strings.TrimSpace(content.String()), strings.TrimSpace(reasoning.String()))
		}
		if len(res.Calls) != len(calls) {
			t.Fatalf("%d calls, want %d", len(res.Calls), len(calls))
		}
		for i, c := range res.Calls {
			if c.Arguments != calls[i] {
				t.Fatalf("call %d = %s, want %s", i, c.Arguments, calls[i])
			}
		}
	})
}

func itoa(n int) string {
	return strings.TrimLeft(string([]byte{byte('0' + n/10), byte('0' + n%10)}), "0") + map[bool]string{true: "0", false: ""}[n == 0]
}
