package glm45

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls in GLM-4.5/4.6's newline form: per call
// <tool_call>NAME\n, per argument <arg_key>K</arg_key>\n<arg_value>V</arg_value>\n,
// then </tool_call>; calls joined by a newline. A string value is written
// raw, any other as JSON with the spaces Jinja's tojson writes. No calls is
// "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return textargs.Render("glm45", calls, frame)
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// PromptOptions are GLM's template choices. The zero value means the
// defaults.
type PromptOptions struct {
	// NoThinking ends the prompt with an empty reasoning block, as the
	// template does with thinking off.
	NoThinking bool
}

const toolsIntro = "<|system|>\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n"

const toolsOutro = "</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>"

// RenderPrompt writes a conversation as GLM-4.6's template does (with
// HF's trim_blocks): [gMASK]<sop>; with tools, a system turn listing each
// tool as one JSON line between <tools> and </tools> and the instruction
// to call in the XML form above; turns <|system|>\n, <|user|>\n; an
// assistant's turn <|assistant|>\n<think></think>, its trimmed text, then
// each call on a new line; a run of tool results one <|observation|> turn,
// each verbatim in <tool_response> tags. It ends with <|assistant|>.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("glm45: %w", err)
	}
	var b strings.Builder
	b.WriteString("[gMASK]<sop>")
	if len(tools) > 0 {
		b.WriteString(toolsIntro)
		for _, t := range tools {
			line, err := prompt.OpenAIToolJSON(t)
			if err != nil {
				return "", err
			}
			b.WriteString(line + "\n")
		}
		b.WriteString(toolsOutro)
	}
	for i, m := range msgs {
		switch m.Role {
		case "assistant":
			b.WriteString("<|assistant|>\n<think></think>")
			if text := strings.TrimSpace(m.Content); text != "" {
				b.WriteString("\n" + text)
			}
			for _, c := range m.ToolCalls {
				call, err := RenderCalls([]toolcall.Call{c})
				if err != nil {
					return "", err
				}
				b.WriteString("\n" + call)
			}
		case "tool":
			if first, _ := prompt.ToolRun(msgs, i); first {
				b.WriteString("<|observation|>")
			}
			b.WriteString("\n<tool_response>\n" + m.Content + "\n</tool_response>")
		default:
			b.WriteString("<|" + m.Role + "|>\n" + m.Content)
		}
	}
	b.WriteString("<|assistant|>")
	if opts.NoThinking {
		b.WriteString("\n<think></think>")
	}
	return b.String(), nil
}
