package deepseek

import (
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls in V3.1's form: <｜tool▁calls▁begin｜>, per call
// <｜tool▁call▁begin｜>NAME<｜tool▁sep｜>ARGS<｜tool▁call▁end｜> with no
// separator, <｜tool▁calls▁end｜>. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return frame.JSONCalls("deepseek", true).Render(calls)
}

// RenderCallsR1 writes calls in V3's and R1's form: per call
// <｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME, the JSON in a ```json
// fence, <｜tool▁call▁end｜>; calls separated by a newline.
func RenderCallsR1(calls []toolcall.Call) (string, error) {
	return prompt.JSONCalls{
		Format:  "deepseek",
		Open:    callsBeginText,
		Close:   callsEndText,
		Begin:   func(name string) string { return callBeginText + "function" + sepText + name + "\n```json\n" },
		End:     "\n```" + callEndText,
		Sep:     "\n",
		Compact: true,
	}.Render(calls)
}

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileV31 is DeepSeek-V3.1's template (and V3.1-Terminus's): calls
	// in V3.1's form, reasoning dropped from history, the generation
	// prompt <｜Assistant｜></think> (thinking off, the default) or
	// <｜Assistant｜><think> (on). The default.
	ProfileV31 = "v3.1"
	// ProfileR1 is DeepSeek-R1's template (which its Qwen and Llama
	// distills share): calls in R1's fenced form, tool results between
	// <｜tool▁outputs▁begin｜> and <｜tool▁outputs▁end｜>, and the
	// generation prompt <｜Assistant｜><think>\n.
	ProfileR1 = "r1"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileV31, ProfileR1}

const toolsIntro = "\n\n## Tools\nYou have access to the following tools:\n"

const toolsOutro = "\nIMPORTANT: ALWAYS adhere to this exact format for tool use:\n" +
	"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>tool_call_name<｜tool▁sep｜>tool_call_arguments<｜tool▁call▁end｜>{{additional_tool_calls}}<｜tool▁calls▁end｜>\n\n" +
	"Where:\n- `tool_call_name` must be an exact match to one of the available tools\n" +
	"- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema\n" +
	"- For multiple tool calls, chain them directly without separators or spaces\n"

const toolsOutroR1 = "\nIMPORTANT: ALWAYS adhere to this exact format for tool use:\n" +
	"<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>tool_call_name\n```json\ntool_call_arguments\n```<｜tool▁call▁end｜>{{additional_tool_calls}}<｜tool▁calls▁end｜>\n\n" +
	"Where:\n- `tool_call_name` must be an exact match to one of the available tools\n" +
	"- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema\n" +
	"- For multiple tool calls, separate them with a newline\n"

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	var b strings.Builder
	b.WriteString("<｜begin▁of▁sentence｜>")
	var system []string
	for _, m := range msgs {
		if m.Role == "system" {
			system = append(system, m.Content)
		}
	}
	if profile == ProfileR1 && len(system) > 1 {
		system = system[len(system)-1:]
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
		if profile == ProfileR1 {
			b.WriteString(toolsOutroR1)
		} else {
			b.WriteString(toolsOutro)
		}
	}
	if profile == ProfileR1 {
		return renderR1(&b, msgs), nil
	}
	isLastUser, isTool := false, false
	for _, m := range msgs {
		switch m.Role {
		case "user":
			isLastUser, isTool = true, false
			b.WriteString("<｜User｜>" + m.Content)
		case "assistant":
			if isLastUser {
				b.WriteString("<｜Assistant｜></think>")
			}
			isLastUser = false
			if len(m.ToolCalls) > 0 {
				isTool = false
				b.WriteString(m.Content + callsBeginText)
				for _, c := range m.ToolCalls {
					b.WriteString(callBeginText + c.Name + sepText + requestArgs(c) + callEndText)
				}
				b.WriteString(callsEndText + eosText)
				continue
			}
			content := m.Content
			if !isTool {
				if _, after, ok := strings.Cut(content, "</think>"); ok {
					content = after
				}
			}
			isTool = false
			b.WriteString(content + eosText)
		case "tool":
			isLastUser, isTool = false, true
			b.WriteString("<｜tool▁output▁begin｜>" + m.Content + "<｜tool▁output▁end｜>")
		}
	}
	if !isLastUser || isTool {
		return toolcall.Prompt{Text: b.String()}, nil
	}
	if prompt.Thinking(opts, false) {
		b.WriteString("<｜Assistant｜><think>")
		return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
	}
	b.WriteString("<｜Assistant｜></think>")
	return toolcall.Prompt{Text: b.String()}, nil
}

// renderR1 writes the turns of msgs after the system text as R1's
// template does (see RenderPrompt).
func renderR1(b *strings.Builder, msgs []toolcall.Message) toolcall.Prompt {
	first, isTool, outputFirst := true, false, true
	for _, m := range msgs {
		switch m.Role {
		case "user":
			isTool = false
			b.WriteString("<｜User｜>" + m.Content)
		case "assistant":
			if len(m.ToolCalls) > 0 {
				isTool = false
				for _, c := range m.ToolCalls {
					if first {
						b.WriteString("<｜Assistant｜>" + callsBeginText)
						first = false
					} else {
						b.WriteString("\n")
					}
					b.WriteString(callBeginText + "function" + sepText + c.Name + "\n```json\n" + requestArgs(c) + "\n```" + callEndText)
				}
				b.WriteString(callsEndText + eosText)
			}
			if isTool {
				b.WriteString("<｜tool▁outputs▁end｜>" + m.Content + eosText)
				isTool = false
				continue
			}
			content := m.Content
			if i := strings.LastIndex(content, "</think>"); i >= 0 {
				content = content[i+len("</think>"):]
			}
			b.WriteString("<｜Assistant｜>" + content + eosText)
		case "tool":
			isTool = true
			if outputFirst {
				b.WriteString("<｜tool▁outputs▁begin｜>")
				outputFirst = false
			} else {
				b.WriteString("\n")
			}
			b.WriteString("<｜tool▁output▁begin｜>" + m.Content + "<｜tool▁output▁end｜>")
		}
	}
	if isTool {
		b.WriteString("<｜tool▁outputs▁end｜>")
		return toolcall.Prompt{Text: b.String()}
	}
	b.WriteString("<｜Assistant｜><think>\n")
	return toolcall.Prompt{Text: b.String(), InReasoning: true}
}

// requestArgs returns a call's arguments as the request gave them (the
// templates write the JSON string as it is), {} for none.
func requestArgs(c toolcall.Call) string {
	if strings.TrimSpace(c.Arguments) == "" {
		return "{}"
	}
	return c.Arguments
}

// RenderPrompt writes a conversation as the profile's template does, byte
// for byte, with one addition: neither template writes the tools, so the
// tool section DeepSeek's model card gives (each tool's name, description
// and parameters, then the call format) follows the system text.
//
// V3.1: <｜begin▁of▁sentence｜>, every system message (joined by a blank
// line), then the turns: <｜User｜>TEXT; an assistant's turn after a user
// turn opens with <｜Assistant｜></think>, one after tool results with
// nothing; its calls follow its text as RenderCalls writes them, with the
// arguments as the request gave them, then <｜end▁of▁sentence｜>; text
// before a </think> and reasoning are dropped; each tool result in
// <｜tool▁output▁begin｜> ... <｜tool▁output▁end｜>. After a user turn it
// ends with <｜Assistant｜> and </think> (or <think> with opts.Thinking
// true; nil is off), after tool results with nothing.
//
// R1: the last system message, then the turns as R1's template writes
// them, faithfully: only the first call of the whole conversation opens
// with <｜Assistant｜><｜tool▁calls▁begin｜> (later ones begin with a
// newline), the tool results of the whole conversation share one
// <｜tool▁outputs▁begin｜>, an assistant turn with calls is followed by an
// empty <｜Assistant｜><｜end▁of▁sentence｜> turn, and the prompt ends with
// <｜Assistant｜><think>\n (the answer begins as reasoning) unless it ends
// with tool results. These are the template's bugs, kept because they are
// what vLLM, SGLang and llama.cpp give the model.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("deepseek", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", "<｜User｜>", "<｜Assistant｜>", "<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>", "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", "<｜tool▁sep｜>", "<｜tool▁outputs▁begin｜>", "<｜tool▁outputs▁end｜>", "<｜tool▁output▁begin｜>", "<｜tool▁output▁end｜>", "<think>", "</think>"}
