package glm45_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/toolcall"
)

// TestWriters: the renderer checks on the format's syntax (testdata/writes
// holds rows of what it writes), RenderPrompt's special-token guard and
// every golden testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: glm45.Format, Prompt: glm45.RenderPrompt, Renderers: []formatstest.Renderer{{Tolerated: "\n</tool_call>", ValueClose: "</arg_value>"}}}.Check(t)
}

func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}}}`)}}
	msgs := []toolcall.Message{
		{Role: "system", Content: "Be brief."},
		{Role: "user", Content: "Weather?"},
		{Role: "assistant", Content: "Checking.", ToolCalls: []toolcall.Call{{ID: "a", Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
		{Role: "tool", ToolCallID: "a", Content: "sunny"},
	}
	gotPrompt, err := glm45.RenderPrompt(msgs, tools, toolcall.PromptOptions{Profile: glm45.ProfileGLM46, Thinking: new(false)})
	got := gotPrompt.Text
	want := "[gMASK]<sop><|system|>\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n" +
		`{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}` + "\n" +
		"</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>" +
		"<|system|>\nBe brief.<|user|>\nWeather?/nothink<|assistant|>\n<think></think>\nChecking.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>" +
		"<|observation|>\n<tool_response>\nsunny\n</tool_response><|assistant|>\n<think></think>"
	if err != nil || got != want || gotPrompt.InReasoning {
		t.Errorf("RenderPrompt =\n%q\n%v; want\n%q", got, err, want)
	}
	// GLM-4.7's compact turns, and the generation prompt opens reasoning.
	gotPrompt, err = glm45.RenderPrompt(msgs, tools, toolcall.PromptOptions{})
	want = "[gMASK]<sop><|system|>\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n" +
		`{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}` + "\n" +
		"</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}<arg_key>{arg-key-1}</arg_key><arg_value>{arg-value-1}</arg_value><arg_key>{arg-key-2}</arg_key><arg_value>{arg-value-2}</arg_value>...</tool_call>" +
		"<|system|>Be brief.<|user|>Weather?<|assistant|></think>Checking.<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>" +
		"<|observation|><tool_response>sunny</tool_response><|assistant|><think>"
	if err != nil || gotPrompt.Text != want || !gotPrompt.InReasoning {
		t.Errorf("RenderPrompt (GLM-4.7) =\n%q\n%v %v; want\n%q, in reasoning", gotPrompt.Text, err, gotPrompt.InReasoning, want)
	}
}

// TestKeepReasoning: GLM-4.7 drops the reasoning of turns before the last
// user message, and keeps it with KeepReasoning (clear_thinking=false);
// GLM-4.6 ignores it.
func TestKeepReasoning(t *testing.T) {
	checkOptions(t, greeting("Hello."), []optionsRow{
		{toolcall.PromptOptions{}, "[gMASK]<sop><|user|>Hi<|assistant|></think>Hello.<|user|>Bye<|assistant|><think>", true},
		{toolcall.PromptOptions{KeepReasoning: true}, "[gMASK]<sop><|user|>Hi<|assistant|><think>Greet back.</think>Hello.<|user|>Bye<|assistant|><think>", true},
		{toolcall.PromptOptions{Profile: glm45.ProfileGLM46, KeepReasoning: true}, "[gMASK]<sop><|user|>\nHi<|assistant|>\n<think></think>\nHello.<|user|>\nBye<|assistant|>", false},
	})
}

// greeting is the conversation TestKeepReasoning and
// TestGLM52AndLagunaOptions render: Hi, an answer with its reasoning,
// Bye.
func greeting(answer string) []toolcall.Message {
	return []toolcall.Message{
		{Role: "user", Content: "Hi"},
		{Role: "assistant", Reasoning: "Greet back.", Content: answer},
		{Role: "user", Content: "Bye"},
	}
}

// optionsRow is a row of checkOptions: the options, the prompt they
// render and whether it leaves the reasoning open.
type optionsRow struct {
	opts   toolcall.PromptOptions
	want   string
	opened bool
}

// checkOptions: RenderPrompt writes msgs, with each row's options, as the
// row's text, leaving the reasoning open as the row says.
func checkOptions(t *testing.T, msgs []toolcall.Message, rows []optionsRow) {
	t.Helper()
	for _, tt := range rows {
		got, err := glm45.RenderPrompt(msgs, nil, tt.opts)
		if err != nil || got.Text != tt.want || got.InReasoning != tt.opened {
			t.Errorf("%+v: RenderPrompt =\n%q, %v, in reasoning %v; want\n%q, %v", tt.opts, got.Text, err, got.InReasoning, tt.want, tt.opened)
		}
	}
}

// TestGLM52AndLagunaOptions: GLM-5.2 writes the reasoning effort asked
// for (Max by default), and both profiles open reasoning unless thinking
// is off. A blank first system message drops Laguna's system turn.
func TestGLM52AndLagunaOptions(t *testing.T) {
	msgs := greeting(" Hello. ")
	checkOptions(t, msgs, []optionsRow{
		{toolcall.PromptOptions{Profile: glm45.ProfileGLM52}, "[gMASK]<sop><|system|>Reasoning Effort: Max<|user|>Hi<|assistant|><think></think>Hello.<|user|>Bye<|assistant|><think>", true},
		{toolcall.PromptOptions{Profile: glm45.ProfileGLM52, ReasoningEffort: "high", KeepReasoning: true}, "[gMASK]<sop><|system|>Reasoning Effort: High<|user|>Hi<|assistant|><think>Greet back.</think>Hello.<|user|>Bye<|assistant|><think>", true},
		{toolcall.PromptOptions{Profile: glm45.ProfileGLM52, Thinking: new(false)}, "[gMASK]<sop><|system|>Reasoning Effort: Max<|user|>Hi<|assistant|><think></think>Hello.<|user|>Bye<|assistant|><think></think>", false},
		// Laguna writes its default system prompt, keeps reasoning and text
		// as they are, and with thinking off writes </think> alone.
		{toolcall.PromptOptions{Profile: glm45.ProfileLaguna}, "\u3008|EOS|\u3009<system>" + glm45.LagunaSystem + "</system>\n<user>Hi</user>\n<assistant><think>Greet back.</think> Hello. </assistant>\n<user>Bye</user>\n<assistant><think>", true},
		{toolcall.PromptOptions{Profile: glm45.ProfileLaguna, Thinking: new(false)}, "\u3008|EOS|\u3009<system>" + glm45.LagunaSystem + "</system>\n<user>Hi</user>\n<assistant></think> Hello. </assistant>\n<user>Bye</user>\n<assistant></think>", false},
	})
	blank := append([]toolcall.Message{{Role: "system", Content: " \n"}}, msgs...)
	got, err := glm45.RenderPrompt(blank, nil, toolcall.PromptOptions{Profile: glm45.ProfileLaguna, Thinking: new(false)})
	if want := "\u3008|EOS|\u3009<user>Hi</user>\n<assistant></think> Hello. </assistant>\n<user>Bye</user>\n<assistant></think>"; err != nil || got.Text != want {
		t.Errorf("Laguna, blank system message, thinking off: %q, %v; want %q", got.Text, err, want)
	}
}
