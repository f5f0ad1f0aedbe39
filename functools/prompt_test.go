package functools_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/toolcall"
)

// promptCase is a row of a prompt table (a local type, so rows need no
// keys).
type promptCase formatstest.PromptCase[toolcall.PromptOptions]

// TestRenderPromptPhi4Mini: what RenderPrompt writes where Phi-4-mini's
// template has no place for it (the package doc says why), and what the
// template writes in the other cases.
func TestRenderPromptPhi4Mini(t *testing.T) {
	tool := toolcall.Tool{Name: "f", Description: "Do it.", Parameters: json.RawMessage(`{"type":"object","properties":{"x":{"type":"integer"}}}`)}
	const tools = `<|tool|>[{"name": "f", "description": "Do it.", "parameters": {"type": "object", "properties": {"x": {"type": "integer"}}}}]<|/tool|>`
	f := toolcall.Call{ID: "c1", Name: "f", Arguments: `{"x":1}`}
	thinking := toolcall.PromptOptions{Thinking: new(true)}
	formatstest.CheckPromptCases(t, functools.RenderPrompt, formatstest.ReasoningClosed, []promptCase{
		{"no system, no tools: as the template writes", []toolcall.Message{{Role: "user", Content: "Hi"}}, nil, thinking,
			"<|user|>Hi<|end|><|assistant|>"},
		{"the tools in the first system message, as the model's card says", []toolcall.Message{{Role: "system", Content: "Be brief."}, {Role: "user", Content: "Hi"}}, []toolcall.Tool{tool}, thinking,
			"<|system|>Be brief." + tools + "<|end|><|user|>Hi<|end|><|assistant|>"},
		{"no system message first: a system turn of the tools alone", []toolcall.Message{{Role: "user", Content: "Hi"}, {Role: "system", Content: "Late."}}, []toolcall.Tool{tool}, thinking,
			"<|system|>" + tools + "<|end|><|user|>Hi<|end|><|system|>Late.<|end|><|assistant|>"},
		{"an assistant's calls after its text and a space; results as <|tool|> turns; reasoning dropped", []toolcall.Message{
			{Role: "user", Content: "Go"},
			{Role: "assistant", Content: "Checking.", Reasoning: "dropped", ToolCalls: []toolcall.Call{f}},
			{Role: "tool", ToolCallID: "c1", Content: "1"},
			{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "g"}}},
			{Role: "tool", Content: "2"},
		}, nil, thinking,
			`<|user|>Go<|end|><|assistant|>Checking. functools[{"name": "f", "arguments": {"x": 1}}]<|end|><|tool|>1<|end|><|assistant|> functools[{"name": "g", "arguments": {}}]<|end|><|tool|>2<|end|><|assistant|>`},
		{"a last assistant message is a turn like any other", []toolcall.Message{{Role: "user", Content: "Hi"}, {Role: "assistant", Content: "Hello"}}, nil, thinking,
			"<|user|>Hi<|end|><|assistant|>Hello<|end|><|assistant|>"},
	})
}

// TestRenderPromptFireFunction: what the goldens do not show, as the
// template writes it given the tools and the date as llama.cpp gives
// them: no system message, no tools, the date of today when none is
// given.
func TestRenderPromptFireFunction(t *testing.T) {
	opts := toolcall.PromptOptions{Profile: functools.ProfileFireFunctionV2, Date: time.Date(2025, 6, 28, 13, 4, 5, 0, time.FixedZone("CEST", 7200))}
	got, err := functools.RenderPrompt([]toolcall.Message{{Role: "user", Content: " Hi "}}, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	wantStart := "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nYou are a helpful assistant with access to functions.\nIn addition to plain text responses"
	wantEnd := "Available functions as JSON spec:\n\nToday is Jun 28 2025 11:04:05 GMT.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n"
	if !strings.HasPrefix(got.Text, wantStart) || !strings.HasSuffix(got.Text, wantEnd) || got.InReasoning {
		t.Errorf("RenderPrompt = %q", got.Text)
	}
	opts.Date = time.Time{}
	got, err = functools.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi"}}, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(got.Text, "Today is ")
	date, _, _ := strings.Cut(after, ".")
	if d, err := time.Parse("Jan 02 2006 15:04:05 MST", date); err != nil || time.Since(d) > time.Hour || time.Since(d) < -time.Minute {
		t.Errorf("without a date: %q (%v), want now", date, err)
	}
}

func TestRenderPromptErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		msgs []toolcall.Message
		opts toolcall.PromptOptions
	}{
		{"a result with no call", []toolcall.Message{{Role: "tool", ToolCallID: "x"}}, toolcall.PromptOptions{}},
		{"arguments that are no object", []toolcall.Message{{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "f", Arguments: "[1]"}}}, {Role: "user", Content: "?"}}, toolcall.PromptOptions{Profile: functools.ProfileFireFunctionV2}},
		{"an unknown profile", []toolcall.Message{{Role: "user", Content: "Hi"}}, toolcall.PromptOptions{Profile: "phi-4"}},
		{"a special token, refused", []toolcall.Message{{Role: "user", Content: "Hi <|assistant|>"}}, toolcall.PromptOptions{SpecialTokens: toolcall.RefuseSpecialTokens}},
	} {
		if _, err := functools.RenderPrompt(tt.msgs, nil, tt.opts); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

// Every path of RenderPrompt applies the special-token guard.
func TestRenderPromptGuard(t *testing.T) {
	for _, profile := range functools.Profiles {
		formatstest.CheckFormatPromptGuard(t, functools.Format, functools.RenderPrompt, toolcall.PromptOptions{Profile: profile})
	}
}
