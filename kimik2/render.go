package kimik2

import (
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// DefaultSystem is the system text Kimi's template writes when the
// conversation has none.
const DefaultSystem = "You are Kimi, an AI assistant created by Moonshot AI."

// ProfileK2Thinking is Kimi-K2-Thinking's template, the one prompt
// profile.
const ProfileK2Thinking = "k2-thinking"

// Profiles lists the prompt profiles.
var Profiles = []string{ProfileK2Thinking}

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, _ string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	declare, err := prompt.ToolArray(tools, prompt.OpenAIToolJSON, "<|im_system|>tool_declare<|im_middle|>", "<|im_end|>")
	if err != nil {
		return toolcall.Prompt{}, err
	}
	var b strings.Builder
	b.WriteString(declare)
	if len(msgs) == 0 || msgs[0].Role != "system" {
		b.WriteString("<|im_system|>system<|im_middle|>" + DefaultSystem + "<|im_end|>")
	}
	history := prompt.LastAnswer(msgs) // the last assistant turn without calls
	counter := 0
	ids := map[string]string{} // a call's empty ID to the one written
	for i, m := range msgs {
		switch m.Role {
		case "assistant":
			reasoning := ""
			if i > history {
				reasoning = m.Reasoning
			}
			b.WriteString("<|im_assistant|>assistant<|im_middle|><think>" + reasoning + "</think>" + m.Content)
			if len(m.ToolCalls) > 0 {
				b.WriteString(sectionBeginText)
				for _, c := range m.ToolCalls {
					id := c.ID
					if id == "" {
						id = callID(c, counter)
						ids[""] = id
					}
					counter++
					args, err := prompt.SpacedArgs("kimik2", c)
					if err != nil {
						return toolcall.Prompt{}, err
					}
					b.WriteString(callBeginText + id + argBeginText + args + callEndText)
				}
				b.WriteString(sectionEndText)
			}
		case "tool":
			id := m.ToolCallID
			if id == "" {
				id = ids[""]
			}
			b.WriteString("<|im_system|>tool<|im_middle|>## Return of " + id + "\n" + m.Content)
		case "user":
			b.WriteString("<|im_user|>user<|im_middle|>" + m.Content)
		default:
			b.WriteString("<|im_system|>" + m.Role + "<|im_middle|>" + m.Content)
		}
		b.WriteString("<|im_end|>")
	}
	b.WriteString("<|im_assistant|>assistant<|im_middle|>")
	return toolcall.Prompt{Text: b.String()}, nil
}

// RenderPrompt writes a conversation as the Kimi K2 Thinking template
// does, byte for byte: the tools as JSON in a tool_declare system turn; a
// system turn (DefaultSystem when the conversation does not begin with
// one); turns <|im_user|>user<|im_middle|>...<|im_end|>; an assistant's
// turn <think>REASONING</think> when it comes after the last assistant
// turn without calls (the calls of the current task), else an empty
// <think></think>, then its text and its calls in a section, each under
// the ID the request gave it (Kimi's own IDs, functions.NAME:IDX, come
// back as they went out) with its arguments as JSON with tojson's spaces;
// each tool result a system turn "## Return of ID", verbatim. It ends
// with the header of the next assistant turn. A call with no ID gets
// functions.NAME and a counter over the whole conversation, and its result
// the same ID. The template has no reasoning switch (opts.Thinking is not
// read) and writes no date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("kimik2", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|im_system|>", "<|im_user|>", "<|im_assistant|>", "<|im_middle|>", "<|im_end|>", "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>", "<|tool_call_section_begin|>", "<|tool_call_section_end|>", "<|tool_call_begin|>", "<|tool_call_end|>", "<|tool_call_argument_begin|>", "<think>", "</think>"}
