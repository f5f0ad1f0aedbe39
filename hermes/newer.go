package hermes

import (
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// Granite 4's role markers.
const (
	graniteRole    = "<|start_of_role|>"
	graniteRoleEnd = "<|end_of_role|>"
	graniteEnd     = "<|end_of_text|>"
)

// graniteDefaultSystem is Granite 4's system prompt when the conversation
// has neither a system message nor tools.
const graniteDefaultSystem = "You are a helpful assistant. Please ensure responses are professional, accurate, and safe."

// renderGranite40 writes Granite 4.0's template: a system turn always (the
// system message, then the tools as JSON lines with Granite's
// instructions; the default system prompt when there is neither);
// <|start_of_role|>ROLE<|end_of_role|>TEXT<|end_of_text|>\n turns, texts
// as they are; an assistant's calls after its text, one a line;
// consecutive tool results in one user turn, each in <tool_response>
// tags. Reasoning is dropped. It ends with the header of the next
// assistant turn.
func renderGranite40(msgs []toolcall.Message, tools []toolcall.Tool) (toolcall.Prompt, error) {
	var b strings.Builder
	hasSystem := len(msgs) > 0 && msgs[0].Role == "system"
	system := ""
	if hasSystem {
		system = msgs[0].Content
	}
	if len(tools) > 0 {
		var t strings.Builder
		t.WriteString("You are a helpful assistant with access to the following tools. You may call one or more tools to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>")
		for _, tool := range tools {
			line, err := prompt.OpenAIToolJSON(tool)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			t.WriteString("\n" + line)
		}
		t.WriteString("\n</tools>\n\nFor each tool call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call>. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.")
		if hasSystem {
			system += "\n\n"
		}
		system += t.String()
	}
	if system == "" {
		system = graniteDefaultSystem
	}
	b.WriteString(graniteRole + "system" + graniteRoleEnd + system + graniteEnd + "\n")
	for i, m := range msgs {
		switch m.Role {
		case "system":
			if i > 0 {
				b.WriteString(graniteRole + "system" + graniteRoleEnd + m.Content + graniteEnd + "\n")
			}
		case "assistant":
			b.WriteString(graniteRole + "assistant" + graniteRoleEnd + m.Content)
			if err := writeCalls(&b, m.ToolCalls, m.Content); err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(graniteEnd + "\n")
		case "tool":
			prompt.WriteResult(&b, msgs, i, graniteRole+"user"+graniteRoleEnd, "\n<tool_response>\n"+m.Content+"\n</tool_response>", graniteEnd+"\n")
		default:
			b.WriteString(graniteRole + m.Role + graniteRoleEnd + m.Content + graniteEnd + "\n")
		}
	}
	b.WriteString(graniteRole + "assistant" + graniteRoleEnd)
	return toolcall.Prompt{Text: b.String()}, nil
}
