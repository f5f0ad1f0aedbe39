package harmony

import (
	"cmp"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// callHeader is the header of a call message after the first: RenderCalls
// writes calls as the model does, the first right after the prompt's
// <|start|>assistant.
func callHeader(name string) string {
	return channelText + "commentary to=functions." + TSName(name) + " " + constrainText + "json" + messageText
}

// RenderCalls writes calls as gpt-oss writes them after the prompt's
// <|start|>assistant: per call <|channel|>commentary to=functions.NAME
// <|constrain|>json<|message|>ARGS<|call|>, the calls after the first each
// in a new <|start|>assistant message. Names are written as TSName writes
// them. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return frame.JSONCalls("harmony", true).Render(calls)
}

// The prompt profiles.
const (
	// ProfileGPTOSS is gpt-oss's template (20b and 120b), the default.
	ProfileGPTOSS = "gpt-oss"
	// ProfileAllCalls is gpt-oss's template but that it writes every
	// call of an assistant turn, each its own commentary message, and
	// names each tool result by its call. The template writes only a
	// turn's first call and names every result after the last call
	// written; gpt-oss itself writes one call a message, so a history
	// with several is clearer to it this way, at the price of bytes the
	// template would not write.
	ProfileAllCalls = "gpt-oss-all-calls"
)

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	allCalls := profile == ProfileAllCalls
	effort := cmp.Or(opts.ReasoningEffort, "medium")
	date := prompt.Day(opts.Date)
	identity := cmp.Or(opts.ModelIdentity, "You are ChatGPT, a large language model trained by OpenAI.")
	var b strings.Builder
	msg := func(header, body, end string) { b.WriteString(startText + header + messageText + body + end) }
	sys := identity + "\nKnowledge cutoff: 2024-06\nCurrent date: " + date +
		"\n\nReasoning: " + effort + "\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message."
	if len(tools) > 0 {
		sys += "\nCalls to these tools must go to the commentary channel: 'functions'."
	}
	msg("system", sys, endText)
	dev, _, rest := prompt.System(msgs)
	if dev != "" || len(tools) > 0 {
		body := ""
		if dev != "" {
			body = "# Instructions\n\n" + dev + "\n\n"
		}
		if len(tools) > 0 {
			ns, err := namespace(tools)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			body += ns
		}
		msg("developer", body, endText)
	}
	// Turns before the last assistant turn without calls belong to
	// finished tasks.
	finished := prompt.LastAnswer(rest)
	names := map[string]string{} // call ID to name, with allCalls
	last := ""
	for i, m := range rest {
		switch m.Role {
		case "assistant":
			if len(m.ToolCalls) == 0 {
				msg("assistant"+channelText+"final", m.Content, endText)
				last = ""
				continue
			}
			analysis := m.Reasoning
			if analysis == "" {
				analysis = m.Content
			}
			if analysis != "" && i > finished {
				msg("assistant"+channelText+"analysis", analysis, endText)
			}
			calls := m.ToolCalls
			if !allCalls {
				calls = calls[:1]
			}
			for _, c := range calls {
				args, err := prompt.SpacedArgs("harmony", c)
				if err != nil {
					return toolcall.Prompt{}, err
				}
				msg("assistant to=functions."+c.Name+channelText+"commentary json", args, callText)
				names[c.ID], last = c.Name, c.Name
			}
		case "tool":
			name := last
			if n, ok := names[m.ToolCallID]; ok && allCalls {
				name = n
			}
			msg("functions."+name+" to=assistant"+channelText+"commentary", string(jsonvalue.AppendString(nil, m.Content)), endText)
		case "user":
			msg("user", m.Content, endText)
		}
	}
	b.WriteString(startText + "assistant")
	return toolcall.Prompt{Text: b.String()}, nil
}

// RenderPrompt writes a conversation as gpt-oss's chat template does,
// byte for byte: a system message (model identity, knowledge cutoff, the
// current date, reasoning effort, valid channels, and with tools that
// calls go to the commentary channel); a developer message holding the
// conversation's first system message under "# Instructions" and the
// tools as the TypeScript namespace functions (each tool a type with its
// description, its parameters' descriptions, types, defaults and, in
// nested objects, '?' on the members their own required list leaves
// out, all laid out as the template lays them out); then the turns: user
// messages; an assistant's text on the final channel; an assistant turn
// with calls as its reasoning (or, with none, its text) on the analysis
// channel, unless a later assistant turn without calls ends the task (the
// template drops the reasoning of finished tasks), then its first call as
// a commentary message to=functions.NAME whose arguments are JSON with
// tojson's spaces, ending <|call|>; each tool result a message from the
// last call's tool to=assistant, as a JSON string. Later system messages
// are not written. It ends with <|start|>assistant. ProfileAllCalls
// writes every call, and names each result by its call.
//
// opts.ReasoningEffort is the system message's reasoning effort, the
// template's reasoning_effort: "low", "medium" (the default) or "high".
// opts.Date is its current date; the zero time is today's (UTC), as the
// template writes it. opts.ModelIdentity replaces its first line, the
// template's model_identity. The template has no reasoning switch: it
// ignores opts.Thinking.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("harmony", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// namespace writes the tools as the template's TypeScript namespace.
func namespace(tools []toolcall.Tool) (string, error) {
	var b strings.Builder
	b.WriteString("# Tools\n\n## functions\n\nnamespace functions {\n\n")
	for _, t := range tools {
		b.WriteString("// " + t.Description + "\n")
		schema, err := prompt.Schema("harmony", t)
		if err != nil {
			return "", err
		}
		props := schema.Get("properties")
		if !prompt.Truthy(props) || props.Kind != jsonvalue.Object {
			b.WriteString("type " + t.Name + " = () => any;\n\n")
			continue
		}
		required := schema.Get("required")
		b.WriteString("type " + t.Name + " = (_: {\n")
		for _, p := range props.Members {
			prompt.TSMember(&b, p, required)
			b.WriteString(",\n")
		}
		b.WriteString("}) => any;\n\n")
	}
	b.WriteString("} // namespace functions")
	return b.String(), nil
}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|start|>", "<|end|>", "<|message|>", "<|channel|>", "<|constrain|>", "<|call|>", "<|return|>", "<|endoftext|>", "<|startoftext|>"}
