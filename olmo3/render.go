package olmo3

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// DefaultSystem is the system text OLMo 3's template puts before the tool
// definitions.
const DefaultSystem = "You are a helpful function-calling AI assistant. You are provided with function signatures within <functions></functions> XML tags. You may call one or more functions to assist with the user query. Output any function calls within <function_calls></function_calls> XML tags. Do not make assumptions about what values to plug into functions."

// RenderCalls writes calls as OLMo 3 writes them: <function_calls>, one call
// per line with JSON literals ("v", true, null), </function_calls>. No calls
// is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	b := []byte(startText + "\n")
	for _, c := range calls {
		var err error
		if b, err = pythonic.AppendCall(b, c, pythonic.JSONLiterals); err != nil {
			return "", err
		}
		b = append(b, '\n')
	}
	return string(b) + endText, nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// PromptOptions are OLMo 3's template choices. The zero value means the
// defaults.
type PromptOptions struct {
	// System replaces DefaultSystem before the tool definitions, when the
	// conversation has no system message of its own.
	System string
}

// RenderPrompt writes a conversation as the prompt OLMo 3 expects: ChatML
// without BOS, <|im_start|>ROLE\n...<|im_end|>\n turns; tools in the system
// turn inside <functions>[...]</functions> after the system text; an
// assistant's text before its calls; tool results verbatim in the
// environment role. It ends with the header of the next assistant turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("olmo3: %w", err)
	}
	var b strings.Builder
	turn := func(role, text string) { b.WriteString("<|im_start|>" + role + "\n" + text + "<|im_end|>\n") }
	system, hasSystem := "", false
	rest := msgs
	if len(msgs) > 0 && msgs[0].Role == "system" {
		system, hasSystem, rest = msgs[0].Content, true, msgs[1:]
	}
	if len(tools) > 0 {
		if !hasSystem {
			system = DefaultSystem
			if opts.System != "" {
				system = opts.System
			}
		}
		list, err := prompt.ToolsJSON(tools)
		if err != nil {
			return "", err
		}
		system += " <functions>" + list + "</functions>"
	}
	if system != "" || hasSystem {
		turn("system", system)
	}
	for _, m := range rest {
		switch m.Role {
		case "assistant":
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return "", err
			}
			text := m.Content
			if text != "" && calls != "" {
				text += "\n"
			}
			turn("assistant", text+calls)
		case "tool":
			turn("environment", m.Content)
		default:
			turn(m.Role, m.Content)
		}
	}
	b.WriteString("<|im_start|>assistant\n")
	return b.String(), nil
}
