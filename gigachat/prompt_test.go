package gigachat_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/toolcall"
)

// More prompts of both templates, rendered with jinja2 as the goldens
// were (testdata/more: the schema features the templates write as
// TypeScript, no tools, no system message, later and empty system
// messages, a conversation of a system message alone, a last assistant
// message with and without a call, two calls in a turn, non-ASCII and
// control characters), byte for byte.
func TestPromptMatchesTheTemplatesMore(t *testing.T) {
	var file map[string]struct {
		Messages json.RawMessage `json:"messages"`
		Tools    json.RawMessage `json:"tools"`
	}
	data, err := os.ReadFile(filepath.Join("testdata", "more", "conversations.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	for name, c := range file {
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
		for _, profile := range gigachat.Profiles {
			t.Run(name+"@"+profile, func(t *testing.T) {
				want, err := os.ReadFile(filepath.Join("testdata", "more", name+"@"+profile+".txt"))
				if err != nil {
					t.Fatal(err)
				}
				got, err := gigachat.RenderPrompt(msgs, tr.Tools, toolcall.PromptOptions{Profile: profile})
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

// A conversation that cannot be written is an error.
func TestPromptErrors(t *testing.T) {
	user := []toolcall.Message{{Role: "user", Content: "x"}}
	if _, err := gigachat.RenderPrompt(user, nil, toolcall.PromptOptions{Profile: "3.5"}); err == nil {
		t.Error("an unknown profile: no error")
	}
	if _, err := gigachat.RenderPrompt([]toolcall.Message{{Role: "tool", ToolCallID: "9", Content: "x"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("a result for no call: no error")
	}
	if _, err := gigachat.RenderPrompt(user, []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":`)}}, toolcall.PromptOptions{}); err == nil {
		t.Error("parameters that are not JSON: no error")
	}
	if _, err := gigachat.RenderPrompt([]toolcall.Message{{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "f", Arguments: "[1]"}}}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("arguments that are no object: no error")
	}
}

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	render := func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
		return gigachat.RenderPrompt(m, nil, toolcall.PromptOptions{SpecialTokens: mode})
	}
	formatstest.CheckRenderPromptGuard(t, render, gigachat.Format.(interface{ SpecialTokens() []string }).SpecialTokens())
}
