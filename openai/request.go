package openai

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/toolparse/toolparse/internal/clip"
	"github.com/toolparse/toolparse/toolcall"
)

// ChatRequest is what of a chat completions request body a gateway reads.
// Fields it does not know are ignored.
type ChatRequest struct {
	Model               string          `json:"model"`
	Messages            []Message       `json:"messages"`
	Tools               []Tool          `json:"tools,omitempty"`
	ToolChoice          json.RawMessage `json:"tool_choice,omitempty"`
	ParallelToolCalls   *bool           `json:"parallel_tool_calls,omitempty"`
	Stream              bool            `json:"stream,omitempty"`
	StreamOptions       *StreamOptions  `json:"stream_options,omitempty"`
	MaxTokens           *int            `json:"max_tokens,omitempty"`
	MaxCompletionTokens *int            `json:"max_completion_tokens,omitempty"`
	Temperature         *float64        `json:"temperature,omitempty"`
	TopP                *float64        `json:"top_p,omitempty"`
	Stop                json.RawMessage `json:"stop,omitempty"`
	// ChatTemplateKwargs are the chat template's options (enable_thinking,
	// thinking, ...), as vLLM, SGLang and llama.cpp take them: a gateway
	// that lets the server render the prompt passes them on.
	ChatTemplateKwargs json.RawMessage `json:"chat_template_kwargs,omitempty"`
	// ReasoningEffort is OpenAI's reasoning_effort ("low", "medium",
	// "high"; some templates take more): the prompt writes it where the
	// model's template has a switch for it.
	ReasoningEffort string `json:"reasoning_effort,omitempty"`
}

// PromptOptions reads the template switches a request sets, for a
// gateway that renders the prompt itself: chat_template_kwargs'
// enable_thinking or thinking (a boolean: toolcall.PromptOptions.Thinking),
// reasoning_effort or thinking_effort (a string: ReasoningEffort; the
// request's own reasoning_effort when the kwargs name none),
// thinking_budget (an integer: ThinkingBudget), clear_thinking (false
// keeps every turn's reasoning: KeepReasoning) and model_identity (a
// string: ModelIdentity). Other keys are the server's business and are
// not read; a known key of the wrong type is an error. Profile and
// SpecialTokens are the gateway's to set.
func (r *ChatRequest) PromptOptions() (toolcall.PromptOptions, error) {
	opts := toolcall.PromptOptions{ReasoningEffort: r.ReasoningEffort}
	if len(r.ChatTemplateKwargs) == 0 || string(r.ChatTemplateKwargs) == "null" {
		return opts, nil
	}
	var kw map[string]json.RawMessage
	if err := json.Unmarshal(r.ChatTemplateKwargs, &kw); err != nil {
		return opts, fmt.Errorf("openai: chat_template_kwargs is not a JSON object: %w", err)
	}
	read := func(key string, into any) error {
		raw, ok := kw[key]
		if !ok || string(raw) == "null" {
			return nil
		}
		if err := json.Unmarshal(raw, into); err != nil {
			return fmt.Errorf("openai: chat_template_kwargs.%s: %w", key, err)
		}
		return nil
	}
	for _, key := range []string{"enable_thinking", "thinking"} {
		var on *bool
		if err := read(key, &on); err != nil {
			return opts, err
		}
		if on != nil {
			opts.Thinking = on
		}
	}
	for _, key := range []string{"thinking_effort", "reasoning_effort"} {
		if err := read(key, &opts.ReasoningEffort); err != nil {
			return opts, err
		}
	}
	if err := read("thinking_budget", &opts.ThinkingBudget); err != nil {
		return opts, err
	}
	var clear *bool
	if err := read("clear_thinking", &clear); err != nil {
		return opts, err
	}
	opts.KeepReasoning = clear != nil && !*clear
	if err := read("model_identity", &opts.ModelIdentity); err != nil {
		return opts, err
	}
	return opts, nil
}

// StreamOptions are a streaming request's options.
type StreamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

// Message is one message of the conversation.
type Message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content,omitempty"` // a string, null, or text parts
	// ReasoningContent is an assistant's reasoning as vLLM and SGLang
	// send it (and take it back); Reasoning is the same under the name
	// other servers use. Either is a string or null.
	ReasoningContent json.RawMessage `json:"reasoning_content,omitempty"`
	Reasoning        json.RawMessage `json:"reasoning,omitempty"`
	ToolCalls        []ToolCall      `json:"tool_calls,omitempty"`
	ToolCallID       string          `json:"tool_call_id,omitempty"`
}

// Tool is one tool the request offers.
type Tool struct {
	Type     string   `json:"type"`
	Function Function `json:"function"`
}

// Function is a tool's function.
type Function struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
	Strict      bool            `json:"strict,omitempty"`
}

// ToolCall is a call as OpenAI writes it, in a message or a delta. Index
// is set in streamed deltas only.
type ToolCall struct {
	Index    *int         `json:"index,omitempty"`
	ID       string       `json:"id,omitempty"`
	Type     string       `json:"type,omitempty"`
	Function FunctionCall `json:"function"`
}

// FunctionCall is a call's function: its name and JSON arguments.
type FunctionCall struct {
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments"`
}

// DecodeRequest reads a chat completions request body of at most max bytes
// (no limit when max <= 0).
func DecodeRequest(r io.Reader, max int64) (*ChatRequest, error) {
	if max > 0 {
		r = io.LimitReader(r, max+1)
	}
	body, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if max > 0 && int64(len(body)) > max {
		return nil, fmt.Errorf("openai: the request body is over %d bytes", max)
	}
	var req ChatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, fmt.Errorf("openai: the body is not a chat completions request: %w", err)
	}
	return &req, nil
}

// ToolRequest returns what the parser needs of the request: the tools,
// tool_choice ("none", "auto", "required", a named function, or
// allowed_tools, which narrows the tools to those it names) and
// parallel_tool_calls.
func (r *ChatRequest) ToolRequest() (toolcall.Request, error) {
	var req toolcall.Request
	for i, t := range r.Tools {
		if t.Type != "" && t.Type != "function" {
			return req, fmt.Errorf("openai: tools[%d] is of type %s; only function tools are supported", i, clip.Quote(t.Type))
		}
		if t.Function.Name == "" {
			return req, fmt.Errorf("openai: tools[%d] has no function name", i)
		}
		req.Tools = append(req.Tools, toolcall.Tool{Name: t.Function.Name, Description: t.Function.Description, Parameters: t.Function.Parameters, Strict: t.Function.Strict})
	}
	req.ParallelToolCalls = r.ParallelToolCalls
	req.Index() // tool_choice's names are found by lookup, not by a scan per name
	choice := r.ToolChoice
	if len(choice) == 0 || string(choice) == "null" {
		return req, nil
	}
	var s string
	if json.Unmarshal(choice, &s) == nil {
		switch s {
		case "none", "auto", "required":
			req.ToolChoice = s
			return req, nil
		}
		return req, fmt.Errorf("openai: tool_choice %s is not none, auto or required", clip.Quote(s))
	}
	var obj struct {
		Type     string `json:"type"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
		AllowedTools *struct {
			Mode  string `json:"mode"`
			Tools []Tool `json:"tools"`
		} `json:"allowed_tools"`
	}
	if err := json.Unmarshal(choice, &obj); err != nil {
		return req, errors.New(`openai: tool_choice must be a string, {"type": "function", "function": {"name": ...}} or {"type": "allowed_tools", ...}`)
	}
	switch obj.Type {
	case "function":
		if obj.Function.Name == "" {
			return req, errors.New("openai: tool_choice names no function")
		}
		if req.Match(obj.Function.Name) < 0 {
			return req, fmt.Errorf("openai: tool_choice names %s, which is not among the tools", clip.Quote(obj.Function.Name))
		}
		req.ToolChoice = obj.Function.Name
	case "allowed_tools":
		if obj.AllowedTools == nil {
			return req, errors.New("openai: tool_choice of type allowed_tools has no allowed_tools")
		}
		switch obj.AllowedTools.Mode {
		case "", "auto", "required":
			req.ToolChoice = obj.AllowedTools.Mode
		default:
			return req, fmt.Errorf("openai: allowed_tools mode %s is not auto or required", clip.Quote(obj.AllowedTools.Mode))
		}
		var allowed []toolcall.Tool
		for _, t := range obj.AllowedTools.Tools {
			i := req.Match(t.Function.Name)
			if i < 0 {
				return req, fmt.Errorf("openai: allowed_tools names %s, which is not among the tools", clip.Quote(t.Function.Name))
			}
			allowed = append(allowed, req.Tools[i])
		}
		req.Tools = allowed
		req.Index()
	default:
		return req, fmt.Errorf("openai: tool_choice of type %s is not supported", clip.Quote(obj.Type))
	}
	return req, nil
}

// Conversation returns the messages as the renderers take them: content
// read from a string or text parts, "developer" read as "system", an
// assistant's reasoning (reasoning_content, else reasoning: a string; null
// or absent is none), tool calls and a tool's call ID kept.
func (r *ChatRequest) Conversation() ([]toolcall.Message, error) {
	if len(r.Messages) == 0 {
		return nil, errors.New("openai: messages must not be empty")
	}
	msgs := make([]toolcall.Message, 0, len(r.Messages))
	for i, m := range r.Messages {
		content, err := text(m.Content)
		if err != nil {
			return nil, fmt.Errorf("openai: messages[%d]: %w", i, err)
		}
		role := m.Role
		switch role {
		case "developer":
			role = "system"
		case "system", "user", "assistant", "tool":
		default:
			return nil, fmt.Errorf("openai: messages[%d] has role %s", i, clip.Quote(m.Role))
		}
		msg := toolcall.Message{Role: role, Content: content, ToolCallID: m.ToolCallID}
		for _, raw := range []json.RawMessage{m.ReasoningContent, m.Reasoning} {
			if len(raw) == 0 || string(raw) == "null" {
				continue
			}
			if err := json.Unmarshal(raw, &msg.Reasoning); err != nil {
				return nil, fmt.Errorf("openai: messages[%d]: reasoning must be a string", i)
			}
			break
		}
		for _, c := range m.ToolCalls {
			msg.ToolCalls = append(msg.ToolCalls, toolcall.Call{ID: c.ID, Name: c.Function.Name, Arguments: c.Function.Arguments})
		}
		msgs = append(msgs, msg)
	}
	return msgs, nil
}

// text reads a message's content: a string, null, or an array of parts
// whose text parts are joined.
func text(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", errors.New("content must be a string or an array of text parts")
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type != "text" {
			return "", fmt.Errorf("content part of type %q is not supported", p.Type)
		}
		b.WriteString(p.Text)
	}
	return b.String(), nil
}
