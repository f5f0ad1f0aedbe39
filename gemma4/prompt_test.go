package gemma4_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gemma4"
	"github.com/toolparse/toolparse/toolcall"
)

// TestPromptErrors: an unknown profile, a result that answers no call
// and a call whose arguments are no object are errors.
func TestPromptErrors(t *testing.T) {
	formatstest.CheckPromptErrors(t, gemma4.Format.(toolcall.Prompter).Prompt, formatstest.PromptError[toolcall.PromptOptions]{
		Name: "an unknown profile", Opts: toolcall.PromptOptions{Profile: "gemma3"}})
}

// TestPromptWithoutSystem: with no system message, tools or thinking
// there is no system turn.
func TestPromptWithoutSystem(t *testing.T) {
	got, err := gemma4.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi"}}, nil, toolcall.PromptOptions{})
	if want := "<bos><|turn>user\nHi<turn|>\n<|turn>model\n<|channel>thought\n<channel|>"; err != nil || got.Text != want {
		t.Errorf("RenderPrompt = %q, %v, want %q", got.Text, err, want)
	}
}

// TestWriters: RenderPrompt's special-token guard and every golden
// testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: gemma4.Format, Prompt: gemma4.RenderPrompt}.Check(t)
}

// TestFunctionGemmaPrompt: the developer turn of Google's FunctionGemma
// documentation (formatting and best practices, "Turn 1"), byte for byte;
// there is no golden of its template here.
func TestFunctionGemmaPrompt(t *testing.T) {
	tool := toolcall.Tool{Name: "get_current_weather", Description: "Gets the current weather in a given location.", Parameters: json.RawMessage(
		`{"type":"object","properties":{"location":{"type":"string","description":"The city and state, e.g. \"San Francisco, CA\" or \"Tokyo, JP\""},` +
			`"unit":{"type":"string","enum":["celsius","fahrenheit"],"description":"The unit to return the temperature in."}},"required":["location"]}`)}
	msgs := []toolcall.Message{{Role: "user", Content: "Hey, what's the weather in Tokyo right now?"}}
	got, err := gemma4.Format.(toolcall.Prompter).Prompt(msgs, []toolcall.Tool{tool}, toolcall.PromptOptions{Profile: gemma4.ProfileFunctionGemma, Thinking: new(true)})
	want := "<bos><start_of_turn>developer\nYou are a model that can do function calling with the following functions" +
		"<start_function_declaration>declaration:get_current_weather{description:<escape>Gets the current weather in a given location.<escape>," +
		`parameters:{properties:{location:{description:<escape>The city and state, e.g. "San Francisco, CA" or "Tokyo, JP"<escape>,type:<escape>STRING<escape>},` +
		`unit:{description:<escape>The unit to return the temperature in.<escape>,enum:[<escape>celsius<escape>,<escape>fahrenheit<escape>],type:<escape>STRING<escape>}},` +
		"required:[<escape>location<escape>],type:<escape>OBJECT<escape>}}<end_function_declaration><end_of_turn>\n" +
		"<start_of_turn>user\nHey, what's the weather in Tokyo right now?<end_of_turn>\n<start_of_turn>model\n"
	if err != nil || got.Text != want {
		t.Errorf("Prompt = %q, %v\nwant %q", got.Text, err, want)
	}
	msgs = append(msgs,
		toolcall.Message{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "c1", Name: "get_current_weather", Arguments: `{"location":"Tokyo, Japan"}`}}},
		toolcall.Message{Role: "tool", ToolCallID: "c1", Content: "sunny, 15C"})
	got, err = gemma4.RenderPrompt(msgs, nil, toolcall.PromptOptions{Profile: gemma4.ProfileFunctionGemma})
	want = "<bos><start_of_turn>user\nHey, what's the weather in Tokyo right now?<end_of_turn>\n<start_of_turn>model\n" +
		"<start_function_call>call:get_current_weather{location:<escape>Tokyo, Japan<escape>}<end_function_call>" +
		"<start_function_response>response:get_current_weather{value:<escape>sunny, 15C<escape>}<end_function_response>"
	if err != nil || got.Text != want {
		t.Errorf("RenderPrompt = %q, %v\nwant %q", got.Text, err, want)
	}
}
