package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/toolcall"
)

// chatRequest is what of an OpenAI chat completion request the gateway
// reads.
type chatRequest struct {
	Model             string          `json:"model"`
	Messages          []chatMessage   `json:"messages"`
	Tools             []chatTool      `json:"tools"`
	ToolChoice        json.RawMessage `json:"tool_choice"`
	ParallelToolCalls *bool           `json:"parallel_tool_calls"`
	Stream            bool            `json:"stream"`
	MaxTokens         *int            `json:"max_tokens"`
	MaxCompletion     *int            `json:"max_completion_tokens"`
	Temperature       *float64        `json:"temperature"`
	TopP              *float64        `json:"top_p"`
	Stop              json.RawMessage `json:"stop"`
}

type chatMessage struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	ToolCalls  []chatToolCall  `json:"tool_calls"`
	ToolCallID string          `json:"tool_call_id"`
}

type chatTool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
		Strict      bool            `json:"strict"`
	} `json:"function"`
}

type chatToolCall struct {
	Index    *int   `json:"index,omitempty"`
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
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

// toolcallRequest turns the chat request into the parser's request and the
// conversation.
func (r *chatRequest) toolcallRequest() (toolcall.Request, []toolcall.Message, error) {
	var req toolcall.Request
	for _, t := range r.Tools {
		if t.Type != "" && t.Type != "function" {
			return req, nil, fmt.Errorf("tool of type %q is not supported", t.Type)
		}
		if t.Function.Name == "" {
			return req, nil, errors.New("a tool has no function name")
		}
		req.Tools = append(req.Tools, toolcall.Tool{Name: t.Function.Name, Description: t.Function.Description, Parameters: t.Function.Parameters, Strict: t.Function.Strict})
	}
	req.ParallelToolCalls = r.ParallelToolCalls
	if len(r.ToolChoice) > 0 && string(r.ToolChoice) != "null" {
		var s string
		if json.Unmarshal(r.ToolChoice, &s) == nil {
			switch s {
			case "none", "auto", "required":
				req.ToolChoice = s
			default:
				return req, nil, fmt.Errorf("tool_choice %q is not none, auto or required", s)
			}
		} else {
			var named struct {
				Type     string `json:"type"`
				Function struct {
					Name string `json:"name"`
				} `json:"function"`
			}
			if err := json.Unmarshal(r.ToolChoice, &named); err != nil || named.Function.Name == "" {
				return req, nil, errors.New("tool_choice must be a string or {\"type\": \"function\", \"function\": {\"name\": ...}}")
			}
			if toolcall.MatchTool(req.Tools, named.Function.Name) < 0 {
				return req, nil, fmt.Errorf("tool_choice names %q, which is not among the tools", named.Function.Name)
			}
			req.ToolChoice = named.Function.Name
		}
	}
	if len(r.Messages) == 0 {
		return req, nil, errors.New("messages must not be empty")
	}
	msgs := make([]toolcall.Message, 0, len(r.Messages))
	for i, m := range r.Messages {
		content, err := text(m.Content)
		if err != nil {
			return req, nil, fmt.Errorf("messages[%d]: %w", i, err)
		}
		role := m.Role
		if role == "developer" {
			role = "system"
		}
		msg := toolcall.Message{Role: role, Content: content, ToolCallID: m.ToolCallID}
		for _, c := range m.ToolCalls {
			msg.ToolCalls = append(msg.ToolCalls, toolcall.Call{ID: c.ID, Name: c.Function.Name, Arguments: c.Function.Arguments})
		}
		msgs = append(msgs, msg)
	}
	return req, msgs, nil
}

// apiError is an OpenAI-style error body.
type apiError struct {
	Error struct {
		Message string  `json:"message"`
		Type    string  `json:"type"`
		Param   *string `json:"param"`
		Code    *string `json:"code"`
	} `json:"error"`
}

func newAPIError(kind, msg string) apiError {
	var e apiError
	e.Error.Type, e.Error.Message = kind, msg
	return e
}

// Chunks and responses as OpenAI writes them.

type chunk struct {
	ID      string        `json:"id"`
	Object  string        `json:"object"`
	Created int64         `json:"created"`
	Model   string        `json:"model"`
	Choices []chunkChoice `json:"choices"`
}

type chunkChoice struct {
	Index        int     `json:"index"`
	Delta        delta   `json:"delta"`
	FinishReason *string `json:"finish_reason"`
}

type delta struct {
	Role             string         `json:"role,omitempty"`
	Content          *string        `json:"content,omitempty"`
	ReasoningContent *string        `json:"reasoning_content,omitempty"`
	ToolCalls        []chatToolCall `json:"tool_calls,omitempty"`
}

type completion struct {
	ID      string             `json:"id"`
	Object  string             `json:"object"`
	Created int64              `json:"created"`
	Model   string             `json:"model"`
	Choices []completionChoice `json:"choices"`
}

type completionChoice struct {
	Index        int             `json:"index"`
	Message      responseMessage `json:"message"`
	FinishReason string          `json:"finish_reason"`
}

type responseMessage struct {
	Role             string         `json:"role"`
	Content          *string        `json:"content"`
	ReasoningContent *string        `json:"reasoning_content,omitempty"`
	ToolCalls        []chatToolCall `json:"tool_calls,omitempty"`
}

func toolCall(c *toolcall.Call, withIndex bool) chatToolCall {
	tc := chatToolCall{ID: c.ID, Type: "function"}
	if withIndex {
		i := c.Index
		tc.Index = &i
	}
	tc.Function.Name, tc.Function.Arguments = c.Name, c.Arguments
	return tc
}
