package glm45

import (
	"strings"
	"unicode"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileGLM47 is GLM-4.7's template (and GLM-4.7-Flash's): turns
	// without newlines, calls in the compact form, and the generation
	// prompt opening <think> (thinking on) or writing </think> (off). The
	// default.
	ProfileGLM47 = "glm-4.7"
	// ProfileGLM46 is GLM-4.6's template, which GLM-4.5 and GLM-4.5-Air
	// share: newlines after each turn's marker, calls in the newline
	// form, "/nothink" after each user turn and an empty <think></think>
	// after the generation prompt with thinking off.
	ProfileGLM46 = "glm-4.6"
	// ProfileGLM52 is GLM-5.2's template (GLM-5 and GLM-5.1 get it too):
	// GLM-4.7's, with a first system turn "Reasoning Effort: Max" (or
	// toolcall.PromptOptions.ReasoningEffort), the tools listed as bare
	// functions, and <think></think> on turns whose reasoning is dropped.
	ProfileGLM52 = "glm-5.2"
	// ProfileLaguna is Poolside's Laguna-XS.2 template: GLM-4.7's calls in
	// role tags of its own (<system>, <user>, <assistant> ...
	// </assistant>, one a line), its default system prompt, every turn's
	// reasoning kept, and a generation prompt opening <think>.
	ProfileLaguna = "laguna"
)

const toolsIntro = "<|system|>\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n"

const toolsOutro = "</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>"

const toolsOutro47 = "</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}<arg_key>{arg-key-1}</arg_key><arg_value>{arg-value-1}</arg_value><arg_key>{arg-key-2}</arg_key><arg_value>{arg-value-2}</arg_value>...</tool_call>"

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	noThinking := !prompt.Thinking(opts, true)
	if profile == ProfileLaguna {
		return renderLaguna(msgs, tools, noThinking)
	}
	v46, v52 := profile == ProfileGLM46, profile == ProfileGLM52
	nl := ""
	if v46 {
		nl = "\n"
	}
	// dropped is what a turn whose reasoning is not kept writes.
	dropped := "</think>"
	if v46 || v52 {
		dropped = "<think></think>"
	}
	var b strings.Builder
	b.WriteString("[gMASK]<sop>")
	if v52 {
		b.WriteString("<|system|>Reasoning Effort: " + effort(opts.ReasoningEffort))
	}
	if len(tools) > 0 {
		toolJSON := prompt.OpenAIToolJSON
		if v52 {
			toolJSON = prompt.ToolJSON
		}
		list, err := prompt.EachTool(tools, toolJSON, "", "", "\n")
		if err != nil {
			return toolcall.Prompt{}, err
		}
		b.WriteString(toolsIntro + list)
		if v46 {
			b.WriteString(toolsOutro)
		} else {
			b.WriteString(toolsOutro47)
		}
	}
	lastUser := prompt.LastOf(msgs, "user")
	for i, m := range msgs {
		switch m.Role {
		case "assistant":
			content, reasoning := prompt.SplitReasoning(m, "<think>", "</think>")
			b.WriteString("<|assistant|>" + nl)
			if (i > lastUser || opts.KeepReasoning && !v46) && reasoning != "" {
				b.WriteString("<think>" + strings.TrimSpace(reasoning) + "</think>")
			} else {
				b.WriteString(dropped)
			}
			if text := strings.TrimSpace(content); text != "" {
				b.WriteString(nl + text)
			}
			for _, c := range m.ToolCalls {
				render := RenderCallsCompact
				if v46 {
					render = RenderCalls
				}
				call, err := render([]toolcall.Call{c})
				if err != nil {
					return toolcall.Prompt{}, err
				}
				b.WriteString(nl + call)
			}
		case "tool":
			if first, _ := prompt.ToolRun(msgs, i); first {
				b.WriteString("<|observation|>")
			}
			b.WriteString(nl + "<tool_response>" + nl + m.Content + nl + "</tool_response>")
		case "user":
			b.WriteString("<|user|>" + nl + m.Content)
			if v46 && noThinking && !strings.HasSuffix(m.Content, "/nothink") {
				b.WriteString("/nothink")
			}
		default:
			b.WriteString("<|" + m.Role + "|>" + nl + m.Content)
		}
	}
	b.WriteString("<|assistant|>")
	switch {
	case v46 && noThinking:
		b.WriteString("\n<think></think>")
	case v46:
	case noThinking:
		b.WriteString(dropped)
	default:
		b.WriteString("<think>")
		return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
	}
	return toolcall.Prompt{Text: b.String()}, nil
}

// effort is GLM-5.2's reasoning effort as its system turn writes it: e
// with its first letter upper-cased, "Max" for "".
func effort(e string) string {
	if e == "" {
		return "Max"
	}
	return strings.ToUpper(e[:1]) + e[1:]
}

// lagunaBegin is what Laguna's template writes first, its special token
// 〈|EOS|〉 (U+3008 and U+3009 around |EOS|).
const lagunaBegin = "\u3008|EOS|\u3009"

// LagunaSystem is the system text Laguna's template writes when the
// conversation does not begin with a system message.
const LagunaSystem = "You are a helpful, conversationally-fluent assistant made by Poolside. You are here to be helpful to users through natural language conversations."

const lagunaTools = "### Tools\n\nYou may call functions to assist with the user query.\nAll available function signatures are listed below:\n<available_tools>\n"

// renderLaguna writes msgs as Laguna-XS.2's template does: 〈|EOS|〉; a
// system turn <system>SYSTEM</system> (the first system message's text,
// trailing space dropped, or LagunaSystem) with, after the text and a
// blank line, the tools one JSON line each in <available_tools>; then
// <user>TEXT</user>, <assistant><think>REASONING</think>TEXT
// CALLS</assistant> (every turn's reasoning kept, <think></think>
// without; with thinking off </think> and no reasoning), each tool result
// as <tool_response>RESULT</tool_response>, and later system messages as
// <system>TEXT</system>, each turn on a line of its own; then
// <assistant><think>, or <assistant></think> with thinking off. A first
// system message of blank text writes no system text, and, with neither
// tools nor thinking, no system turn.
func renderLaguna(msgs []toolcall.Message, tools []toolcall.Tool, noThinking bool) (toolcall.Prompt, error) {
	var b strings.Builder
	b.WriteString(lagunaBegin)
	system, ok, rest := prompt.System(msgs)
	if !ok {
		system = LagunaSystem
	}
	hasSystem := strings.TrimSpace(system) != ""
	if hasSystem || len(tools) > 0 || !noThinking {
		b.WriteString("<system>")
		if hasSystem {
			b.WriteString(strings.TrimRightFunc(system, unicode.IsSpace))
			if len(tools) > 0 {
				b.WriteString("\n\n")
			}
		}
		if len(tools) > 0 {
			list, err := prompt.EachTool(tools, prompt.OpenAIToolJSON, "", "", "\n")
			if err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(lagunaTools + list + "</available_tools>")
		}
		b.WriteString("</system>\n")
	}
	for _, m := range rest {
		switch m.Role {
		case "assistant":
			b.WriteString("<assistant>")
			if noThinking {
				b.WriteString("</think>")
			} else {
				b.WriteString("<think>" + m.Reasoning + "</think>")
			}
			calls, err := RenderCallsCompact(m.ToolCalls)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(m.Content + calls + "</assistant>\n")
		case "tool":
			b.WriteString("<tool_response>" + m.Content + "</tool_response>\n")
		default:
			b.WriteString("<" + m.Role + ">" + m.Content + "</" + m.Role + ">\n")
		}
	}
	if noThinking {
		b.WriteString("<assistant></think>")
		return toolcall.Prompt{Text: b.String()}, nil
	}
	b.WriteString("<assistant><think>")
	return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
}

// RenderPrompt writes a conversation as the profile's GLM template does
// (with HF's trim_blocks): [gMASK]<sop>; with tools, a system turn listing
// each tool as one JSON line between <tools> and </tools> and the
// instruction to call in the XML form; then turns <|system|>, <|user|>,
// <|assistant|> (GLM-4.6: each marker followed by a newline); an
// assistant's reasoning as <think>REASONING</think> when the turn comes
// after the last user message (GLM-4.6: else <think></think>; GLM-4.7:
// else </think>), its trimmed text, then its calls; a run of tool results
// one <|observation|> turn, each in <tool_response> tags. It ends with
// <|assistant|>: GLM-4.7 then opens <think> (the answer begins as
// reasoning) or, with thinking off, writes </think>; GLM-4.6 with
// thinking off writes <think></think> and "/nothink" after each user
// turn. GLM-5.2 writes GLM-4.7's turns with a system turn "Reasoning
// Effort: Max" first, the tools as bare functions, and <think></think>
// where GLM-4.7 writes </think>. Laguna writes the same calls and
// reasoning in its own role tags (see ProfileLaguna).
//
// opts.Thinking false turns thinking off (enable_thinking=false);
// opts.KeepReasoning keeps the reasoning of every assistant turn
// (GLM-4.7's and GLM-5.2's clear_thinking=false; GLM-4.6 ignores it, and
// Laguna always keeps it); opts.ReasoningEffort is GLM-5.2's reasoning
// effort, written with its first letter upper-cased ("" is "Max"). The
// templates write no date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("glm45", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"[gMASK]", "<sop>", "<|system|>", "<|user|>", "<|assistant|>", "<|observation|>", "<|endoftext|>", "<|role_end|>", "<tool_call>", "</tool_call>", "<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>", "<tool_response>", "</tool_response>", "<think>", "</think>",
	// Laguna's (its <system> and <user> tags are text to its tokenizer)
	lagunaBegin, "<assistant>", "</assistant>"}
