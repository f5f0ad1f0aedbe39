package solaropen_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/toolcall"
)

// More prompts of the template, rendered with jinja2 as the goldens were
// (testdata/more: no tools, no system message, several and empty system
// messages, each reasoning effort, a last assistant message, two turns of
// calls whose IDs repeat, results out of order, non-ASCII and control
// characters), byte for byte.
func TestPromptMatchesTheTemplateMore(t *testing.T) {
	formatstest.CheckMorePrompts(t, solaropen.RenderPrompt, formatstest.ReasoningClosed, func(t *testing.T, c formatstest.More) map[string]toolcall.PromptOptions {
		var entry struct {
			Effort string `json:"reasoning_effort"`
		}
		if err := json.Unmarshal(c.Entry, &entry); err != nil {
			t.Fatal(err)
		}
		return map[string]toolcall.PromptOptions{"": {Date: formatstest.GoldenDate, ReasoningEffort: entry.Effort}}
	})
}

// Thinking false is the template's reasoning_effort "low": the prompt
// ends with an empty reasoning; ReasoningEffort, when set, decides.
func TestThinkingIsTheReasoningEffort(t *testing.T) {
	off, on := false, true
	user := []toolcall.Message{{Role: "user", Content: "Hi."}}
	for _, tt := range []struct {
		opts toolcall.PromptOptions
		end  string
	}{
		{toolcall.PromptOptions{}, "<|end|><|begin|>assistant"},
		{toolcall.PromptOptions{Thinking: &on}, "<|end|><|begin|>assistant"},
		{toolcall.PromptOptions{Thinking: &off}, "<|end|><|begin|>assistant<|think|><|end|><|begin|>assistant"},
		{toolcall.PromptOptions{Thinking: &off, ReasoningEffort: "high"}, "<|end|><|begin|>assistant"},
		{toolcall.PromptOptions{ReasoningEffort: "minimal"}, "<|end|><|begin|>assistant<|think|><|end|><|begin|>assistant"},
	} {
		p, err := solaropen.RenderPrompt(user, nil, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(p.Text, "Hi."+tt.end) || p.InReasoning {
			t.Errorf("%+v: the prompt ends %q, want %q", tt.opts, p.Text[len(p.Text)-60:], tt.end)
		}
	}
	// The date the template writes is today's when none is given.
	p, _ := solaropen.RenderPrompt(user, nil, toolcall.PromptOptions{})
	if !strings.Contains(p.Text, "The current date is 20") {
		t.Errorf("no date in %q", p.Text[:200])
	}
}

// A conversation that cannot be written is an error.
func TestPromptErrors(t *testing.T) {
	formatstest.CheckPromptErrors(t, solaropen.RenderPrompt, formatstest.PromptError[toolcall.PromptOptions]{
		Name: "an unknown profile", Msgs: []toolcall.Message{{Role: "user", Content: "x"}}, Opts: toolcall.PromptOptions{Profile: "solar-open2"}})
}
