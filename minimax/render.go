package minimax

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// parameter frames an argument as MiniMax-M2 writes it:
// <parameter name="KEY">VALUE</parameter>\n.
func parameter(key string) (string, string) {
	return parameterText + key + nameEndText, parameterEndText + "\n"
}

// RenderCalls writes calls as MiniMax-M2's template writes them: one
// <minimax:tool_call>\n block holding, per call, <invoke name="NAME">\n,
// per argument <parameter name="KEY">VALUE</parameter>\n, then
// </invoke>\n; the block ends </minimax:tool_call>. A string value is
// written raw, any other as JSON with the spaces Jinja's tojson writes.
// No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	text, err := textargs.Render("minimax", calls, frame)
	if err != nil {
		return "", err
	}
	return frame.Open + text + frame.Close, nil
}

// ProfileM2 is MiniMax-M2's template (M2, M2.1, M2.5 and M2.7 write the
// same), the default prompt profile.
const ProfileM2 = "m2"

// Profiles lists the prompt profiles.
var Profiles = []string{ProfileM2}

// DefaultSystem is the system text the template writes when the
// conversation has no system message.
const DefaultSystem = "You are a helpful assistant."

// toolsIntro and toolsExample are the template's words around the tools:
// what comes before their list, and the call syntax it shows after it
// (placeholder names: prompt text, never a call).
const (
	toolsIntro   = "\n\n# Tools\nYou may call one or more tools to assist with the user query.\nHere are the tools available in JSONSchema format:\n\n<tools>\n"
	toolsExample = "</tools>\n\nWhen making tool calls, use XML format to invoke tools and pass parameters:\n\n" + toolCallText +
		"\n" + invokeText + "tool-name-1" + nameEndText + "\n" +
		parameterText + "param-key-1" + nameEndText + "param-value-1" + parameterEndText + "\n" +
		parameterText + "param-key-2" + nameEndText + "param-value-2" + parameterEndText + "\n...\n" +
		invokeEndText + "\n" + toolCallEndText
)

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, _ string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	var b strings.Builder
	system, _, rest := prompt.System(msgs)
	if system == "" {
		system = DefaultSystem
	}
	b.WriteString(promptStart + roleStart + "system\n" + system)
	section, err := prompt.ToolSection(tools, prompt.ToolJSON, toolsIntro, "<tool>", "</tool>\n", toolsExample)
	if err != nil {
		return toolcall.Prompt{}, fmt.Errorf("minimax: %w", err)
	}
	b.WriteString(section + turnEnd + "\n")
	lastUser := prompt.LastOf(rest, "user")
	for i, m := range rest {
		switch m.Role {
		case "assistant":
			b.WriteString(roleStart + "ai\n")
			content, reasoning := splitReasoning(m)
			if reasoning != "" && i > lastUser {
				b.WriteString(thinkOpen + "\n" + reasoning + "\n" + thinkClose + "\n\n")
			}
			b.WriteString(content)
			if err := prompt.WriteCalls(&b, RenderCalls, m.ToolCalls, "\n"); err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(turnEnd + "\n")
		case "tool":
			prompt.WriteResult(&b, rest, i, roleStart+"tool", "\n<response>"+m.Content+"</response>", turnEnd+"\n")
		case "user":
			b.WriteString(roleStart + "user\n" + m.Content + turnEnd + "\n")
		}
	}
	b.WriteString(roleStart + "ai\n" + thinkOpen + "\n")
	return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
}

// splitReasoning returns an assistant message's text and reasoning as the
// template reads them: its Reasoning when it has one; else, when its text
// holds </think>, the text after the last one and the reasoning before
// the first (after the last <think> there), newlines around each dropped.
func splitReasoning(m toolcall.Message) (content, reasoning string) {
	if m.Reasoning != "" || !strings.Contains(m.Content, thinkClose) {
		return m.Content, m.Reasoning
	}
	content, reasoning = prompt.SplitReasoning(m, thinkOpen, thinkClose)
	return strings.TrimRight(content, "\n"), reasoning
}

// RenderPrompt writes a conversation as MiniMax-M2's template does: the
// system turn (the system message, or DefaultSystem) with, when there are
// tools, each tool's JSON in <tool> tags and the call syntax; then the
// turns, each ]~b]ROLE\n ... [e~[\n: an assistant's text (the reasoning
// it carries written back in <think> tags only after the last user
// message) and its calls as RenderCalls writes them after a newline;
// consecutive tool results in one tool turn, each in <response> tags. A
// system message after the first is dropped, as the template drops it. It
// ends with the assistant's header and <think>\n: the answer begins as
// reasoning. The template has no reasoning switch (opts.Thinking is not
// read) and writes no date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("minimax", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{promptStart, roleStart, turnEnd, toolCallText, toolCallEndText, thinkOpen, thinkClose}
