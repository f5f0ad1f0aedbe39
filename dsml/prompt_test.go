package dsml_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/toolcall"
)

const bos = "<｜begin▁of▁sentence｜>"

var on, off = true, false

// TestPromptThinking: each profile's default, and the switch, decide how
// assistant turns and the prompt's end are written, and whether the
// answer begins inside reasoning.
func TestPromptThinking(t *testing.T) {
	msgs := []toolcall.Message{
		{Role: "user", Content: "A?"},
		{Role: "assistant", Content: "a.", Reasoning: "R1"},
		{Role: "user", Content: "B?"},
	}
	const effort = "<｜System｜>Reasoning Effort: 75 (range 1-100, the higher the value, the more thorough the reasoning)"
	for _, tt := range []struct {
		profile  string
		thinking *bool
		want     string
		open     bool
	}{
		{dsml.ProfileV32, nil, bos + "<｜User｜>A?<｜Assistant｜></think>a." + eos + "<｜User｜>B?<｜Assistant｜><think></think>", false},
		{dsml.ProfileV32, &on, bos + "<｜User｜>A?<｜Assistant｜></think>a." + eos + "<｜User｜>B?<｜Assistant｜><think>", true},
		{dsml.ProfileV32Speciale, nil, bos + "<｜User｜>A?<｜Assistant｜></think>a." + eos + "<｜User｜>B?<｜Assistant｜><think>", true},
		{dsml.ProfileV32Speciale, &off, bos + "<｜User｜>A?<｜Assistant｜></think>a." + eos + "<｜User｜>B?<｜Assistant｜><think></think>", false},
		{dsml.ProfileV4, nil, bos + "<｜User｜>A?<｜Assistant｜></think>a." + eos + "<｜User｜>B?<｜Assistant｜></think>", false},
		{dsml.ProfileV4, &on, bos + "<｜User｜>A?<｜Assistant｜><think>R1</think>a." + eos + "<｜User｜>B?<｜Assistant｜><think>", true},
		{dsml.ProfileV41, nil, bos + effort + "<｜User｜>A?<｜Assistant｜><think>R1</think>a." + eos + "<｜User｜>B?<｜Assistant｜><think>", true},
		{"", nil, bos + effort + "<｜User｜>A?<｜Assistant｜><think>R1</think>a." + eos + "<｜User｜>B?<｜Assistant｜><think>", true},
		{dsml.ProfileV41, &off, bos + effort + "<｜User｜>A?<｜Assistant｜></think>a." + eos + "<｜User｜>B?<｜Assistant｜></think>", false},
	} {
		p, err := dsml.RenderPrompt(msgs, nil, toolcall.PromptOptions{Profile: tt.profile, Thinking: tt.thinking})
		if err != nil || p.Text != tt.want || p.InReasoning != tt.open {
			t.Errorf("%q thinking %v:\n got %q %v %v\nwant %q %v", tt.profile, tt.thinking, p.Text, p.InReasoning, err, tt.want, tt.open)
		}
	}
}

// TestPromptTurns: what the goldens do not show: no generation prompt
// after an assistant turn; V4's user turn takes the user messages and tool
// results that follow one another; V3.2 writes results in the order of
// the calls.
func TestPromptTurns(t *testing.T) {
	calls := []toolcall.Call{{ID: "1", Name: "f", Arguments: `{"a":"x"}`}, {ID: "2", Name: "g", Arguments: `{}`}}
	msgs := []toolcall.Message{
		{Role: "user", Content: "A"},
		{Role: "user", Content: "B"},
		{Role: "assistant", ToolCalls: calls},
		{Role: "tool", ToolCallID: "1", Content: "r1"},
		{Role: "tool", ToolCallID: "2", Content: "r2"},
		{Role: "assistant", Content: "done"},
	}
	v32Block := "\n\n" + block(invoke("f", p("a", "true", "x")), invoke("g"))
	for _, tt := range []struct{ profile, want string }{
		{dsml.ProfileV32, bos + "<｜User｜>A<｜User｜>B<｜Assistant｜></think>" + v32Block + eos +
			"\n\n<function_results>\n<result>r1</result>\n<result>r2</result>\n</function_results>\n\n</think>done" + eos},
		{dsml.ProfileV4, bos + "<｜User｜>A\n\nB<｜Assistant｜></think>" + v4(v32Block) + eos +
			"<｜User｜><tool_result>r1</tool_result>\n\n<tool_result>r2</tool_result><｜Assistant｜></think>done" + eos},
	} {
		p, err := dsml.RenderPrompt(msgs, nil, toolcall.PromptOptions{Profile: tt.profile})
		if err != nil || p.Text != tt.want || p.InReasoning {
			t.Errorf("%q:\n got %q %v %v\nwant %q", tt.profile, p.Text, p.InReasoning, err, tt.want)
		}
	}
	// With tools and no system message, the tools section alone; V4.1's
	// effort line before it.
	tools := []toolcall.Tool{{Name: "f", Description: "F."}}
	p, err := dsml.RenderPrompt([]toolcall.Message{{Role: "user", Content: "A"}}, tools, toolcall.PromptOptions{Profile: dsml.ProfileV32})
	if err != nil || !strings.HasPrefix(p.Text, bos+"## Tools\n\n") || !strings.Contains(p.Text, "<functions>\n{\"name\": \"f\", \"description\": \"F.\"}\n</functions>\n<｜User｜>A") {
		t.Errorf("V3.2 tools without a system message: %q %v", p.Text, err)
	}
	p, err = dsml.RenderPrompt([]toolcall.Message{{Role: "user", Content: "A"}}, tools, toolcall.PromptOptions{})
	if err != nil || !strings.Contains(p.Text, "the more thorough the reasoning)\n\n## Tools\n\n") || !strings.Contains(p.Text, "\"<｜DSML｜ calls>\" block") {
		t.Errorf("V4.1 tools without a system message: %q %v", p.Text, err)
	}
}

// TestPromptErrors: an unknown profile, a call whose arguments are no
// object, a result that answers no call.
func TestPromptErrors(t *testing.T) {
	for _, tt := range []struct {
		msgs []toolcall.Message
		opts toolcall.PromptOptions
	}{
		{[]toolcall.Message{{Role: "user", Content: "A"}}, toolcall.PromptOptions{Profile: "v5"}},
		{[]toolcall.Message{{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "f", Arguments: `[1]`}}}}, toolcall.PromptOptions{}},
		{[]toolcall.Message{{Role: "tool", Content: "r"}}, toolcall.PromptOptions{Profile: dsml.ProfileV32}},
	} {
		if p, err := dsml.RenderPrompt(tt.msgs, nil, tt.opts); err == nil {
			t.Errorf("%+v: %q, want an error", tt, p.Text)
		}
	}
}
