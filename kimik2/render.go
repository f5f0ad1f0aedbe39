package kimik2

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Kimi K2 writes them: a section, and per call
// <|tool_call_begin|>ID<|tool_call_argument_begin|>ARGS<|tool_call_end|>,
// the ID the call's own when it has the form functions.NAME:IDX, else
// functions.NAME and the call's place in calls. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(sectionBeginText)
	for i, c := range calls {
		if err := writeCall(&b, c, callID(c, i)); err != nil {
			return "", err
		}
	}
	b.WriteString(sectionEndText)
	return b.String(), nil
}

func writeCall(b *strings.Builder, c toolcall.Call, id string) error {
	args, err := prompt.CompactArgs("kimik2", c)
	if err != nil {
		return err
	}
	b.WriteString(callBeginText + id + argBeginText + args + callEndText)
	return nil
}

// callID returns a call's ID in Kimi's form: its own, or
// functions.NAME:n.
func callID(c toolcall.Call, n int) string {
	if strings.HasPrefix(c.ID, "functions.") && NameOf(c.ID) == c.Name && c.ID != c.Name {
		return c.ID
	}
	return "functions." + c.Name + ":" + strconv.Itoa(n)
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// DefaultSystem is the system text Kimi's template writes when the
// conversation has none.
const DefaultSystem = "You are Kimi, an AI assistant created by Moonshot AI."

// RenderPrompt writes a conversation as the Kimi K2 Thinking template
// does: the tools as JSON in a tool_declare system turn; a system turn
// (DefaultSystem when the conversation has none); turns
// <|im_user|>user<|im_middle|>...<|im_end|>; an assistant's turn with an
// empty reasoning block, its text, its calls in a section (each call's own
// ID, else functions.NAME and a counter over the whole conversation);
// each tool result a system turn "## Return of ID", verbatim. It ends with
// the header of the next assistant turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("kimik2: %w", err)
	}
	var b strings.Builder
	if len(tools) > 0 {
		items := make([]string, len(tools))
		for i, t := range tools {
			s, err := prompt.OpenAIToolJSON(t)
			if err != nil {
				return "", err
			}
			items[i] = s
		}
		b.WriteString("<|im_system|>tool_declare<|im_middle|>[" + strings.Join(items, ", ") + "]<|im_end|>")
	}
	rest := msgs
	if len(msgs) > 0 && msgs[0].Role == "system" {
		b.WriteString("<|im_system|>system<|im_middle|>" + msgs[0].Content + "<|im_end|>")
		rest = msgs[1:]
	} else {
		b.WriteString("<|im_system|>system<|im_middle|>" + DefaultSystem + "<|im_end|>")
	}
	counter := 0
	ids := map[string]string{} // a call's ID in the request to its ID in the prompt
	for _, m := range rest {
		switch m.Role {
		case "assistant":
			b.WriteString("<|im_assistant|>assistant<|im_middle|><think></think>" + m.Content)
			if len(m.ToolCalls) > 0 {
				b.WriteString(sectionBeginText)
				for _, c := range m.ToolCalls {
					id := callID(c, counter)
					counter++
					ids[c.ID] = id
					if err := writeCall(&b, c, id); err != nil {
						return "", err
					}
				}
				b.WriteString(sectionEndText)
			}
			b.WriteString("<|im_end|>")
		case "tool":
			id := m.ToolCallID
			if v, ok := ids[id]; ok {
				id = v
			}
			b.WriteString("<|im_system|>tool<|im_middle|>## Return of " + id + "\n" + m.Content + "<|im_end|>")
		case "user":
			b.WriteString("<|im_user|>user<|im_middle|>" + m.Content + "<|im_end|>")
		default:
			b.WriteString("<|im_system|>system<|im_middle|>" + m.Content + "<|im_end|>")
		}
	}
	b.WriteString("<|im_assistant|>assistant<|im_middle|>")
	return b.String(), nil
}
