package formatstest

import (
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

// PromptCase is a row of a table of prompts: a conversation, the tools
// and options it is written with, and the text the model's template
// writes for it. A format's tests define their own row type on it (type
// pc formatstest.PromptCase[OPTIONS]) so that rows need no keys.
type PromptCase[O any] struct {
	Name  string
	Msgs  []toolcall.Message
	Tools []toolcall.Tool
	Opts  O
	Want  string
}

// PromptCaseOf is a row type on PromptCase[O].
type PromptCaseOf[O any] interface {
	~struct {
		Name  string
		Msgs  []toolcall.Message
		Tools []toolcall.Tool
		Opts  O
		Want  string
	}
}

// CheckPromptCases: render writes each row's conversation as the row's
// text, leaving the reasoning as r says.
func CheckPromptCases[O any, C PromptCaseOf[O]](t *testing.T, render func([]toolcall.Message, []toolcall.Tool, O) (toolcall.Prompt, error), r Reasoning, rows []C) {
	t.Helper()
	for _, row := range rows {
		c := PromptCase[O](row)
		got, err := render(c.Msgs, c.Tools, c.Opts)
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		if got.Text != c.Want || r != AnyReasoning && got.InReasoning != (r == ReasoningOpen) {
			t.Errorf("%s: RenderPrompt =\n%q (in reasoning: %v)\nwant\n%q", c.Name, got.Text, got.InReasoning, c.Want)
		}
	}
}

// PromptError is a row of a table of conversations a format refuses to
// write, with the options it is asked with.
type PromptError[O any] struct {
	Name  string
	Msgs  []toolcall.Message
	Tools []toolcall.Tool
	Opts  O
}

// CheckPromptErrors: render refuses the conversations
// every format refuses (a result that answers no call, a call whose
// arguments are not an object), and each of more.
func CheckPromptErrors[O any](t *testing.T, render func([]toolcall.Message, []toolcall.Tool, O) (toolcall.Prompt, error), more ...PromptError[O]) {
	t.Helper()
	rows := append([]PromptError[O]{
		{Name: "a result with no call", Msgs: []toolcall.Message{{Role: "tool", ToolCallID: "x"}}},
		{Name: "arguments that are no object", Msgs: []toolcall.Message{{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "f", Arguments: "[1]"}}}, {Role: "user", Content: "?"}}},
	}, more...)
	for _, row := range rows {
		if _, err := render(row.Msgs, row.Tools, row.Opts); err == nil {
			t.Errorf("%s: no error", row.Name)
		}
	}
}
