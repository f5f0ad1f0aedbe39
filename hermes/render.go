package hermes

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Qwen3's template writes them: per call
// <tool_call>, a newline, {"name": "NAME", "arguments": ARGS} with the
// spaces Jinja's tojson writes, a newline, </tool_call>; calls joined by a
// newline. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	var b []byte
	for i, c := range calls {
		if i > 0 {
			b = append(b, '\n')
		}
		args, err := prompt.SpacedArgs("hermes", c)
		if err != nil {
			return "", err
		}
		b = append(b, startText+"\n{\"name\": "...)
		b = jsonvalue.AppendString(b, c.Name)
		b = append(b, ", \"arguments\": "...)
		b = append(b, args...)
		b = append(b, "}\n"+endText...)
	}
	return string(b), nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// PromptOptions are the Qwen3 template's choices. The zero value means the
// defaults.
type PromptOptions struct {
	// NoThinking ends the prompt with an empty reasoning block, as the
	// template does for enable_thinking=false.
	NoThinking bool
}

// RenderPrompt writes a conversation as the prompt Qwen3's template
// writes: ChatML turns <|im_start|>ROLE\n...<|im_end|>\n; with tools, the
// system turn holds the system message, then a "# Tools" section listing
// each tool as one JSON line between <tools> and </tools> and the
// instruction to answer in <tool_call> blocks; an assistant's calls follow
// its text, each on a new line; consecutive tool results share one user
// turn, each verbatim in <tool_response> tags. It ends with the header of
// the next assistant turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("hermes: %w", err)
	}
	var b strings.Builder
	rest := msgs
	system, hasSystem := "", false
	if len(msgs) > 0 && msgs[0].Role == "system" {
		system, hasSystem, rest = msgs[0].Content, true, msgs[1:]
	}
	switch {
	case len(tools) > 0:
		b.WriteString("<|im_start|>system\n")
		if hasSystem {
			b.WriteString(system + "\n\n")
		}
		b.WriteString("# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>")
		for _, t := range tools {
			line, err := prompt.OpenAIToolJSON(t)
			if err != nil {
				return "", err
			}
			b.WriteString("\n" + line)
		}
		b.WriteString("\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n")
	case hasSystem:
		b.WriteString("<|im_start|>system\n" + system + "<|im_end|>\n")
	}
	for i, m := range rest {
		switch m.Role {
		case "assistant":
			b.WriteString("<|im_start|>assistant\n" + m.Content)
			if len(m.ToolCalls) > 0 {
				calls, err := RenderCalls(m.ToolCalls)
				if err != nil {
					return "", err
				}
				if m.Content != "" {
					b.WriteString("\n")
				}
				b.WriteString(calls)
			}
			b.WriteString("<|im_end|>\n")
		case "tool":
			first, last := prompt.ToolRun(rest, i)
			if first {
				b.WriteString("<|im_start|>user")
			}
			b.WriteString("\n<tool_response>\n" + m.Content + "\n</tool_response>")
			if last {
				b.WriteString("<|im_end|>\n")
			}
		default:
			b.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
		}
	}
	b.WriteString("<|im_start|>assistant\n")
	if opts.NoThinking {
		b.WriteString("<think>\n\n</think>\n\n")
	}
	return b.String(), nil
}
