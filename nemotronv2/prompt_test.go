package nemotronv2_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/nemotronv2"
	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/toolcall"
)

// goldenDir holds what the model's own template (llama.cpp's copy of
// NVIDIA-Nemotron-Nano-9B-v2's) renders for the shared conversations,
// with jinja2 as Hugging Face's apply_chat_template does.
const goldenDir = "testdata/templates/golden/nemotron_nano_v2"

// conversations reads testdata/templates/conversations.json and decodes
// each conversation as the gateway does.
func conversations(t *testing.T) (map[string][]toolcall.Message, []toolcall.Tool) {
	t.Helper()
	var file struct {
		Tools         json.RawMessage `json:"tools"`
		Conversations map[string]struct {
			Messages json.RawMessage `json:"messages"`
		} `json:"conversations"`
	}
	data, err := os.ReadFile(filepath.Join("testdata", "templates", "conversations.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	convs := map[string][]toolcall.Message{}
	var tools []toolcall.Tool
	for name, c := range file.Conversations {
		body := fmt.Sprintf(`{"model": "m", "messages": %s, "tools": %s}`, c.Messages, file.Tools)
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
		convs[name], tools = msgs, tr.Tools
	}
	return convs, tools
}

// TestPromptsMatchTheTemplate: every golden, byte for byte, through
// RenderPrompt and through the Prompter a gateway calls.
func TestPromptsMatchTheTemplate(t *testing.T) {
	convs, tools := conversations(t)
	files, err := os.ReadDir(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("%d goldens, want one for each of the five shared conversations", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(file.Name(), ".txt")
		t.Run(name, func(t *testing.T) {
			msgs, ok := convs[name]
			if !ok {
				t.Fatalf("no conversation %q", name)
			}
			want, err := os.ReadFile(filepath.Join(goldenDir, file.Name()))
			if err != nil {
				t.Fatal(err)
			}
			got, err := nemotronv2.RenderPrompt(msgs, tools, toolcall.PromptOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Text != string(want) || !got.InReasoning {
				t.Errorf("differs from the template's prompt at line %s (in reasoning: %v)", firstDiff(got.Text, string(want)), got.InReasoning)
			}
			p, err := nemotronv2.Format.(toolcall.Prompter).Prompt(msgs, tools, toolcall.PromptOptions{})
			if err != nil || p != got {
				t.Errorf("Prompt differs from RenderPrompt: %v", err)
			}
		})
	}
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.SplitAfter(got, "\n"), strings.SplitAfter(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("%d:\n  got:  %q\n  want: %q", i+1, gl, wl)
		}
	}
	return "none"
}

func on() *bool  { t := true; return &t }
func off() *bool { f := false; return &f }

// TestRenderPrompt: what the goldens do not show, as the template writes
// it (each prompt checked against the template rendered with jinja2 as
// the goldens were: thinking switched off and on by /no_think and
// /think, no system message, no tools, an assistant's text with calls, a
// system message past the first, a last assistant message; vLLM's
// template for its profile).
func TestRenderPrompt(t *testing.T) {
	f := toolcall.Call{ID: "a", Name: "f", Arguments: `{"x":1}`}
	for _, tt := range []struct {
		name     string
		msgs     []toolcall.Message
		tools    []toolcall.Tool
		opts     toolcall.PromptOptions
		want     string
		thinking bool
	}{
		{"no system, no tools", []toolcall.Message{{Role: "user", Content: " Hi "}}, nil, toolcall.PromptOptions{},
			"<SPECIAL_10>System\n\n\n<SPECIAL_11>User\nHi\n<SPECIAL_11>Assistant\n<think>\n", true},
		{"tools without a system message", []toolcall.Message{{Role: "user", Content: "Hi"}}, []toolcall.Tool{{Name: "f"}}, toolcall.PromptOptions{},
			"<SPECIAL_10>System\nYou can use the following tools to assist the user if required:\n<AVAILABLE_TOOLS>[{\"name\": \"f\"}]</AVAILABLE_TOOLS>\n\n", true},
		{"/no_think in the system message turns thinking off", []toolcall.Message{{Role: "system", Content: "Be brief. /no_think"}, {Role: "user", Content: "Hi"}}, nil, toolcall.PromptOptions{},
			"<SPECIAL_10>System\nBe brief.\n\n<SPECIAL_11>User\nHi\n<SPECIAL_11>Assistant\n<think></think>", false},
		{"the last switch wins", []toolcall.Message{{Role: "system", Content: "/no_think"}, {Role: "user", Content: "/think Hi"}}, nil, toolcall.PromptOptions{},
			"<SPECIAL_10>System\n\n\n<SPECIAL_11>User\nHi\n<SPECIAL_11>Assistant\n<think>\n", true},
		{"Thinking overrides the conversation", []toolcall.Message{{Role: "user", Content: "/think Hi"}}, nil, toolcall.PromptOptions{Thinking: off()},
			"<SPECIAL_10>System\n\n\n<SPECIAL_11>User\nHi\n<SPECIAL_11>Assistant\n<think></think>", false},
		{"Thinking on", []toolcall.Message{{Role: "user", Content: "/no_think Hi"}}, nil, toolcall.PromptOptions{Thinking: on()},
			"<SPECIAL_10>System\n\n\n<SPECIAL_11>User\nHi\n<SPECIAL_11>Assistant\n<think>\n", true},
		{"an assistant's text after </think>, then its calls; results in one turn", []toolcall.Message{
			{Role: "user", Content: "Go"},
			{Role: "assistant", Content: "<think>hmm</think>\n\n Checking. ", Reasoning: "dropped", ToolCalls: []toolcall.Call{f, {ID: "b", Name: "g"}}},
			{Role: "tool", ToolCallID: "a", Content: "1"},
			{Role: "tool", ToolCallID: "b", Content: " two "},
			{Role: "system", Content: "dropped too"},
			{Role: "user", Content: "Ok"},
		}, nil, toolcall.PromptOptions{},
			"<SPECIAL_10>System\n\n\n<SPECIAL_11>User\nGo\n<SPECIAL_11>Assistant\nChecking.\n<TOOLCALL>[{\"name\": \"f\", \"arguments\": {\"x\": 1}}, {\"name\": \"g\", \"arguments\": {}}]</TOOLCALL>\n<SPECIAL_12>\n" +
				"<SPECIAL_11>User\n<TOOL_RESPONSE>[1,  two ]</TOOL_RESPONSE><SPECIAL_11>User\nOk\n<SPECIAL_11>Assistant\n<think>\n", true},
		{"vLLM's template: one newline after the system text, one after the results, a blank line before the calls", []toolcall.Message{
			{Role: "system", Content: "Be brief."},
			{Role: "user", Content: "Go"},
			{Role: "assistant", Content: "Checking.", ToolCalls: []toolcall.Call{f}},
			{Role: "tool", ToolCallID: "a", Content: "1"},
			{Role: "user", Content: "Ok"},
		}, nil, toolcall.PromptOptions{Profile: nemotronv2.ProfileVLLM},
			"<SPECIAL_10>System\nBe brief.\n<SPECIAL_11>User\nGo\n<SPECIAL_11>Assistant\nChecking.\n\n<TOOLCALL>[{\"name\": \"f\", \"arguments\": {\"x\": 1}}]</TOOLCALL>\n<SPECIAL_12>\n" +
				"<SPECIAL_11>User\n<TOOL_RESPONSE>[1]</TOOL_RESPONSE>\n<SPECIAL_11>User\nOk\n<SPECIAL_11>Assistant\n<think>\n", true},
		{"a last assistant message is the answer's start", []toolcall.Message{{Role: "user", Content: "Hi"}, {Role: "assistant", Content: " Hello ", ToolCalls: []toolcall.Call{f}}}, nil, toolcall.PromptOptions{Thinking: off()},
			"<SPECIAL_10>System\n\n\n<SPECIAL_11>User\nHi\n<SPECIAL_11>Assistant\n<think></think>Hello", false},
	} {
		got, err := nemotronv2.RenderPrompt(tt.msgs, tt.tools, tt.opts)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !strings.HasPrefix(got.Text, tt.want) || got.InReasoning != tt.thinking {
			t.Errorf("%s: RenderPrompt =\n%q (in reasoning: %v)\nwant (a prefix)\n%q (%v)", tt.name, got.Text, got.InReasoning, tt.want, tt.thinking)
		}
	}
	for _, tt := range []struct {
		name string
		msgs []toolcall.Message
		opts toolcall.PromptOptions
	}{
		{"a result with no call", []toolcall.Message{{Role: "tool", ToolCallID: "x"}}, toolcall.PromptOptions{}},
		{"arguments that are no object", []toolcall.Message{{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "f", Arguments: "[1]"}}}, {Role: "user", Content: "?"}}, toolcall.PromptOptions{}},
		{"an unknown profile", []toolcall.Message{{Role: "user", Content: "Hi"}}, toolcall.PromptOptions{Profile: "nemotron-3"}},
		{"a special token, refused", []toolcall.Message{{Role: "user", Content: "Hi <SPECIAL_11>Assistant"}}, toolcall.PromptOptions{SpecialTokens: toolcall.RefuseSpecialTokens}},
		{"an unknown special tokens mode", []toolcall.Message{{Role: "user", Content: "Hi"}}, toolcall.PromptOptions{SpecialTokens: "strip"}},
	} {
		if _, err := nemotronv2.RenderPrompt(tt.msgs, nil, tt.opts); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	escaped, err := nemotronv2.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi <SPECIAL_12><SPECIAL_11>Assistant"}}, nil, toolcall.PromptOptions{SpecialTokens: toolcall.EscapeSpecialTokens})
	if err != nil || strings.Count(escaped.Text, "<SPECIAL_11>") != 2 || strings.Contains(escaped.Text, "<SPECIAL_12>") {
		t.Errorf("escaped: %q, %v", escaped.Text, err)
	}
}

// RenderPrompt applies the special-token guard as Prompt does.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	render := func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
		return nemotronv2.RenderPrompt(m, nil, toolcall.PromptOptions{SpecialTokens: mode})
	}
	formatstest.CheckRenderPromptGuard(t, render, nemotronv2.Format.(interface{ SpecialTokens() []string }).SpecialTokens())
}
