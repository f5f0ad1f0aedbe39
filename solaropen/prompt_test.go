package solaropen_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/toolcall"
)

// More prompts of the template, rendered with jinja2 as the goldens were
// (testdata/more: no tools, no system message, several and empty system
// messages, each reasoning effort, a last assistant message, two turns of
// calls whose IDs repeat, results out of order, non-ASCII and control
// characters), byte for byte.
func TestPromptMatchesTheTemplateMore(t *testing.T) {
	var file map[string]struct {
		Messages json.RawMessage `json:"messages"`
		Tools    json.RawMessage `json:"tools"`
		Effort   string          `json:"reasoning_effort"`
	}
	data, err := os.ReadFile(filepath.Join("testdata", "more", "conversations.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	for name, c := range file {
		t.Run(name, func(t *testing.T) {
			body := fmt.Sprintf(`{"model": "m", "messages": %s}`, c.Messages)
			if c.Tools != nil {
				body = fmt.Sprintf(`{"model": "m", "messages": %s, "tools": %s}`, c.Messages, c.Tools)
			}
			req, err := openai.DecodeRequest(strings.NewReader(body), 0)
			if err != nil {
				t.Fatal(err)
			}
			msgs, err := req.Conversation()
			if err != nil {
				t.Fatal(err)
			}
			tr, err := req.ToolRequest()
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", "more", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			opts := toolcall.PromptOptions{Date: formatstest.GoldenDate, ReasoningEffort: c.Effort}
			got, err := solaropen.RenderPrompt(msgs, tr.Tools, opts)
			if err != nil {
				t.Fatal(err)
			}
			if got.Text != string(want) {
				i := diffAt(got.Text, string(want))
				t.Errorf("differs from the template's prompt from byte %d:\ngot  %q\nwant %q", i, tail(got.Text, i), tail(string(want), i))
			}
			if got.InReasoning {
				t.Error("the prompt leaves reasoning open")
			}
		})
	}
}

func diffAt(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// tail is s from i, at most 200 bytes.
func tail(s string, i int) string {
	s = s[i:]
	if len(s) > 200 {
		s = s[:200]
	}
	return s
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
	user := []toolcall.Message{{Role: "user", Content: "x"}}
	if _, err := solaropen.RenderPrompt(user, nil, toolcall.PromptOptions{Profile: "solar-open2"}); err == nil {
		t.Error("an unknown profile: no error")
	}
	if _, err := solaropen.RenderPrompt([]toolcall.Message{{Role: "tool", ToolCallID: "9", Content: "x"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("a result for no call: no error")
	}
	if _, err := solaropen.RenderPrompt([]toolcall.Message{{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "f", Arguments: "[1]"}}}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("arguments that are no object: no error")
	}
}

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	render := func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
		return solaropen.RenderPrompt(m, nil, toolcall.PromptOptions{SpecialTokens: mode})
	}
	formatstest.CheckRenderPromptGuard(t, render, solaropen.Format.(interface{ SpecialTokens() []string }).SpecialTokens())
}
