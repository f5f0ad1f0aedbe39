package deepseek

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls in V3.1's form: <｜tool▁calls▁begin｜>, per call
// <｜tool▁call▁begin｜>NAME<｜tool▁sep｜>ARGS<｜tool▁call▁end｜> with no
// separator, <｜tool▁calls▁end｜>. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return render(calls, "", func(c toolcall.Call, args string) string {
		return c.Name + sepText + args
	})
}

// RenderCallsR1 writes calls in V3's and R1's form: per call
// <｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME, the JSON in a ```json
// fence, <｜tool▁call▁end｜>; calls separated by a newline.
func RenderCallsR1(calls []toolcall.Call) (string, error) {
	return render(calls, "\n", func(c toolcall.Call, args string) string {
		return "function" + sepText + c.Name + "\n```json\n" + args + "\n```"
	})
}

func render(calls []toolcall.Call, sep string, call func(toolcall.Call, string) string) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(callsBeginText)
	for i, c := range calls {
		args, err := prompt.CompactArgs("deepseek", c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(callBeginText + call(c, args) + callEndText)
	}
	b.WriteString(callsEndText)
	return b.String(), nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// PromptOptions are V3.1's template choices. The zero value means the
// defaults.
type PromptOptions struct {
	// Thinking ends the prompt with <think> open, as the template does
	// with thinking on; otherwise with </think>.
	Thinking bool
}

const toolsIntro = "\n\n## Tools\nYou have access to the following tools:\n"

const toolsOutro = "\nIMPORTANT: ALWAYS adhere to this exact format for tool use:\n" +
	"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>tool_call_name<｜tool▁sep｜>tool_call_arguments<｜tool▁call▁end｜>{{additional_tool_calls}}<｜tool▁calls▁end｜>\n\n" +
	"Where:\n- `tool_call_name` must be an exact match to one of the available tools\n" +
	"- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema\n" +
	"- For multiple tool calls, chain them directly without separators or spaces\n"

// RenderPrompt writes a conversation as DeepSeek V3.1's template does:
// <｜begin▁of▁sentence｜> and the system text, with the tools (name,
// description, parameters as JSON) and the call format appended; user
// turns <｜User｜>; an assistant's turn <｜Assistant｜></think>, its text,
// its calls as RenderCalls writes them, <｜end▁of▁sentence｜>; each tool
// result verbatim in <｜tool▁output▁begin｜> ... <｜tool▁output▁end｜>. It
// ends with <｜Assistant｜> and </think> (or <think> with Thinking).
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("deepseek: %w", err)
	}
	var b strings.Builder
	b.WriteString("<｜begin▁of▁sentence｜>")
	rest := msgs
	var system []string
	for len(rest) > 0 && rest[0].Role == "system" {
		system, rest = append(system, rest[0].Content), rest[1:]
	}
	b.WriteString(strings.Join(system, "\n\n"))
	if len(tools) > 0 {
		b.WriteString(toolsIntro)
		for _, t := range tools {
			params := "{}"
			if len(t.Parameters) > 0 {
				params = string(t.Parameters)
			}
			b.WriteString("\n### " + t.Name + "\nDescription: " + t.Description + "\n\nParameters: " + params + "\n")
		}
		b.WriteString(toolsOutro)
	}
	for _, m := range rest {
		switch m.Role {
		case "user", "system":
			b.WriteString("<｜User｜>" + m.Content)
		case "assistant":
			b.WriteString("<｜Assistant｜></think>" + m.Content)
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return "", err
			}
			b.WriteString(calls + eosText)
		case "tool":
			b.WriteString("<｜tool▁output▁begin｜>" + m.Content + "<｜tool▁output▁end｜>")
		}
	}
	b.WriteString("<｜Assistant｜>")
	if opts.Thinking {
		b.WriteString("<think>")
	} else {
		b.WriteString("</think>")
	}
	return b.String(), nil
}
