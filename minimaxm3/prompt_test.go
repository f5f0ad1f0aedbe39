package minimaxm3_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/minimaxm3"
	"github.com/toolparse/toolparse/toolcall"
)

// system is the prompt's system turn in each thinking mode, as the
// peers that copy the template write it.
func system(mode string) string {
	modes := map[string]string{
		"adaptive": "Current thinking mode: adaptive. You are encouraged to think for complex decision-making, multi-step reasoning, or when analyzing function/tool results.\n",
		"enabled":  "Current thinking mode: enabled. You MUST think step by step before every response, including after receiving function/tool results.\n",
		"disabled": "Current thinking mode: disabled. Do not output any thinking process.\n",
	}
	return "]~!b[]~b]system\nYour model version is MiniMax-M3, developed by MiniMax. Knowledge cutoff: January 2026. " +
		"Founded in early 2022, MiniMax is a global AI foundation model company committed to advancing the frontiers of AI towards AGI." +
		"\n\n<thinking_instructions>\nYou have a thinking capability that allows you to reason step by step before responding. " +
		"When thinking is enabled, wrap your reasoning in <mm:think></mm:think> tags before your response. " +
		"When thinking is disabled, begin your response directly after the </mm:think> prefix. " +
		"When thinking is adaptive, decide on your own whether to think for the current turn.\n" + modes[mode] + "</thinking_instructions>[e~[\n"
}

// TestRenderPrompt: a conversation with tools, a system message, an
// assistant turn with reasoning and calls, and their results, written as
// the template's peers write it (tinker-cookbook's MiniMax-M3 renderer;
// ms-swift's template; the fragments of the template itself quoted by
// other projects).
func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{tool("get_weather", `{"type":"object","properties":{"city":{"type":"string"}}}`)}
	msgs := []toolcall.Message{
		{Role: "system", Content: "Be brief."},
		{Role: "user", Content: "Weather in Paris and Tokyo?"},
		{Role: "assistant", Reasoning: "Two cities.", ToolCalls: []toolcall.Call{
			{ID: "a", Name: "get_weather", Arguments: `{"city":"Paris"}`}, {ID: "b", Name: "get_weather", Arguments: `{"city":"Tokyo"}`}}},
		{Role: "tool", ToolCallID: "a", Content: "sunny"},
		{Role: "tool", ToolCallID: "b", Content: "rain"},
		{Role: "assistant", Content: "Sunny in Paris, rain in Tokyo."},
		{Role: "user", Content: "Thanks."},
	}
	p, err := minimaxm3.RenderPrompt(msgs, tools, minimaxm3.PromptOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := system("adaptive") +
		"]~b]developer\nBe brief.\n\n# Tools\nYou may call one or more tools to assist with the user query.\nHere are the tools available in JSONSchema format:\n\n<tools>\n" +
		`<tool>{"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}</tool>` + "\n</tools>\n\n" +
		"To call tools, wrap all invocations in a single " + NS + "<tool_call>" + NS + "</tool_call> block. " +
		"Parameter values containing nested objects or arrays are recursively expanded into XML elements. Example:\n\n" +
		NS + "<tool_call>\n" + NS + `<invoke name="tool-name-1">` + NS + "<param-1>value-1" + NS + "</param-1>" +
		NS + "<param-2>" + NS + "<item>" + NS + "<key-a>val-a" + NS + "</key-a>" + NS + "<key-b>val-b" + NS + "</key-b>" + NS + "</item>" + NS + "</param-2>" +
		NS + "</invoke>\n" + NS + `<invoke name="tool-name-2">` + NS + "<param-1>value-1" + NS + "</param-1>" + NS + "</invoke>\n" + NS + "</tool_call>[e~[\n" +
		"]~b]user\nWeather in Paris and Tokyo?[e~[\n" +
		"]~b]ai\n<mm:think>Two cities.</mm:think>" + NS + "<tool_call>\n" +
		NS + `<invoke name="get_weather">` + NS + "<city>Paris" + NS + "</city>" + NS + "</invoke>\n" +
		NS + `<invoke name="get_weather">` + NS + "<city>Tokyo" + NS + "</city>" + NS + "</invoke>\n" + NS + "</tool_call>[e~[\n" +
		"]~b]tool\n<response>sunny</response>\n<response>rain</response>[e~[\n" +
		"]~b]ai\n</mm:think>Sunny in Paris, rain in Tokyo.[e~[\n" +
		"]~b]user\nThanks.[e~[\n" +
		"]~b]ai\n"
	if p.Text != want {
		t.Errorf("prompt:\n%q\nwant:\n%q", p.Text, want)
	}
	if p.InReasoning {
		t.Error("the adaptive prompt leaves reasoning open")
	}
}

// TestPromptThinking: the thinking switch names the mode in the system
// turn and ends the prompt as the template does.
func TestPromptThinking(t *testing.T) {
	yes, no := true, false
	msgs := []toolcall.Message{{Role: "user", Content: "Hi"}}
	for _, tc := range []struct {
		thinking    *bool
		mode, end   string
		inReasoning bool
	}{
		{nil, "adaptive", "]~b]ai\n", false},
		{&yes, "enabled", "]~b]ai\n<mm:think>", true},
		{&no, "disabled", "]~b]ai\n</mm:think>", false},
	} {
		p, err := minimaxm3.Format.(toolcall.Prompter).Prompt(msgs, nil, toolcall.PromptOptions{Thinking: tc.thinking})
		if err != nil {
			t.Fatal(err)
		}
		want := system(tc.mode) + "]~b]developer\nYou are a helpful assistant.[e~[\n]~b]user\nHi[e~[\n" + tc.end
		if p.Text != want || p.InReasoning != tc.inReasoning {
			t.Errorf("%s: %q (in reasoning: %v), want %q (%v)", tc.mode, p.Text, p.InReasoning, want, tc.inReasoning)
		}
	}
	if _, err := minimaxm3.RenderPrompt(msgs, nil, minimaxm3.PromptOptions{ThinkingMode: "sometimes"}); err == nil {
		t.Error("an unknown thinking mode: no error")
	}
	if _, err := minimaxm3.RenderPrompt(msgs, nil, minimaxm3.PromptOptions{Profile: "m2"}); err == nil {
		t.Error("an unknown profile: no error")
	}
}

// TestPromptReasoningInContent: an assistant turn whose text holds its
// reasoning in think tags is written as one that carries it apart.
func TestPromptReasoningInContent(t *testing.T) {
	msgs := []toolcall.Message{{Role: "user", Content: "Hi"}, {Role: "assistant", Content: "<mm:think>\nplan\n</mm:think>\n\nHello."}, {Role: "user", Content: "Bye"}}
	p, err := minimaxm3.RenderPrompt(msgs, nil, minimaxm3.PromptOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Text, "]~b]ai\n<mm:think>plan</mm:think>Hello.[e~[\n") {
		t.Errorf("prompt %q", p.Text)
	}
}

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	render := func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
		return minimaxm3.RenderPrompt(m, nil, minimaxm3.PromptOptions{SpecialTokens: mode})
	}
	formatstest.CheckRenderPromptGuard(t, render, minimaxm3.Format.(interface{ SpecialTokens() []string }).SpecialTokens())
}
