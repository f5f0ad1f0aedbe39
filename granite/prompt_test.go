package granite_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/granite"
	"github.com/toolparse/toolparse/toolcall"
)

// promptCase is a row of a prompt table (a local type, so rows need no
// keys).
type promptCase formatstest.PromptCase[toolcall.PromptOptions]

const (
	defaultSystem = "<|start_of_role|>system<|end_of_role|>Knowledge Cutoff Date: April 2024. Today's Date: June 28, 2025. You are Granite, developed by IBM."
	toolsSystem   = " You are a helpful assistant with access to the following tools. When a tool is required to answer the user's query, respond only with <|tool_call|> followed by a JSON list of tools used. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.<|end_of_text|>\n"
	pingJSON      = "    {\n        \"type\": \"function\",\n        \"function\": {\n            \"name\": \"ping\",\n            \"description\": \"Pïng <x>.\"\n        }\n    }"
	hi            = "<|start_of_role|>user<|end_of_role|>Hi<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>"
)

var (
	ping = toolcall.Tool{Name: "ping", Description: "Pïng <x>."}
	f    = toolcall.Tool{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array","items":{}}}}`)}
)

// TestRenderPrompt: what the goldens do not show. Each want is what the
// template (llama.cpp's copy) renders for the same conversation with
// jinja2 as the goldens were rendered; a last assistant message as
// Hugging Face's continue_final_message cuts it.
func TestRenderPrompt(t *testing.T) {
	user := []toolcall.Message{{Role: "user", Content: "Hi"}}
	date := toolcall.PromptOptions{Date: formatstest.GoldenDate}
	formatstest.CheckPromptCases(t, granite.RenderPrompt, formatstest.ReasoningClosed, []promptCase{
		{"the default system text with tools; the tools indented", user, []toolcall.Tool{ping, f}, date,
			defaultSystem + toolsSystem + "<|start_of_role|>available_tools<|end_of_role|>[\n" + pingJSON + ",\n    {\n        \"type\": \"function\",\n        \"function\": {\n            \"name\": \"f\",\n            \"parameters\": {\n                \"type\": \"object\",\n                \"properties\": {\n                    \"a\": {\n                        \"type\": \"integer\"\n                    },\n                    \"b\": {\n                        \"type\": \"array\",\n                        \"items\": {}\n                    }\n                }\n            }\n        }\n    }\n]<|end_of_text|>\n" + hi},
		{"the default system text with thinking", user, nil, toolcall.PromptOptions{Date: formatstest.GoldenDate, Thinking: new(true)},
			defaultSystem + " You are a helpful AI assistant.\nRespond to every user query in a comprehensive and detailed way. You can write down your thoughts and reasoning process before responding. In the thought process, engage in a comprehensive cycle of analysis, summarization, exploration, reassessment, reflection, backtracing, and iteration to develop well-considered thinking process. In the response section, based on various attempts, explorations, and reflections from the thoughts section, systematically present the final solution that you deem correct. The response should summarize the thought process. Write your thoughts between <think></think> and write your response between <response></response> for each user query.<|end_of_text|>\n" + hi},
		{"tools win over thinking", user, []toolcall.Tool{ping}, toolcall.PromptOptions{Date: formatstest.GoldenDate, Thinking: new(true)},
			defaultSystem + toolsSystem + "<|start_of_role|>available_tools<|end_of_role|>[\n" + pingJSON + "\n]<|end_of_text|>\n" + hi},
		{"the plain default system text", user, nil, date,
			defaultSystem + " You are a helpful AI assistant.<|end_of_text|>\n" + hi},
		{"a system message alone: no turn follows, so no header", []toolcall.Message{{Role: "system", Content: "S"}}, nil, date,
			"<|start_of_role|>system<|end_of_role|>S<|end_of_text|>\n"},
		{"calls and reasoning dropped, roles as they are", []toolcall.Message{
			{Role: "system", Content: "S"}, {Role: "user", Content: "Go"},
			{Role: "assistant", Content: "Checking.", Reasoning: "hmm", ToolCalls: []toolcall.Call{{ID: "a", Name: "f", Arguments: `{"x":1}`}}},
			{Role: "tool", ToolCallID: "a", Content: "1"}, {Role: "system", Content: "Later"}, {Role: "user", Content: "Ok"},
		}, nil, date,
			"<|start_of_role|>system<|end_of_role|>S<|end_of_text|>\n<|start_of_role|>user<|end_of_role|>Go<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>Checking.<|end_of_text|>\n<|start_of_role|>tool<|end_of_role|>1<|end_of_text|>\n<|start_of_role|>system<|end_of_role|>Later<|end_of_text|>\n<|start_of_role|>user<|end_of_role|>Ok<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>"},
		{"a last assistant message is the answer's start", []toolcall.Message{{Role: "user", Content: "Hi"}, {Role: "assistant", Content: "Hello  "}}, nil, date,
			defaultSystem + " You are a helpful AI assistant.<|end_of_text|>\n" + hi + "Hello"},
	})
	formatstest.CheckPromptErrors(t, granite.RenderPrompt,
		formatstest.PromptError[toolcall.PromptOptions]{Name: "an unknown profile", Msgs: []toolcall.Message{{Role: "user", Content: "Hi"}}, Opts: toolcall.PromptOptions{Profile: "granite-4"}},
	)
}
