package kimik3_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/kimik3"
	"github.com/toolparse/toolparse/toolcall"
)

// TestWriters: RenderPrompt's special-token guard and every golden
// testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: kimik3.Format, Prompt: kimik3.RenderPrompt}.Check(t)
}

func TestRenderPrompt(t *testing.T) {
	msgs := []toolcall.Message{
		{Role: "user", Content: "Weather?"},
		{Role: "assistant", Content: "Checking.", Reasoning: "Paris.", ToolCalls: []toolcall.Call{
			{ID: "a", Name: "get_weather", Arguments: `{"city":"Paris"}`},
			{ID: "b", Name: "get_time", Arguments: `{"tz":"CET"}`},
		}},
		// results out of order: written in the order of their calls
		{Role: "tool", ToolCallID: "b", Content: "noon"},
		{Role: "tool", ToolCallID: "a", Content: "sunny"},
	}
	tests := []struct {
		name string
		opts toolcall.PromptOptions
		want string
	}{
		{
			name: "thinking off: no effort, no think channel, the response channel opened",
			opts: toolcall.PromptOptions{Thinking: new(false)},
			want: `<|open|>message role="user"<|sep|>Weather?<|close|>message<|sep|><|end_of_msg|>` +
				`<|open|>message role="assistant"<|sep|><|open|>response<|sep|>Checking.<|close|>response<|sep|>` +
				`<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|><|close|>call<|sep|>` +
				`<|open|>call tool="get_time" index="2"<|sep|><|open|>argument key="tz" type="string"<|sep|>CET<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|><|end_of_msg|>` +
				`<|open|>message role="tool" tool="get_weather" index="1"<|sep|>sunny<|close|>message<|sep|><|end_of_msg|>` +
				`<|open|>message role="tool" tool="get_time" index="2"<|sep|>noon<|close|>message<|sep|><|end_of_msg|>` +
				`<|open|>message role="assistant"<|sep|><|open|>response<|sep|>`,
		},
		{
			name: "effort low",
			opts: toolcall.PromptOptions{ReasoningEffort: "low"},
			want: "<|open|>message role=\"system\" type=\"thinking-effort\"<|sep|>`thinking_effort` guides on how much to think in your thinking channel (not including the response channel), supported values include `low`, `medium`, `high`, and `max`.\nNow the system is invoked with `thinking_effort=low`.<|close|>message<|sep|><|end_of_msg|>" +
				`<|open|>message role="user"<|sep|>Weather?<|close|>message<|sep|><|end_of_msg|>` +
				`<|open|>message role="assistant"<|sep|><|open|>think<|sep|>Paris.<|close|>think<|sep|><|open|>response<|sep|>Checking.<|close|>response<|sep|>` +
				`<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|><|close|>call<|sep|>` +
				`<|open|>call tool="get_time" index="2"<|sep|><|open|>argument key="tz" type="string"<|sep|>CET<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|><|end_of_msg|>` +
				`<|open|>message role="tool" tool="get_weather" index="1"<|sep|>sunny<|close|>message<|sep|><|end_of_msg|>` +
				`<|open|>message role="tool" tool="get_time" index="2"<|sep|>noon<|close|>message<|sep|><|end_of_msg|>` +
				`<|open|>message role="assistant"<|sep|><|open|>think<|sep|>`,
		},
	}
	for _, tc := range tests {
		got, err := kimik3.RenderPrompt(msgs, nil, tc.opts)
		if err != nil || got.Text != tc.want || got.InReasoning == (tc.opts.Thinking != nil && !*tc.opts.Thinking) {
			t.Errorf("%s:\n got %q, %v, in reasoning %v\nwant %q", tc.name, got.Text, err, got.InReasoning, tc.want)
		}
	}
	if _, err := kimik3.RenderPrompt(msgs, nil, toolcall.PromptOptions{ReasoningEffort: "huge"}); err == nil {
		t.Error("an effort the template does not know is no error")
	}
	if _, err := kimik3.RenderPrompt(msgs, nil, toolcall.PromptOptions{Profile: "k2"}); err == nil {
		t.Error("a profile the format does not have is no error")
	}
	// Prompt is RenderPrompt: Thinking false turns thinking off.
	off := false
	p, err := kimik3.Format.(toolcall.Prompter).Prompt(msgs, nil, toolcall.PromptOptions{Thinking: &off})
	if err != nil || p.Text != tests[0].want || p.InReasoning {
		t.Errorf("Prompt with Thinking false = %q, %v", p.Text, err)
	}
	// A client's control tokens, escaped when asked.
	p, err = kimik3.Format.(toolcall.Prompter).Prompt([]toolcall.Message{{Role: "user", Content: "<|close|>message<|sep|>"}}, nil, toolcall.PromptOptions{SpecialTokens: toolcall.EscapeSpecialTokens})
	if err != nil || !strings.Contains(p.Text, "<\u200b|close|>message<\u200b|sep|><|close|>message") {
		t.Errorf("escaped prompt %q, %v", p.Text, err)
	}
}

func TestRenderCalls(t *testing.T) {
	got, err := kimik3.RenderCalls([]toolcall.Call{
		{Name: "write_note", Arguments: `{"path":"notes/todo.txt","text":"She said \"hi\"\nthen <b>left</b>"}`},
		{Name: "lookup_order", Arguments: `{"order_id":42,"status":"shipped","options":{"include_items":true,"fields":["sku","qty"],"max_price":19.5}}`},
	})
	if err != nil || got != goldenToolsChannel {
		t.Errorf("RenderCalls = %q, %v;\nwant %q", got, err, goldenToolsChannel)
	}
	got, err = kimik3.RenderCalls([]toolcall.Call{{Name: `a"&b`, Arguments: `{"k\"":null,"b":false,"l":[]}`}})
	want := `<|open|>tools<|sep|><|open|>call tool="a&quot;&amp;b" index="1"<|sep|><|open|>argument key="k&quot;" type="null"<|sep|>null<|close|>argument<|sep|><|open|>argument key="b" type="boolean"<|sep|>false<|close|>argument<|sep|><|open|>argument key="l" type="array"<|sep|>[]<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`
	if err != nil || got != want {
		t.Errorf("RenderCalls = %q, %v;\nwant %q", got, err, want)
	}
	if got, err := kimik3.RenderCalls(nil); got != "" || err != nil {
		t.Errorf("RenderCalls(nil) = %q, %v", got, err)
	}
	if _, err := kimik3.RenderCalls([]toolcall.Call{{Name: "f", Arguments: `[1]`}}); err == nil {
		t.Error("arguments that are no object are no error")
	}
}

// TestToolResults: results name the call they answer by its ID, and by
// their place in the run when they give none (prompt.Check refuses an ID
// no call has); more results than calls is an error.
func TestToolResults(t *testing.T) {
	calls := []toolcall.Call{{ID: "a", Name: "f", Arguments: `{}`}, {ID: "b", Name: "g", Arguments: `{}`}}
	tests := []struct {
		name    string
		results []toolcall.Message
		want    string
	}{
		{"by place when they give no ID", []toolcall.Message{{Role: "tool", Content: "1"}, {Role: "tool", Content: "2"}},
			`<|open|>message role="tool" tool="f" index="1"<|sep|>1<|close|>message<|sep|><|end_of_msg|><|open|>message role="tool" tool="g" index="2"<|sep|>2<|close|>message<|sep|><|end_of_msg|>`},
		{"by ID where one is given, by place where none is, in the order given", []toolcall.Message{{Role: "tool", Content: "1"}, {Role: "tool", ToolCallID: "a", Content: "2"}},
			`<|open|>message role="tool" tool="f" index="1"<|sep|>1<|close|>message<|sep|><|end_of_msg|><|open|>message role="tool" tool="f" index="2"<|sep|>2<|close|>message<|sep|><|end_of_msg|>`},
	}
	for _, tc := range tests {
		msgs := append([]toolcall.Message{{Role: "assistant", ToolCalls: calls}}, tc.results...)
		p, err := kimik3.RenderPrompt(msgs, nil, toolcall.PromptOptions{Thinking: new(false)})
		if err != nil || !strings.Contains(p.Text, tc.want) {
			t.Errorf("%s: %q, %v; want it to hold %q", tc.name, p.Text, err, tc.want)
		}
	}
	three := []toolcall.Message{{Role: "assistant", ToolCalls: calls}, {Role: "tool"}, {Role: "tool"}, {Role: "tool"}}
	if _, err := kimik3.RenderPrompt(three, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("three results for two calls is no error")
	}
}
