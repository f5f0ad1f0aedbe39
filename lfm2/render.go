package lfm2

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as LFM2 writes them:
// <|tool_call_start|>[f(a=1), g(b="x")]<|tool_call_end|>. String escapes are
// always applied (the stock templates forget them). No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	list, err := pythonic.RenderCalls(calls)
	if err != nil || list == "" {
		return "", err
	}
	return startText + list + endText, nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// PromptOptions choose between LFM2's and LFM2.5's templates. The zero
// value means LFM2.
type PromptOptions struct {
	// Profile is "lfm2" (default): tools after the system prompt as
	// "List of tools: <|tool_list_start|>[...]<|tool_list_end|>", results in
	// <|tool_response_start|>...<|tool_response_end|>; or "lfm2.5": tools as
	// plain "List of tools: [...]", results unwrapped.
	Profile string
}

// RenderPrompt writes a conversation as the prompt LFM2 or LFM2.5 expects:
// <|startoftext|>, then <|im_start|>ROLE\n...<|im_end|>\n turns; an
// assistant's calls are written before its text; tool results are passed
// through verbatim. It ends with the header of the next assistant turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("lfm2: %w", err)
	}
	wrapList, wrapResult := true, true
	switch opts.Profile {
	case "", "lfm2":
	case "lfm2.5":
		wrapList, wrapResult = false, false
	default:
		return "", fmt.Errorf("lfm2: unknown profile %q (want lfm2 or lfm2.5)", opts.Profile)
	}
	var b strings.Builder
	b.WriteString("<|startoftext|>")
	turn := func(role, text string) { b.WriteString("<|im_start|>" + role + "\n" + text + "<|im_end|>\n") }
	system := ""
	rest := msgs
	if len(msgs) > 0 && msgs[0].Role == "system" {
		system, rest = msgs[0].Content, msgs[1:]
	}
	if len(tools) > 0 {
		list, err := prompt.ToolsJSON(tools)
		if err != nil {
			return "", err
		}
		if wrapList {
			list = "<|tool_list_start|>" + list + "<|tool_list_end|>"
		}
		if system != "" {
			system += "\n"
		}
		system += "List of tools: " + list
	}
	if system != "" {
		turn("system", system)
	}
	for _, m := range rest {
		text := m.Content
		switch m.Role {
		case "assistant":
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return "", err
			}
			text = calls + text
		case "tool":
			if wrapResult {
				text = "<|tool_response_start|>" + text + "<|tool_response_end|>"
			}
		}
		turn(m.Role, text)
	}
	b.WriteString("<|im_start|>assistant\n")
	return b.String(), nil
}
