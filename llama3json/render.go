package llama3json

import (
	"strings"
	"time"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// callBegin is what comes before a call's arguments.
func callBegin(name string) string {
	return `{"name": ` + string(jsonvalue.AppendString(nil, name)) + `, "parameters": `
}

// RenderCalls writes calls as Llama 3.x writes them: per call
// {"name": "NAME", "parameters": ARGS} with the spaces Jinja's tojson
// writes; calls separated by "; ". No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return frame.JSONCalls("llama3json", false).Render(calls)
}

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileLlama31 is Llama 3.1's template, which Llama 3.3 shares: its
	// date line is "26 Jul 2024" unless a date is given. The default.
	ProfileLlama31 = "llama-3.1"
	// ProfileLlama32 is Llama 3.2's: the same, with today's date.
	ProfileLlama32 = "llama-3.2"
)

const instruction = "Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\n\n" +
	"Respond in the format {\"name\": function name, \"parameters\": dictionary of argument name and its value}.Do not use variables.\n\n"

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	date := "26 Jul 2024"
	switch {
	case !opts.Date.IsZero():
		date = opts.Date.Format("02 Jan 2006")
	case profile == ProfileLlama32:
		date = time.Now().UTC().Format("02 Jan 2006")
	}
	var b strings.Builder
	turn := func(role, text string) {
		b.WriteString("<|start_header_id|>" + role + "<|end_header_id|>\n\n" + text + "<|eot_id|>")
	}
	b.WriteString("<|begin_of_text|>")
	system, _, rest := prompt.System(msgs)
	system = strings.TrimSpace(system)
	head := ""
	if len(tools) > 0 {
		head = "Environment: ipython\n"
	}
	turn("system", head+"Cutting Knowledge Date: December 2023\nToday Date: "+date+"\n\n"+system)
	toolsDone := len(tools) == 0
	for _, m := range rest {
		switch m.Role {
		case "user":
			text := strings.TrimSpace(m.Content)
			if !toolsDone {
				defs, err := prompt.ToolSection(tools, prompt.IndentedToolJSON, instruction, "", "\n\n", "")
				if err != nil {
					return toolcall.Prompt{}, err
				}
				text, toolsDone = defs+text, true
			}
			turn("user", text)
		case "assistant":
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			if calls != "" {
				turn("assistant", calls)
			} else {
				turn("assistant", strings.TrimSpace(m.Content))
			}
		case "tool":
			turn("ipython", string(jsonvalue.AppendString(nil, m.Content)))
		default:
			turn(m.Role, strings.TrimSpace(m.Content))
		}
	}
	b.WriteString("<|start_header_id|>assistant<|end_header_id|>\n\n")
	return toolcall.Prompt{Text: b.String()}, nil
}

// RenderPrompt writes a conversation as Meta's Llama 3.x templates do,
// byte for byte, with the tools in the first user message:
// <|begin_of_text|>; a system turn with "Environment: ipython" (when there
// are tools), the knowledge cutoff and date, and the trimmed system text;
// the first user turn begins with the instruction to answer with a JSON
// call and each tool as JSON indented by 4; turns' text trimmed; an
// assistant's calls as RenderCalls writes them (and not its text); tool
// results as JSON strings in ipython turns; reasoning dropped. It ends
// with the header of the next assistant turn. The templates refuse a turn
// with more than one call; the renderer writes them separated by "; ", as
// RenderCalls does.
//
// opts.Date is the system turn's "Today Date:", as "26 Jul 2024"; the
// zero time is the profile's (Llama 3.1's fixed date, or Llama 3.2's
// today, UTC). The templates have no reasoning switch.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("llama3json", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|begin_of_text|>", "<|end_of_text|>", "<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>", "<|eom_id|>", "<|python_tag|>"}
