package minimaxm3

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// ProfileM3 is MiniMax-M3's chat template, the one profile.
const ProfileM3 = "m3"

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileM3}

// The thinking modes of the template (its thinking_mode variable).
const (
	ThinkingAdaptive = "adaptive" // the default: the model decides whether to think
	ThinkingEnabled  = "enabled"  // the prompt opens <mm:think>
	ThinkingDisabled = "disabled" // the prompt closes reasoning with </mm:think>
)

// PromptOptions are MiniMax-M3's template choices. The zero value is the
// template's default.
type PromptOptions struct {
	// Profile is one of Profiles; "" is ProfileM3.
	Profile string
	// ThinkingMode is one of the thinking modes; "" is ThinkingAdaptive.
	ThinkingMode string
	// SpecialTokens is toolcall.PromptOptions.SpecialTokens.
	SpecialTokens string
}

// The template's words.
const (
	// Identity is the system turn's text: the model's identity.
	Identity = "Your model version is MiniMax-M3, developed by MiniMax. Knowledge cutoff: January 2026. " +
		"Founded in early 2022, MiniMax is a global AI foundation model company committed to advancing the frontiers of AI towards AGI."
	// DefaultDeveloper is the developer turn's text when the conversation
	// has no system message.
	DefaultDeveloper = "You are a helpful assistant."

	thinkingIntro = "\n\n<thinking_instructions>\nYou have a thinking capability that allows you to reason step by step before responding. " +
		"When thinking is enabled, wrap your reasoning in " + thinkOpen + thinkClose + " tags before your response. " +
		"When thinking is disabled, begin your response directly after the " + thinkClose + " prefix. " +
		"When thinking is adaptive, decide on your own whether to think for the current turn.\n"
	thinkingEnd = "</thinking_instructions>"

	toolsIntro = "\n\n# Tools\nYou may call one or more tools to assist with the user query.\n" +
		"Here are the tools available in JSONSchema format:\n\n<tools>\n"
	toolsExample = "</tools>\n\nTo call tools, wrap all invocations in a single " + blockOpen + blockClose + " block. " +
		"Parameter values containing nested objects or arrays are recursively expanded into XML elements. Example:\n\n" +
		blockOpen + "\n" +
		invokeOpener + `tool-name-1">` +
		ns + "<param-1>value-1" + ns + "</param-1>" +
		ns + "<param-2>" + ns + "<item>" + ns + "<key-a>val-a" + ns + "</key-a>" + ns + "<key-b>val-b" + ns + "</key-b>" + ns + "</item>" + ns + "</param-2>" +
		invokeClose + "\n" +
		invokeOpener + `tool-name-2">` + ns + "<param-1>value-1" + ns + "</param-1>" + invokeClose + "\n" +
		blockClose
)

// modeText is what the thinking instructions say of each mode.
var modeText = map[string]string{
	ThinkingEnabled:  "Current thinking mode: enabled. You MUST think step by step before every response, including after receiving function/tool results.\n",
	ThinkingDisabled: "Current thinking mode: disabled. Do not output any thinking process.\n",
	ThinkingAdaptive: "Current thinking mode: adaptive. You are encouraged to think for complex decision-making, multi-step reasoning, or when analyzing function/tool results.\n",
}

// RenderPrompt writes a conversation as MiniMax-M3's template does, as far
// as its peers show it (see the package doc: the template itself was not
// at hand, so the bytes are not checked against it). ]~!b[ begins it;
// each turn is ]~b]ROLE\n ... [e~[\n. The system turn holds the model's
// Identity and the thinking instructions, which name the thinking mode;
// the developer turn holds the first system message (or DefaultDeveloper)
// and, with tools, each tool's JSON in <tool> tags and an example of the
// call syntax (placeholder names: prompt text, never a call). An
// assistant turn (role ai) begins with its reasoning in <mm:think> tags,
// or a bare </mm:think> when it has none, then its text and its calls as
// RenderCalls writes them; a run of tool results is one turn of role
// tool, each result in <response> tags after a newline; a system message
// after the first is dropped. The prompt ends with the assistant's header
// and, with thinking enabled, <mm:think> (the answer begins as
// reasoning), with thinking disabled </mm:think>, and adaptive nothing.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (toolcall.Prompt, error) {
	msgs, tools, err := prompt.Guard(msgs, tools, specialTokens, opts.SpecialTokens)
	if err != nil {
		return toolcall.Prompt{}, err
	}
	if _, err := prompt.Profile("minimax_m3", opts.Profile, Profiles); err != nil {
		return toolcall.Prompt{}, err
	}
	mode := opts.ThinkingMode
	if mode == "" {
		mode = ThinkingAdaptive
	}
	if _, ok := modeText[mode]; !ok {
		return toolcall.Prompt{}, fmt.Errorf("minimax_m3: thinking mode %q is not %s, %s or %s", mode, ThinkingAdaptive, ThinkingEnabled, ThinkingDisabled)
	}
	if err := prompt.Check(msgs); err != nil {
		return toolcall.Prompt{}, fmt.Errorf("minimax_m3: %w", err)
	}
	var b strings.Builder
	b.WriteString(promptStart + roleStart + "system\n" + Identity + thinkingIntro + modeText[mode] + thinkingEnd + turnEnd + "\n")
	developer, _, rest := prompt.System(msgs)
	if developer == "" {
		developer = DefaultDeveloper
	}
	b.WriteString(roleStart + "developer\n" + developer)
	section, err := prompt.ToolSection(tools, prompt.ToolJSON, toolsIntro, "<tool>", "</tool>\n", toolsExample)
	if err != nil {
		return toolcall.Prompt{}, fmt.Errorf("minimax_m3: %w", err)
	}
	b.WriteString(section + turnEnd + "\n")
	for i, m := range rest {
		switch m.Role {
		case "user":
			b.WriteString(roleStart + "user\n" + m.Content + turnEnd + "\n")
		case "assistant":
			content, reasoning := splitReasoning(m)
			b.WriteString(roleStart + "ai\n")
			if reasoning != "" {
				b.WriteString(thinkOpen + reasoning + thinkClose)
			} else {
				b.WriteString(thinkClose)
			}
			b.WriteString(content)
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(calls + turnEnd + "\n")
		case "tool":
			prompt.WriteResult(&b, rest, i, roleStart+"tool", "\n<response>"+m.Content+"</response>", turnEnd+"\n")
		}
	}
	b.WriteString(roleStart + "ai\n")
	switch mode {
	case ThinkingEnabled:
		b.WriteString(thinkOpen)
	case ThinkingDisabled:
		b.WriteString(thinkClose)
	}
	return toolcall.Prompt{Text: b.String(), InReasoning: mode == ThinkingEnabled}, nil
}

// splitReasoning returns an assistant message's text and reasoning: its
// Reasoning when it has one; else, when its text holds </mm:think>, the
// text after it and the reasoning before it (after <mm:think>), newlines
// around each dropped.
func splitReasoning(m toolcall.Message) (content, reasoning string) {
	if m.Reasoning != "" {
		return m.Content, m.Reasoning
	}
	before, after, ok := strings.Cut(m.Content, thinkClose)
	if !ok {
		return m.Content, ""
	}
	if i := strings.LastIndex(before, thinkOpen); i >= 0 {
		before = before[i+len(thinkOpen):]
	}
	return strings.Trim(after, "\n"), strings.Trim(before, "\n")
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: renderToolcall, Profiles: Profiles, Tokens: specialTokens}

// renderToolcall is RenderPrompt taking toolcall's options, as the
// format's Prompt method does: Thinking nil is the template's default
// (adaptive), true enabled, false disabled. The template writes no date.
func renderToolcall(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	o := PromptOptions{Profile: opts.Profile, SpecialTokens: opts.SpecialTokens}
	if opts.Thinking != nil {
		o.ThinkingMode = ThinkingDisabled
		if *opts.Thinking {
			o.ThinkingMode = ThinkingEnabled
		}
	}
	return RenderPrompt(msgs, tools, o)
}

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{ns, promptStart, roleStart, turnEnd, thinkOpen, thinkClose, imageToken, videoToken}
