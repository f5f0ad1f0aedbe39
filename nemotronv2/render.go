package nemotronv2

import (
	"strings"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Nemotron Nano v2's template writes them:
// <TOOLCALL>[, per call {"name": "NAME", "arguments": ARGS} with the
// spaces Jinja's tojson writes, calls separated by ", ", then
// ]</TOOLCALL>. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) { return array.Render(calls) }

// array is how Nemotron Nano v2 writes calls.
var array = prompt.JSONArray{Format: "nemotron_v2", Open: startText, Close: endText, Begin: prompt.NameArgumentsBegin}

// frame is how Nemotron Nano v2 writes calls, as RenderCalls writes them:
// the array between the markers is the section.
var frame = grammar.ArrayFrame(array, startText)

// The tools part of the system turn, around the tools' JSON array.
const (
	toolsIntro = "You can use the following tools to assist the user if required:\n<AVAILABLE_TOOLS>"
	toolsOutro = "</AVAILABLE_TOOLS>\n\n" +
		"If you decide to call any tool(s), use the following format:\n" +
		`<TOOLCALL>[{{"name": "tool_name1", "arguments": "tool_args1"}}, {{"name": "tool_name2", "arguments": "tool_args2"}}]</TOOLCALL>` + "\n\n" +
		"The user will execute tool-calls and return responses from tool(s) in this format:\n" +
		`<TOOL_RESPONSE>[{{"tool_response1"}}, {{"tool_response2"}}]</TOOL_RESPONSE>` + "\n\n" +
		"Based on the tool responses, you can call additional tools if needed, correct tool calls if any errors are found, or just respond to the user."
)

// The turns' headers.
const (
	systemTurn    = "<SPECIAL_10>System\n"
	userTurn      = "<SPECIAL_11>User\n"
	assistantTurn = "<SPECIAL_11>Assistant\n"
)

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileNemotronNanoV2 is the chat template of
	// NVIDIA-Nemotron-Nano-9B-v2 and 12B-v2. The default.
	ProfileNemotronNanoV2 = "nemotron-nano-v2"
	// ProfileVLLM is vLLM's example template for the models
	// (examples/tool_chat_template_nemotron_nano_v2.jinja): the same,
	// with one newline after the system text where the model's writes
	// two, a newline after a run of tool results, and a blank line
	// between an assistant's text and its calls.
	ProfileVLLM = "nemotron-nano-v2-vllm"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileNemotronNanoV2, ProfileVLLM}

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	thinking := true
	for _, m := range msgs {
		if m.Role != "user" && m.Role != "system" {
			continue
		}
		switch {
		case strings.Contains(m.Content, "/think"):
			thinking = true
		case strings.Contains(m.Content, "/no_think"):
			thinking = false
		}
	}
	thinking = prompt.Thinking(opts, thinking)
	var b strings.Builder
	b.WriteString(systemTurn)
	system, _, msgs := prompt.System(msgs)
	system = switchless(system)
	b.WriteString(system)
	toolText, err := prompt.ToolArray(tools, prompt.ToolJSON, toolsIntro, toolsOutro)
	if err != nil {
		return toolcall.Prompt{}, err
	}
	if system != "" && toolText != "" {
		b.WriteString("\n\n")
	}
	b.WriteString(toolText)
	vllm := profile == ProfileVLLM
	if vllm {
		b.WriteString("\n")
	} else {
		b.WriteString("\n\n")
	}
	prefill := ""
	if n := len(msgs); n > 0 && msgs[n-1].Role == "assistant" {
		prefill, msgs = strings.TrimSpace(msgs[n-1].Content), msgs[:n-1]
	}
	for i, m := range msgs {
		switch m.Role {
		case "user":
			b.WriteString(userTurn + switchless(m.Content) + "\n")
		case "tool":
			first, last := prompt.ToolRun(msgs, i)
			if first {
				b.WriteString(userTurn + "<TOOL_RESPONSE>[")
			}
			b.WriteString(m.Content)
			if !last {
				b.WriteString(", ")
			} else {
				b.WriteString("]</TOOL_RESPONSE>")
				if vllm {
					b.WriteString("\n")
				}
			}
		case "assistant":
			text := m.Content
			if _, after, ok := strings.Cut(text, "</think>"); ok {
				text, _, _ = strings.Cut(after, "</think>")
			}
			text = strings.TrimSpace(text)
			b.WriteString(assistantTurn + text)
			before := "\n"
			switch {
			case text == "":
				before = ""
			case vllm:
				before = "\n\n"
			}
			if err := prompt.WriteCalls(&b, RenderCalls, m.ToolCalls, before); err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString("\n" + eotText + "\n")
		}
	}
	b.WriteString(assistantTurn)
	if thinking {
		b.WriteString("<think>\n")
	} else {
		b.WriteString("<think></think>")
	}
	b.WriteString(prefill)
	return toolcall.Prompt{Text: b.String(), InReasoning: thinking}, nil
}

// switchless returns a system or user message's text as the template
// writes it: without its "/think" and "/no_think", trimmed.
func switchless(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(s, "/think", ""), "/no_think", ""))
}

// RenderPrompt writes a conversation as Nemotron Nano v2's chat template
// does, byte for byte: <SPECIAL_10>System and the first message's text
// when it is a system message; with tools, the instruction to use them,
// each tool as one JSON object in <AVAILABLE_TOOLS>[...], and the
// template's examples of a call and of results; then turns
// <SPECIAL_11>User and <SPECIAL_11>Assistant, each text trimmed, a user's
// and the system's with "/think" and "/no_think" taken out. An
// assistant's text is what follows its first </think>, when it holds
// one; its calls follow it on a new line as RenderCalls writes them; the
// turn ends "\n<SPECIAL_12>\n". Reasoning is dropped. A run of tool
// results is one user turn, <TOOL_RESPONSE>[...] with the results
// separated by ", ", as they are. System messages after the first are
// dropped. It ends with <SPECIAL_11>Assistant and <think>\n (the answer
// begins as reasoning) or, with thinking off, <think></think>; a last
// assistant message's trimmed text follows it (its calls are dropped), for
// the model to go on with.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("nemotron_v2", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<SPECIAL_10>", "<SPECIAL_11>", "<SPECIAL_12>", "<TOOLCALL>", "</TOOLCALL>", "<AVAILABLE_TOOLS>", "</AVAILABLE_TOOLS>", "<TOOL_RESPONSE>", "</TOOL_RESPONSE>", "<think>", "</think>"}
