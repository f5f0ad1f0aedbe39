package apriel

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// callBegin is what comes before a call's arguments in the array.
func callBegin(name string) string {
	return `{"name": ` + string(jsonvalue.AppendString(nil, name)) + `, "arguments": `
}

// RenderCalls writes calls as Apriel's template writes them:
// <tool_calls>[, per call {"name": "NAME", "arguments": ARGS, "id": "ID"}
// with the spaces Jinja's tojson writes (the ID only when the call has
// one), calls separated by ", ", then ]</tool_calls>. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return renderCalls(calls, true)
}

// renderCalls writes calls as RenderCalls does, their IDs only when ids
// is set.
func renderCalls(calls []toolcall.Call, ids bool) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(startText + "[")
	for i, c := range calls {
		args, err := prompt.SpacedArgs("apriel", c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(callBegin(c.Name))
		b.WriteString(args)
		if ids && c.ID != "" {
			b.WriteString(`, "id": `)
			b.Write(jsonvalue.AppendString(nil, c.ID))
		}
		b.WriteString("}")
	}
	b.WriteString("]" + endText)
	return b.String(), nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileApriel16 is the chat template of Apriel-1.6-15b-Thinker.
	// The default.
	ProfileApriel16 = "apriel-1.6"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileApriel16}

// The texts of Apriel 1.6's template.
const (
	bos           = "<s>"
	systemTurn    = "<|begin_system|>\n"
	userTurn      = "<|begin_user|>\n"
	assistantTurn = "\n<|begin_assistant|>\n"
	toolTurn      = "<|begin_tool_result|>\n"

	reasoningPrompt = "You are a thoughtful, systematic AI assistant from ServiceNow Language Models (SLAM) lab.\n" +
		"    Analyze each question carefully, present your reasoning step-by-step, then provide the final\n" +
		"    response after the marker " + finalText + "."
	toolsIntro = "You are provided with function signatures within <available_tools></available_tools> XML tags.\n" +
		"        You may call one or more functions to assist with the user query.\n" +
		"        Don't make assumptions about the arguments. You should infer the argument values from previous\n" +
		"        user responses and the system message.\n" +
		"        Here are the available tools: \n" +
		"        <available_tools>\n"
	toolsOutro = "        \n" +
		"        </available_tools>.\n\n" +
		"        Return all function calls as a list of JSON objects within <tool_calls></tool_calls> XML tags.\n" +
		"        Each JSON object should contain a function name and arguments as follows:\n" +
		"        <tool_calls>[\n" +
		"            {\"name\": <function-name-1>, \"arguments\": <args-dict-1>},\n" +
		"            {\"name\": <function-name-2>, \"arguments\": <args-dict-2>},\n" +
		"            ...\n" +
		"        ]</tool_calls>"
)

// RenderPrompt writes a conversation as Apriel 1.6's chat template does,
// byte for byte. A system turn opens with <s><|begin_system|>, the
// template's instruction to reason then answer after
// [BEGIN FINAL RESPONSE], the system message's text, and with tools the
// instruction to call them, each tool as Python prints the OpenAI tool
// object, and the template's example of a call; when the first message is
// not a system message, such a turn without its text comes first, and a
// later system message is a turn of its own where it stands. A user turn
// is <|begin_user|>\n and the text; a tool result <|begin_tool_result|>\n,
// the result and three newlines; an assistant turn \n<|begin_assistant|>\n,
// its text (only what follows its last [BEGIN FINAL RESPONSE], trimmed,
// when it holds one), its calls on a new line as RenderCalls writes them,
// then \n<|end|>\n. Reasoning is dropped. The prompt ends
// \n<|begin_assistant|>\nHere are my reasoning steps:\n, so the answer
// begins as reasoning. A last assistant message is the start of the
// answer: after its header come its reasoning and [BEGIN FINAL RESPONSE]
// on lines of their own (when it has reasoning), its text and its calls
// without their IDs, and nothing after; the answer goes on outside
// reasoning. The template has no reasoning switch: opts.Thinking is not
// read, nor opts.Date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	msgs, tools, err := prompt.Guard(msgs, tools, specialTokens, opts.SpecialTokens)
	if err != nil {
		return toolcall.Prompt{}, err
	}
	if _, err := prompt.Profile("apriel", opts.Profile, Profiles); err != nil {
		return toolcall.Prompt{}, err
	}
	if err := prompt.Check(msgs); err != nil {
		return toolcall.Prompt{}, fmt.Errorf("apriel: %w", err)
	}
	toolText := ""
	if len(tools) > 0 {
		var b []byte
		b = append(b, toolsIntro...)
		for _, t := range tools {
			s, err := prompt.OpenAIToolJSON(t)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			v, err := jsonvalue.Decode(s)
			if err != nil {
				return toolcall.Prompt{}, fmt.Errorf("apriel: tool %s: %w", t.Name, err)
			}
			b = prompt.AppendPythonStr(b, v)
		}
		toolText = string(append(b, toolsOutro...))
	}
	system := func(b *strings.Builder, text string, own bool) {
		b.WriteString(bos + systemTurn + reasoningPrompt + "\n")
		if own {
			b.WriteString(text + "\n")
		}
		if toolText != "" {
			b.WriteString(toolText + "\n")
		}
	}
	var b strings.Builder
	if len(msgs) > 0 && msgs[0].Role != "system" {
		system(&b, "", false)
	}
	inReasoning := false
	for i, m := range msgs {
		last := i == len(msgs)-1
		switch m.Role {
		case "user":
			b.WriteString(userTurn + m.Content)
		case "system":
			system(&b, m.Content, true)
		case "tool":
			b.WriteString(toolTurn + m.Content + "\n\n\n")
		case "assistant":
			b.WriteString(assistantTurn)
			if last && m.Reasoning != "" {
				b.WriteString(m.Reasoning + "\n" + finalText + "\n")
			}
			text := m.Content
			if !last {
				if i := strings.LastIndex(text, finalText); i >= 0 {
					text = strings.TrimSpace(text[i+len(finalText):])
				}
			}
			b.WriteString(text)
			if len(m.ToolCalls) > 0 {
				calls, err := renderCalls(m.ToolCalls, !last)
				if err != nil {
					return toolcall.Prompt{}, err
				}
				b.WriteString("\n" + calls)
			}
			if !last {
				b.WriteString("\n" + eotText + "\n")
			}
		}
		if last && m.Role != "assistant" {
			b.WriteString(assistantTurn + reasoningHead + "\n")
			inReasoning = true
		}
	}
	return toolcall.Prompt{Text: b.String(), InReasoning: inReasoning}, nil
}

// PromptProfiles implements toolcall.Prompter.
func (format) PromptProfiles() []string { return slices.Clone(Profiles) }

// Prompt implements toolcall.Prompter.
func (format) Prompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return RenderPrompt(msgs, tools, opts)
}

// SpecialTokens lists the format's special tokens (toolcall.Describe
// reads them).
func (format) SpecialTokens() []string { return slices.Clone(specialTokens) }

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|begin_system|>", "<|begin_user|>", "<|begin_assistant|>", "<|begin_tool_result|>", "<|begin_content|>", "<|end|>", startText, endText, "<available_tools>", "</available_tools>"}
