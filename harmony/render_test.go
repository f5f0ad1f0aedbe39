package harmony_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in (testdata/writes holds rows
// of what they write); RenderPrompt; and the template goldens
// testdata/templates/goldens.txt lists.
var writers = formatstest.Writers{
	Format: harmony.Format, Prompt: harmony.RenderPrompt,
	Renderers: []formatstest.Renderer{{Typed: true, Tolerated: "<|call|>"}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }

func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{
		{Name: "get_location", Description: "Gets the location of the user."},
		{Name: "get_current_weather", Description: "Gets the current weather in the provided location.", Parameters: json.RawMessage(`{"type":"object","properties":{
			"location":{"type":"string","description":"The city and state, e.g. San Francisco, CA"},
			"format":{"type":"string","enum":["celsius","fahrenheit"],"default":"celsius"}},"required":["location"]}`)},
	}
	msgs := []toolcall.Message{
		{Role: "system", Content: "Use a friendly tone."},
		{Role: "user", Content: "What is the weather like in SF?"},
		{Role: "assistant", Content: "Need the weather.", ToolCalls: []toolcall.Call{{ID: "c1", Name: "get_current_weather", Arguments: `{"location":"San Francisco, CA"}`}}},
		{Role: "tool", ToolCallID: "c1", Content: `{"sunny": true, "temperature": 20}`},
		{Role: "assistant", Content: "It is sunny."},
	}
	formatstest.CheckPromptCases(t, harmony.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{{
		Name: "a finished task: its analysis dropped", Msgs: msgs, Tools: tools, Opts: toolcall.PromptOptions{Date: time.Date(2025, 6, 28, 0, 0, 0, 0, time.UTC)},
		Want: "<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\nCurrent date: 2025-06-28\n\nReasoning: medium\n\n" +
			"# Valid channels: analysis, commentary, final. Channel must be included for every message.\nCalls to these tools must go to the commentary channel: 'functions'.<|end|>" +
			"<|start|>developer<|message|># Instructions\n\nUse a friendly tone.\n\n# Tools\n\n## functions\n\nnamespace functions {\n\n" +
			"// Gets the location of the user.\ntype get_location = () => any;\n\n" +
			"// Gets the current weather in the provided location.\ntype get_current_weather = (_: {\n// The city and state, e.g. San Francisco, CA\nlocation: string,\nformat?: \"celsius\" | \"fahrenheit\", // default: celsius,\n}) => any;\n\n" +
			"} // namespace functions<|end|>" +
			"<|start|>user<|message|>What is the weather like in SF?<|end|>" +
			// The task is finished (a final message follows): its analysis is dropped.
			"<|start|>assistant to=functions.get_current_weather<|channel|>commentary json<|message|>{\"location\": \"San Francisco, CA\"}<|call|>" +
			"<|start|>functions.get_current_weather to=assistant<|channel|>commentary<|message|>\"{\\\"sunny\\\": true, \\\"temperature\\\": 20}\"<|end|>" +
			"<|start|>assistant<|channel|>final<|message|>It is sunny.<|end|>" +
			"<|start|>assistant",
	}})
	// The current task's analysis is kept.
	gotPrompt, err := harmony.RenderPrompt(msgs[:4], tools, toolcall.PromptOptions{Date: time.Date(2025, 6, 28, 0, 0, 0, 0, time.UTC)})
	if err != nil || !strings.Contains(gotPrompt.Text, "<|start|>assistant<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant to=functions.get_current_weather") {
		t.Errorf("the analysis of the call of an unfinished task is not kept:\n%q", gotPrompt.Text)
	}
	if _, err := harmony.RenderPrompt([]toolcall.Message{{Role: "tool", ToolCallID: "x"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("a result with no call: no error")
	}
}

// TestAllCallsProfile: the template writes a turn's first call only and
// names every result after it; gpt-oss-all-calls writes each call and
// names each result by its call.
func TestAllCallsProfile(t *testing.T) {
	msgs := []toolcall.Message{
		{Role: "user", Content: "Weather in Paris and the time in Oslo?"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "a", Name: "get_weather", Arguments: `{"city":"Paris"}`}, {ID: "b", Name: "get_time", Arguments: `{"city":"Oslo"}`}}},
		{Role: "tool", ToolCallID: "a", Content: "sunny"},
		{Role: "tool", ToolCallID: "b", Content: "noon"},
	}
	const (
		weather       = `<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Paris"}<|call|>`
		clock         = `<|start|>assistant to=functions.get_time<|channel|>commentary json<|message|>{"city": "Oslo"}<|call|>`
		weatherResult = `<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>"sunny"<|end|>`
		clockResult   = `<|start|>functions.get_time to=assistant<|channel|>commentary<|message|>"noon"<|end|>`
	)
	p, err := harmony.RenderPrompt(msgs, nil, toolcall.PromptOptions{})
	if want := weather + `<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>"sunny"<|end|>` +
		`<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>"noon"<|end|><|start|>assistant`; err != nil || !strings.HasSuffix(p.Text, want) {
		t.Errorf("the template's profile ends\n%q, %v; want\n%q", p.Text, err, want)
	}
	p, err = harmony.RenderPrompt(msgs, nil, toolcall.PromptOptions{Profile: harmony.ProfileAllCalls})
	if want := weather + clock + weatherResult + clockResult + "<|start|>assistant"; err != nil || !strings.HasSuffix(p.Text, want) {
		t.Errorf("gpt-oss-all-calls ends\n%q, %v; want\n%q", p.Text, err, want)
	}
}

// TestSystemMessageOptions: the reasoning effort and the model identity
// of the system message.
func TestSystemMessageOptions(t *testing.T) {
	p, err := harmony.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi"}}, nil, toolcall.PromptOptions{
		ReasoningEffort: "high", ModelIdentity: "You are Bob.", Date: time.Date(2025, 6, 28, 0, 0, 0, 0, time.UTC)})
	want := "<|start|>system<|message|>You are Bob.\nKnowledge cutoff: 2024-06\nCurrent date: 2025-06-28\n\nReasoning: high\n\n"
	if err != nil || !strings.HasPrefix(p.Text, want) {
		t.Errorf("the prompt begins %q, %v; want %q", p.Text, err, want)
	}
}
