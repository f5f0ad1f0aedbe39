package qwen3coder

import (
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers of reasoning in the newer templates.
const (
	thinkOpen  = "<think>"
	thinkClose = "</think>"
)

// writeJSONTools writes each tool on a line of its own as Qwen3.5's and
// Step 3.5's templates do (tool | tojson: the tool in OpenAI's shape,
// with tojson's spaces) after head, then </tools> on its own line.
func writeJSONTools(b *strings.Builder, tools []toolcall.Tool, head string) error {
	list, err := prompt.EachTool(tools, prompt.OpenAIToolJSON, "", "\n", "")
	if err != nil {
		return err
	}
	b.WriteString(head + list + "\n</tools>")
	return nil
}

// renderQwen35 writes Qwen3.5's prompt: ChatML turns, every text trimmed;
// with tools, a system turn listing them as JSON lines, the instructions,
// then the system message; an assistant turn after the last user query
// keeps its reasoning (<think>\nREASONING\n</think>\n\n before its
// text); calls after the text (and a blank line when there is text), one
// a line; consecutive tool results in one user turn. The generation
// prompt opens <think>, or with Thinking false writes an empty reasoning
// block.
func renderQwen35(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	var b strings.Builder
	system, hasSystem, _ := prompt.System(msgs)
	system = strings.TrimSpace(system)
	switch {
	case len(tools) > 0:
		b.WriteString("<|im_start|>system\n")
		if err := writeJSONTools(&b, tools, "# Tools\n\nYou have access to the following functions:\n\n<tools>"); err != nil {
			return toolcall.Prompt{}, err
		}
		b.WriteString(instructions)
		if system != "" {
			b.WriteString("\n\n" + system)
		}
		b.WriteString("<|im_end|>\n")
	case hasSystem:
		b.WriteString("<|im_start|>system\n" + system + "<|im_end|>\n")
	}
	query := prompt.LastQuery(msgs, true)
	for i, m := range msgs {
		content := strings.TrimSpace(m.Content)
		switch m.Role {
		case "system":
			if i > 0 { // the template refuses it; written as a system turn
				writeTurn(&b, m.Role, content)
			}
		case "assistant":
			text, reasoning := prompt.SplitReasoning(toolcall.Message{Content: content, Reasoning: m.Reasoning}, thinkOpen, thinkClose)
			b.WriteString("<|im_start|>assistant\n")
			if i > query {
				b.WriteString(thinkOpen + "\n" + strings.TrimSpace(reasoning) + "\n" + thinkClose + "\n\n")
			}
			b.WriteString(text)
			for j, c := range m.ToolCalls {
				switch {
				case j > 0:
					b.WriteString("\n")
				case strings.TrimSpace(text) != "":
					b.WriteString("\n\n")
				}
				if err := writeCall(&b, c); err != nil {
					return toolcall.Prompt{}, err
				}
			}
			b.WriteString("<|im_end|>\n")
		case "tool":
			prompt.WriteResult(&b, msgs, i, "<|im_start|>user", "\n<tool_response>\n"+content+"\n</tool_response>", imEndText)
		default:
			writeTurn(&b, m.Role, content)
		}
	}
	b.WriteString("<|im_start|>assistant\n")
	if !prompt.Thinking(opts, true) {
		b.WriteString(thinkOpen + "\n\n" + thinkClose + "\n\n")
		return toolcall.Prompt{Text: b.String()}, nil
	}
	b.WriteString(thinkOpen + "\n")
	return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
}

// renderNemotron3 writes Nemotron 3's prompt: a system turn always (the
// system message, then with tools Qwen3-Coder's XML listing with enums
// and required written as Nemotron's template writes them); an assistant
// turn's reasoning in <think>\nREASONING\n</think>\n before its text
// (<think></think> when it has none), dropped before the last user
// message unless KeepReasoning; calls after the trimmed text, each ending
// with a newline; tool results as Qwen3-Coder's. The generation prompt
// opens <think>, or with Thinking false writes <think></think>.
func renderNemotron3(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	var b strings.Builder
	system, _, rest := prompt.System(msgs)
	lastUser := prompt.LastOf(rest, "user")
	sep := ""
	if system != "" {
		sep = "\n\n"
	}
	if err := writeSystem(&b, system, sep, tools, true); err != nil {
		return toolcall.Prompt{}, err
	}
	err := writeTurns(&b, rest, func(i int, m toolcall.Message) error {
		content := m.Content
		switch {
		case strings.TrimSpace(m.Reasoning) != "":
			content = thinkOpen + "\n" + m.Reasoning + "\n" + thinkClose + "\n" + content
		case !strings.Contains(content, thinkOpen) && !strings.Contains(content, thinkClose):
			content = thinkOpen + thinkClose + content
		}
		drop := !opts.KeepReasoning && i < lastUser
		b.WriteString("<|im_start|>assistant\n")
		if len(m.ToolCalls) == 0 {
			if drop && strings.Contains(content, thinkOpen) && strings.Contains(content, thinkClose) {
				content = thinkOpen + thinkClose + afterLast(content, thinkClose)
			}
			b.WriteString(strings.TrimSpace(content))
			return nil
		}
		switch {
		case strings.TrimSpace(content) == "":
			b.WriteString(thinkOpen + thinkClose)
		case !drop:
			b.WriteString(strings.TrimSpace(content) + "\n")
		default:
			c := content
			if strings.Contains(c, thinkClose) {
				c = afterLast(c, thinkClose)
			} else if k := strings.Index(c, thinkOpen); k >= 0 {
				c = c[:k]
			}
			b.WriteString(thinkOpen + thinkClose + strings.TrimSpace(c) + "\n")
		}
		return writeCalls(&b, m.ToolCalls, "", "\n")
	})
	if err != nil {
		return toolcall.Prompt{}, err
	}
	if !prompt.Thinking(opts, true) {
		b.WriteString(thinkOpen + thinkClose)
		return toolcall.Prompt{Text: b.String()}, nil
	}
	b.WriteString(thinkOpen + "\n")
	return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
}

// afterLast returns what of s follows the last sep.
func afterLast(s, sep string) string { return s[strings.LastIndex(s, sep)+len(sep):] }

// stepInstructions are Step 3.5's instructions, after its tools.
const stepInstructions = example + "- Function calls MUST follow the specified format: an inner <function=...>\n...\n</function> block must be nested within <tool_call>\n...\n</tool_call> XML tags\n" +
	"- Required parameters MUST be specified\n</IMPORTANT>"

// renderStep35 writes Step 3.5's prompt: <s>; with tools, a system turn
// with the system message, the tools as JSON lines and the instructions;
// texts as they are; an assistant turn after the last user query keeps
// its reasoning (<think>\nREASONING\n</think>\n before its text), its
// calls right after the text with nothing between them; consecutive tool
// results in one tool_response turn, each in <tool_response> tags. The
// generation prompt always opens <think>.
func renderStep35(msgs []toolcall.Message, tools []toolcall.Tool) (toolcall.Prompt, error) {
	var b strings.Builder
	b.WriteString("<s>")
	hasSystem := len(msgs) > 0 && msgs[0].Role == "system"
	switch {
	case len(tools) > 0:
		b.WriteString("<|im_start|>system\n")
		if hasSystem {
			b.WriteString(msgs[0].Content + "\n\n")
		}
		if err := writeJSONTools(&b, tools, "# Tools\n\nYou have access to the following functions in JSONSchema format:\n\n<tools>"); err != nil {
			return toolcall.Prompt{}, err
		}
		b.WriteString(stepInstructions + "<|im_end|>\n")
	case hasSystem:
		b.WriteString("<|im_start|>system\n" + msgs[0].Content + "<|im_end|>\n")
	}
	query := prompt.LastQuery(msgs, false)
	for i, m := range msgs {
		switch m.Role {
		case "system":
			if i > 0 {
				writeTurn(&b, m.Role, m.Content)
			}
		case "assistant":
			text, reasoning := prompt.SplitReasoning(m, thinkOpen, thinkClose)
			b.WriteString("<|im_start|>assistant\n")
			if i > query {
				b.WriteString(thinkOpen + "\n" + reasoning + "\n" + thinkClose + "\n")
			}
			b.WriteString(text)
			if err := writeCalls(&b, m.ToolCalls, "", ""); err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(imEndText)
		case "tool":
			prompt.WriteResult(&b, msgs, i, "<|im_start|>tool_response\n", "<tool_response>"+m.Content+"</tool_response>", imEndText)
		default:
			writeTurn(&b, m.Role, m.Content)
		}
	}
	b.WriteString("<|im_start|>assistant\n" + thinkOpen + "\n")
	return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
}
