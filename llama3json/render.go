package llama3json

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

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
	var b strings.Builder
	for i, c := range calls {
		args, err := prompt.SpacedArgs("llama3json", c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(callBegin(c.Name))
		b.WriteString(args)
		b.WriteString("}")
	}
	return b.String(), nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// PromptOptions are the Llama 3.1 template's choices. The zero value means
// the defaults.
type PromptOptions struct {
	Date string // "Today Date:" in the system turn; "26 Jul 2024" by default
}

const instruction = "Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\n\n" +
	"Respond in the format {\"name\": function name, \"parameters\": dictionary of argument name and its value}.Do not use variables.\n\n"

// RenderPrompt writes a conversation as Meta's Llama 3.1 template does,
// with the tools in the first user message: <|begin_of_text|>; a system
// turn with "Environment: ipython" (when there are tools), the knowledge
// cutoff and date, and the system text; the first user turn begins with the
// instruction to answer with a JSON call and each tool as indented JSON;
// an assistant's calls as RenderCalls writes them; tool results verbatim in
// ipython turns. It ends with the header of the next assistant turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("llama3json: %w", err)
	}
	if opts.Date == "" {
		opts.Date = "26 Jul 2024"
	}
	var b strings.Builder
	turn := func(role, text string) {
		b.WriteString("<|start_header_id|>" + role + "<|end_header_id|>\n\n" + text + "<|eot_id|>")
	}
	b.WriteString("<|begin_of_text|>")
	rest := msgs
	system := ""
	if len(msgs) > 0 && msgs[0].Role == "system" {
		system, rest = msgs[0].Content, msgs[1:]
	}
	head := ""
	if len(tools) > 0 {
		head = "Environment: ipython\n"
	}
	turn("system", head+"Cutting Knowledge Date: December 2023\nToday Date: "+opts.Date+"\n\n"+system)
	toolsDone := len(tools) == 0
	for _, m := range rest {
		switch m.Role {
		case "user":
			text := m.Content
			if !toolsDone {
				var tb strings.Builder
				tb.WriteString(instruction)
				for _, t := range tools {
					line, err := prompt.OpenAIToolJSON(t)
					if err != nil {
						return "", err
					}
					var out bytes.Buffer
					if err := json.Indent(&out, []byte(line), "", "    "); err != nil {
						return "", err
					}
					tb.WriteString(strings.ReplaceAll(out.String(), ":  ", ": ") + "\n\n")
				}
				text, toolsDone = tb.String()+text, true
			}
			turn("user", text)
		case "assistant":
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return "", err
			}
			if calls != "" {
				turn("assistant", calls)
			} else {
				turn("assistant", m.Content)
			}
		case "tool":
			turn("ipython", m.Content)
		default:
			turn(m.Role, m.Content)
		}
	}
	b.WriteString("<|start_header_id|>assistant<|end_header_id|>\n\n")
	return b.String(), nil
}
