package seedoss_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/seedoss"
	"github.com/toolparse/toolparse/toolcall"
)

// TestThinkingBudget: the template with thinking_budget=512 (rendered as
// the goldens are, testdata/templates/budget512) writes a system turn
// with the budget and the interval of its reflections.
func TestThinkingBudget(t *testing.T) {
	convs, tools := formatstest.Conversations(t)
	dir := filepath.Join("testdata", "templates", "budget512")
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("%d goldens in %s, want 5", len(files), dir)
	}
	for _, f := range files {
		got, err := seedoss.RenderPrompt(convs[strings.TrimSuffix(f.Name(), ".txt")], tools, toolcall.PromptOptions{ThinkingBudget: 512})
		formatstest.CheckPrompt(t, filepath.Join(dir, f.Name()), got, err, formatstest.AnyReasoning)
	}
}

// TestPromptEdges: a conversation of the template's corner cases
// (testdata/templates/edges/conversation.json: a tool without properties
// nor description, properties without descriptions or with a list of
// types, an assistant turn with no text, text and reasoning with blanks
// around them, values of every kind in a call) rendered by the template
// as the goldens are, with tools, without, with thinking off and with a
// budget past the template's last gear.
func TestPromptEdges(t *testing.T) {
	dir := filepath.Join("testdata", "templates", "edges")
	data, err := os.ReadFile(filepath.Join(dir, "conversation.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Tools         json.RawMessage `json:"tools"`
		Conversations map[string]struct {
			Messages json.RawMessage `json:"messages"`
		} `json:"conversations"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	msgs, tools := formatstest.DecodeConversation(t, file.Conversations["plain"].Messages, file.Tools)
	for _, tc := range []struct {
		golden string
		tools  []toolcall.Tool
		opts   toolcall.PromptOptions
	}{
		{"tools.txt", tools, toolcall.PromptOptions{}},
		{"no_tools.txt", nil, toolcall.PromptOptions{}},
		{"budget0.txt", tools, toolcall.PromptOptions{Thinking: new(false)}},
		{"budget99999.txt", tools, toolcall.PromptOptions{ThinkingBudget: 99999}},
	} {
		got, err := seedoss.RenderPrompt(msgs, tc.tools, tc.opts)
		formatstest.CheckPrompt(t, filepath.Join(dir, tc.golden), got, err, formatstest.AnyReasoning)
	}
}
