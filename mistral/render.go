package mistral

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls in the v13 form: per call
// [TOOL_CALLS]NAME[ARGS]ARGS, the arguments as json.dumps writes them (a
// space after ':' and ','). No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	var b strings.Builder
	for _, c := range calls {
		args, err := prompt.SpacedArgs("mistral", c)
		if err != nil {
			return "", err
		}
		b.WriteString(toolCallsText + c.Name + argsText + args)
	}
	return b.String(), nil
}

// RenderCallsV3 writes calls in the pre-v11 form: [TOOL_CALLS] and a JSON
// array of {"name", "arguments", "id"} objects (the id when the call has
// one).
func RenderCallsV3(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(toolCallsText + " [")
	for i, c := range calls {
		args, err := prompt.SpacedArgs("mistral", c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"name": ` + string(jsonvalue.AppendString(nil, c.Name)) + `, "arguments": ` + args)
		if c.ID != "" {
			b.WriteString(`, "id": ` + string(jsonvalue.AppendString(nil, c.ID)))
		}
		b.WriteString("}")
	}
	b.WriteString("]")
	return b.String(), nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// RenderPrompt writes a conversation as mistral-common's v13 tokenizer
// does: <s>, the system text in [SYSTEM_PROMPT] ... [/SYSTEM_PROMPT], the
// tools as a JSON array in [AVAILABLE_TOOLS] ... [/AVAILABLE_TOOLS] before
// the last user message, user turns [INST] ... [/INST], an assistant's text
// then its calls as RenderCalls writes them, then </s>, and each tool
// result verbatim in [TOOL_RESULTS] ... [/TOOL_RESULTS]. The model writes
// next.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("mistral: %w", err)
	}
	lastUser := -1
	for i, m := range msgs {
		if m.Role == "user" {
			lastUser = i
		}
	}
	var b strings.Builder
	b.WriteString("<s>")
	for i, m := range msgs {
		switch m.Role {
		case "system":
			b.WriteString("[SYSTEM_PROMPT]" + m.Content + "[/SYSTEM_PROMPT]")
		case "user":
			if i == lastUser && len(tools) > 0 {
				items := make([]string, len(tools))
				for k, t := range tools {
					s, err := prompt.OpenAIToolJSON(t)
					if err != nil {
						return "", err
					}
					items[k] = s
				}
				b.WriteString("[AVAILABLE_TOOLS][" + strings.Join(items, ", ") + "][/AVAILABLE_TOOLS]")
			}
			b.WriteString("[INST]" + m.Content + "[/INST]")
		case "assistant":
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return "", err
			}
			b.WriteString(m.Content + calls + eosText)
		case "tool":
			b.WriteString("[TOOL_RESULTS]" + m.Content + "[/TOOL_RESULTS]")
		}
	}
	return b.String(), nil
}
