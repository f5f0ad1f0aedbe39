package apertus_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// promptCase is a row of a prompt table (a local type, so rows need no
// keys).
type promptCase formatstest.PromptCase[toolcall.PromptOptions]

// shapes is a tool whose parameters take each branch of the template's
// TypeScript types.
var shapes = toolcall.Tool{Name: "shapes", Description: "Many shapes.", Parameters: json.RawMessage(`{"type": "object", "properties": {
	"s": {"type": "string", "nullable": true, "description": "A string"},
	"pts": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "number"}}}},
	"big": {"type": "array", "items": {"type": "object", "properties": {"alpha": {"type": "number"}, "beta": {"type": "string"}, "gamma": {"type": "boolean"}}}},
	"raw": {"type": "array"},
	"ints": {"type": "array", "items": {"type": "integer"}, "nullable": true},
	"either": {"type": ["string", "null"]},
	"one": {"type": ["integer"]},
	"pick": {"oneOf": [{"type": "string", "description": "a name"}, {"type": "integer", "default": 3}]},
	"unit": {"type": "string", "enum": ["c", "f"], "default": "c"},
	"n": {"type": "integer", "default": 5},
	"obj": {"type": "object"},
	"free": {},
	"flags": {"type": "array", "items": {"type": "boolean"}}
}, "required": ["s", "pts"]}`)}

const defaultSystem = "<s><|system_start|>You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: 2025-06-28<|system_end|>"

// TestRenderPrompt: what the goldens do not show. Each want is what the
// template (llama.cpp's copy) renders for the same conversation with
// jinja2 as the goldens were rendered; a last assistant message as
// Hugging Face's continue_final_message cuts it.
func TestRenderPrompt(t *testing.T) {
	f := toolcall.Call{ID: "a", Name: "f", Arguments: `{"x":1}`}
	formatstest.CheckPromptCases(t, apertus.RenderPrompt, formatstest.ReasoningClosed, []promptCase{
		{"the default system text with the date; deliberation enabled", []toolcall.Message{{Role: "user", Content: "Hi"}}, nil,
			toolcall.PromptOptions{Thinking: new(true), Date: formatstest.GoldenDate},
			defaultSystem + "<|developer_start|>Deliberation: enabled\nTool Capabilities: disabled<|developer_end|><|user_start|>Hi<|user_end|><|assistant_start|>"},
		{"every TypeScript type the template writes", []toolcall.Message{{Role: "system", Content: "S"}, {Role: "user", Content: "Hi"}},
			[]toolcall.Tool{{Name: "ping", Description: "Ping."}, shapes}, toolcall.PromptOptions{},
			"<s><|system_start|>S<|system_end|><|developer_start|>Deliberation: disabled\nTool Capabilities:\n// Ping.\ntype ping = () => any;\n// Many shapes.\ntype shapes = (_: {\n// A string\ns: string | null,\npts: {\nx?: \n                number}[],\nbig?: any[],\nraw?: any[],\nints?: number[] | null,\neither?: string | null,\none?: integer,\npick?: string// a name | \nnumber                    // default: 3,\nunit?: \"c\" | \"f\", // default: c,\nn?: number, // default: 5,\nobj?: object,\nfree?: any,\nflags?: boolean[]\n}) => any;<|developer_end|><|user_start|>Hi<|user_end|><|assistant_start|>"},
		{"an assistant turn holds its text, calls and results until the next user turn", []toolcall.Message{
			{Role: "system", Content: "S"}, {Role: "user", Content: "Go"},
			{Role: "assistant", Content: "Checking.", Reasoning: "dropped", ToolCalls: []toolcall.Call{f}},
			{Role: "tool", ToolCallID: "a", Content: "1"},
			{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "b", Name: "g", Arguments: "{}"}, {ID: "c", Name: "h", Arguments: `{"y":"z"}`}}},
			{Role: "tool", ToolCallID: "b", Content: "2"}, {Role: "tool", ToolCallID: "c", Content: "3"},
			{Role: "assistant", Content: "Done."},
			{Role: "user", Content: "Ok"},
		}, nil, toolcall.PromptOptions{},
			"<s><|system_start|>S<|system_end|><|developer_start|>Deliberation: disabled\nTool Capabilities: disabled<|developer_end|><|user_start|>Go<|user_end|><|assistant_start|>Checking.<|tools_prefix|>[{\"f\": {\"x\": 1}}]<|tools_suffix|>[1]<|tools_prefix|>[{\"g\": {}}, {\"h\": {\"y\": \"z\"}}]<|tools_suffix|>[2, 3]Done.<|assistant_end|><|user_start|>Ok<|user_end|><|assistant_start|>"},
		{"a last assistant message is the answer's start", []toolcall.Message{{Role: "user", Content: "Hi"}, {Role: "assistant", Content: "Hello  ", ToolCalls: []toolcall.Call{f}}}, nil,
			toolcall.PromptOptions{Date: formatstest.GoldenDate},
			defaultSystem + "<|developer_start|>Deliberation: disabled\nTool Capabilities: disabled<|developer_end|><|user_start|>Hi<|user_end|><|assistant_start|>Hello"},
		{"a last assistant message after results goes on in the same turn", []toolcall.Message{
			{Role: "user", Content: "Go"}, {Role: "assistant", ToolCalls: []toolcall.Call{{ID: "a", Name: "f", Arguments: "{}"}}},
			{Role: "tool", ToolCallID: "a", Content: "1"}, {Role: "assistant", Content: "So"},
		}, nil, toolcall.PromptOptions{Date: formatstest.GoldenDate},
			defaultSystem + "<|developer_start|>Deliberation: disabled\nTool Capabilities: disabled<|developer_end|><|user_start|>Go<|user_end|><|assistant_start|><|tools_prefix|>[{\"f\": {}}]<|tools_suffix|>[1]So"},
	})
	formatstest.CheckPromptErrors(t, apertus.RenderPrompt,
		formatstest.PromptError[toolcall.PromptOptions]{Name: "a tool result outside an assistant turn, as the template refuses", Msgs: []toolcall.Message{{Role: "user", Content: "Go"}, {Role: "assistant", ToolCalls: []toolcall.Call{{ID: "a", Name: "f"}}}, {Role: "user", Content: "?"}, {Role: "tool", ToolCallID: "a"}}},
		formatstest.PromptError[toolcall.PromptOptions]{Name: "a second system message, as the template refuses", Msgs: []toolcall.Message{{Role: "user", Content: "Go"}, {Role: "system", Content: "x"}}},
		formatstest.PromptError[toolcall.PromptOptions]{Name: "parameters that are not JSON", Msgs: []toolcall.Message{{Role: "user", Content: "?"}}, Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type": `)}}},
		formatstest.PromptError[toolcall.PromptOptions]{Name: "an unknown profile", Msgs: []toolcall.Message{{Role: "user", Content: "Hi"}}, Opts: toolcall.PromptOptions{Profile: "apertus-2"}},
	)
}

// A tool without a description gets no comment line (the template fails
// on it); a date is written as the template's strftime writes it.
func TestRenderPromptChoices(t *testing.T) {
	got, err := apertus.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi"}}, []toolcall.Tool{{Name: "f"}}, toolcall.PromptOptions{Date: formatstest.GoldenDate})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.Text, "Current date: 2025-06-28<") || !strings.Contains(got.Text, "Tool Capabilities:\ntype f = () => any;<|developer_end|>") {
		t.Errorf("%q", got.Text)
	}
}
