package olmo3

import (
	"fmt"
	"slices"
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

// ProfileOLMo31 is Olmo 3.1's template (Olmo-3.1-32B-Instruct, which
// OLMo 3 Instruct shares), the one prompt profile.
const ProfileOLMo31 = "olmo-3.1"

// Profiles lists the prompt profiles.
var Profiles = []string{ProfileOLMo31}

// PromptOptions are OLMo 3's template choices. The zero value means the
// defaults.
type PromptOptions struct {
	Profile string // one of Profiles; "" is the default
	// System replaces DefaultSystem before the tool definitions, when the
	// conversation has no system message of its own.
	System string
}

// RenderPrompt writes a conversation as Olmo 3.1's template does, byte for
// byte: ChatML without BOS, <|im_start|>ROLE\n...<|im_end|>\n turns; with
// tools, the system turn holds the system text (DefaultSystem when the
// conversation has none) and right after it the tools, in OpenAI's shape,
// as one JSON array inside <functions></functions>; an assistant's text,
// then its calls inside <function_calls></function_calls>, one a line,
// each argument written as JSON (k="v", n=3, b=true); reasoning dropped;
// tool results verbatim in the environment role. It ends with the header
// of the next assistant turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (toolcall.Prompt, error) {
	if _, err := prompt.Profile("olmo3", opts.Profile, Profiles); err != nil {
		return toolcall.Prompt{}, err
	}
	if err := prompt.Check(msgs); err != nil {
		return toolcall.Prompt{}, fmt.Errorf("olmo3: %w", err)
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
		items := make([]string, len(tools))
		for i, t := range tools {
			s, err := prompt.OpenAIToolJSON(t)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			items[i] = s
		}
		system += "<functions>[" + strings.Join(items, ", ") + "]</functions>"
	}
	if system != "" || hasSystem {
		turn("system", system)
	}
	for _, m := range rest {
		switch m.Role {
		case "assistant":
			text := m.Content
			if len(m.ToolCalls) > 0 {
				var calls []byte
				for i, c := range m.ToolCalls {
					if i > 0 {
						calls = append(calls, '\n')
					}
					var err error
					if calls, err = pythonic.AppendCall(calls, c, pythonic.JSONLiterals); err != nil {
						return toolcall.Prompt{}, err
					}
				}
				if text != "" {
					text += "\n"
				}
				text += startText + string(calls) + endText
			}
			turn("assistant", text)
		case "tool":
			turn("environment", m.Content)
		default:
			turn(m.Role, m.Content)
		}
	}
	b.WriteString("<|im_start|>assistant\n")
	return toolcall.Prompt{Text: b.String()}, nil
}

// PromptProfiles implements toolcall.Prompter.
func (format) PromptProfiles() []string { return slices.Clone(Profiles) }

// Prompt implements toolcall.Prompter. The template has no reasoning
// switch and writes no date.
func (format) Prompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return RenderPrompt(msgs, tools, PromptOptions{Profile: opts.Profile})
}
