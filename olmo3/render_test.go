package olmo3_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/toolcall"
)

// TestWriters: the renderer checks on the format's syntax (testdata/writes
// holds rows of what it writes), RenderPrompt's special-token guard and
// every golden testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: olmo3.Format, Prompt: olmo3.RenderPrompt, Renderers: []formatstest.Renderer{{Tolerated: "\n</function_calls>"}}}.Check(t)
}

func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_weather", Parameters: []byte(`{"type":"object","properties":{"location":{"type":"string"}}}`)}}
	msgs := []toolcall.Message{
		{Role: "user", Content: "Weather in Boston?"},
		{Role: "assistant", Content: "Let me look.", ToolCalls: []toolcall.Call{{ID: "c1", Name: "get_weather", Arguments: `{"location":"Boston","metric":true,"when":null}`}}},
		{Role: "tool", ToolCallID: "c1", Content: "{\"temp_c\": 20}\n"},
		{Role: "assistant", Content: "20°C."},
		{Role: "user", Content: "Thanks!"},
	}
	gotPrompt, err := olmo3.RenderPrompt(msgs, tools, toolcall.PromptOptions{})
	got := gotPrompt.Text
	if err != nil {
		t.Fatal(err)
	}
	want := "<|im_start|>system\n" + olmo3.DefaultSystem + "<functions>[{\"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"parameters\": {\"type\": \"object\", \"properties\": {\"location\": {\"type\": \"string\"}}}}}]</functions><|im_end|>\n" +
		"<|im_start|>user\nWeather in Boston?<|im_end|>\n" +
		// the template writes the calls right after the text (golden
		// olmo31/two_rounds)
		"<|im_start|>assistant\nLet me look.<function_calls>get_weather(location=\"Boston\", metric=true, when=null)</function_calls><|im_end|>\n" +
		"<|im_start|>environment\n{\"temp_c\": 20}\n<|im_end|>\n" +
		"<|im_start|>assistant\n20°C.<|im_end|>\n" +
		"<|im_start|>user\nThanks!<|im_end|>\n" +
		"<|im_start|>assistant\n"
	if got != want {
		t.Errorf("prompt:\n%q\nwant:\n%q", got, want)
	}
	if _, err := olmo3.RenderPrompt([]toolcall.Message{{Role: "narrator"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("unknown role: no error")
	}
}
