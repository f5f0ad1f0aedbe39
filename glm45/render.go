package glm45

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/grammar"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls in GLM-4.5/4.6's newline form: per call
// <tool_call>NAME\n, per argument <arg_key>K</arg_key>\n<arg_value>V</arg_value>\n,
// then </tool_call>; calls joined by a newline. A string value is written
// raw, any other as JSON with the spaces Jinja's tojson writes. No calls is
// "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return textargs.Render("glm45", calls, frame)
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// RenderCallsCompact writes calls in GLM-4.7's form, which has no
// newlines: <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value>...
// </tool_call>, calls back to back.
func RenderCallsCompact(calls []toolcall.Call) (string, error) {
	return textargs.Render("glm45", calls, compactFrame)
}

// compactFrame is how GLM-4.7 writes calls.
var compactFrame = grammar.Frame{
	Begin:  func(name string) string { return startText + name },
	End:    endText,
	Tagged: func(key string) (string, string) { return "<arg_key>" + key + "</arg_key><arg_value>", "</arg_value>" },
}

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
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileGLM47, ProfileGLM46}

// PromptOptions are GLM's template choices. The zero value means the
// defaults: GLM-4.7 with thinking on.
type PromptOptions struct {
	// Profile is one of Profiles; "" is ProfileGLM47.
	Profile string
	// NoThinking turns thinking off (enable_thinking=false).
	NoThinking bool
	// KeepReasoning keeps the reasoning of every assistant turn, not only
	// of those after the last user message (GLM-4.7's clear_thinking=false).
	// GLM-4.6 ignores it.
	KeepReasoning bool
	// SpecialTokens says what becomes of the format's special tokens in
	// client text, as toolcall.PromptOptions.SpecialTokens does:
	// toolcall.KeepSpecialTokens (""), EscapeSpecialTokens or
	// RefuseSpecialTokens (an error naming the token).
	SpecialTokens string
}

const toolsIntro = "<|system|>\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n"

const toolsOutro = "</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>"

const toolsOutro47 = "</tools>\n\nFor each function call, output the function name and arguments within the following XML format:\n<tool_call>{function-name}<arg_key>{arg-key-1}</arg_key><arg_value>{arg-value-1}</arg_value><arg_key>{arg-key-2}</arg_key><arg_value>{arg-value-2}</arg_value>...</tool_call>"

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
// turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (toolcall.Prompt, error) {
	msgs, tools, guardErr := prompt.Guard(msgs, tools, specialTokens, opts.SpecialTokens)
	if guardErr != nil {
		return toolcall.Prompt{}, guardErr
	}
	profile, err := prompt.Profile("glm45", opts.Profile, Profiles)
	if err != nil {
		return toolcall.Prompt{}, err
	}
	if err := prompt.Check(msgs); err != nil {
		return toolcall.Prompt{}, fmt.Errorf("glm45: %w", err)
	}
	v46 := profile == ProfileGLM46
	nl := ""
	if v46 {
		nl = "\n"
	}
	var b strings.Builder
	b.WriteString("[gMASK]<sop>")
	if len(tools) > 0 {
		b.WriteString(toolsIntro)
		for _, t := range tools {
			line, err := prompt.OpenAIToolJSON(t)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(line + "\n")
		}
		if v46 {
			b.WriteString(toolsOutro)
		} else {
			b.WriteString(toolsOutro47)
		}
	}
	lastUser := -1
	for i, m := range msgs {
		if m.Role == "user" {
			lastUser = i
		}
	}
	for i, m := range msgs {
		switch m.Role {
		case "assistant":
			content, reasoning := prompt.SplitReasoning(m, "<think>", "</think>")
			b.WriteString("<|assistant|>" + nl)
			switch {
			case (i > lastUser || opts.KeepReasoning && !v46) && reasoning != "":
				b.WriteString("<think>" + strings.TrimSpace(reasoning) + "</think>")
			case v46:
				b.WriteString("<think></think>")
			default:
				b.WriteString("</think>")
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
			if v46 && opts.NoThinking && !strings.HasSuffix(m.Content, "/nothink") {
				b.WriteString("/nothink")
			}
		default:
			b.WriteString("<|" + m.Role + "|>" + nl + m.Content)
		}
	}
	b.WriteString("<|assistant|>")
	switch {
	case v46 && opts.NoThinking:
		b.WriteString("\n<think></think>")
	case v46:
	case opts.NoThinking:
		b.WriteString("</think>")
	default:
		b.WriteString("<think>")
		return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
	}
	return toolcall.Prompt{Text: b.String()}, nil
}

// PromptProfiles implements toolcall.Prompter.
func (format) PromptProfiles() []string { return slices.Clone(Profiles) }

// Prompt implements toolcall.Prompter: Thinking false is NoThinking.
func (format) Prompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return RenderPrompt(msgs, tools, PromptOptions{Profile: opts.Profile, NoThinking: opts.Thinking != nil && !*opts.Thinking, SpecialTokens: opts.SpecialTokens})
}

// SpecialTokens lists the format's special tokens (toolcall.Describe
// reads them into its descriptor).
func (format) SpecialTokens() []string { return slices.Clone(specialTokens) }

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"[gMASK]", "<sop>", "<|system|>", "<|user|>", "<|assistant|>", "<|observation|>", "<|endoftext|>", "<|role_end|>", "<tool_call>", "</tool_call>", "<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>", "<tool_response>", "</tool_response>", "<think>", "</think>"}
