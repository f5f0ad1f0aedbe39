package hermes

import (
	"strings"
	"unicode"

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
	system, hasSystem, _ := prompt.System(msgs)
	toolText, err := prompt.ToolSection(tools, prompt.OpenAIToolJSON, "You are a helpful assistant with access to the following tools. You may call one or more tools to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>", "\n", "", "\n</tools>\n\nFor each tool call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call>. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.")
	if err != nil {
		return toolcall.Prompt{}, err
	}
	if toolText != "" {
		if hasSystem {
			system += "\n\n"
		}
		system += toolText
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

// SmolLM3's default system prompts, with reasoning on and off.
const (
	smolThink   = "You are a helpful AI assistant named SmolLM, trained by Hugging Face. Your role as an assistant involves thoroughly exploring questions through a systematic thinking process before providing the final precise and accurate solutions. This requires engaging in a comprehensive cycle of analysis, summarizing, exploration, reassessment, reflection, backtracking, and iteration to develop well-considered thinking process. Please structure your response into two main sections: Thought and Solution using the specified format: <think> Thought section </think> Solution section. In the Thought section, detail your reasoning process in steps. Each step should include detailed considerations such as analysing questions, summarizing relevant findings, brainstorming new ideas, verifying the accuracy of the current steps, refining any errors, and revisiting previous steps. In the Solution section, based on various attempts, explorations, and reflections from the Thought section, systematically present the final solution that you deem correct. The Solution section should be logical, accurate, and concise and detail necessary steps needed to reach the conclusion."
	smolNoThink = "You are a helpful AI assistant named SmolLM, trained by Hugging Face."
)

// renderSmolLM3 writes SmolLM3's template as the llama.cpp fork ships it
// (Unsloth's edit): a system turn of metadata (the reasoning mode: /think,
// or /no_think with Thinking false or when the system message says
// /no_think; /think in it turns it back on) and custom instructions (the
// system message without /think and /no_think, else the default for the
// mode); user turns; assistant turns with their text only (reasoning and
// calls dropped), after an empty reasoning block in /no_think mode; tool
// results as user turns; later system messages dropped. The tools are
// not written. It ends with the header of the next assistant turn, and
// in /no_think mode an empty reasoning block.
func renderSmolLM3(msgs []toolcall.Message, opts toolcall.PromptOptions) toolcall.Prompt {
	var b strings.Builder
	noThink := !prompt.Thinking(opts, true)
	custom := ""
	if len(msgs) > 0 && msgs[0].Role == "system" {
		system := msgs[0].Content
		switch {
		case strings.Contains(system, "/no_think"):
			noThink = true
		case strings.Contains(system, "/think"):
			noThink = false
		}
		custom = strings.ReplaceAll(strings.ReplaceAll(system, "/no_think", ""), "/think", "")
		custom = strings.TrimRightFunc(custom, unicode.IsSpace)
	}
	mode, lead := "/think", ""
	if noThink {
		mode, lead = "/no_think", "<think>\n\n</think>\n"
	}
	switch {
	case custom != "":
	case noThink:
		custom = smolNoThink
	default:
		custom = smolThink
	}
	b.WriteString("<|im_start|>system\n## Metadata\n\nKnowledge Cutoff Date: June 2025\nReasoning Mode: " + mode + "\n\n## Custom Instructions\n\n" + custom + "\n\n<|im_end|>\n")
	for _, m := range msgs {
		switch m.Role {
		case "user", "tool":
			b.WriteString("<|im_start|>user\n" + m.Content + "<|im_end|>\n")
		case "assistant":
			b.WriteString("<|im_start|>assistant\n" + lead + strings.TrimLeft(m.Content, "\n") + "<|im_end|>\n")
		}
	}
	b.WriteString("<|im_start|>assistant\n" + lead)
	return toolcall.Prompt{Text: b.String()}
}
