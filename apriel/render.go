package apriel

import (
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Apriel's template writes them:
// <tool_calls>[, per call {"name": "NAME", "arguments": ARGS, "id": "ID"}
// with the spaces Jinja's tojson writes (the ID only when the call has
// one), calls separated by ", ", then ]</tool_calls>. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) { return array.Render(calls) }

// array is how Apriel writes calls; noIDs writes them without their IDs.
var (
	array = prompt.JSONArray{Format: "apriel", Open: startText, Close: endText, Begin: prompt.NameArgumentsBegin, Tail: prompt.IDMember}
	noIDs = prompt.JSONArray{Format: "apriel", Open: startText, Close: endText, Begin: prompt.NameArgumentsBegin}
)

// frame is how Apriel writes calls, as RenderCalls writes them without
// IDs: the array between the markers is the section.
var frame = grammar.ArrayFrame(array, startText)

// writeCalls writes an assistant's calls on a new line as RenderCalls
// writes them, their IDs only when ids is set; no calls writes nothing.
func writeCalls(b *strings.Builder, calls []toolcall.Call, ids bool) error {
	w := noIDs
	if ids {
		w = array
	}
	return prompt.WriteCalls(b, w.Render, calls, "\n")
}

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileApriel16 is the chat template of Apriel-1.6-15b-Thinker.
	// The default.
	ProfileApriel16 = "apriel-1.6"
	// ProfileApriel15 is the chat template of Apriel-1.5-15b-Thinker, as
	// Unsloth's copy writes it: <|system|>, <|user|>, <|assistant|> and
	// <|tool_result|> turns that <|end|> closes; its prompt opens no
	// reasoning (the model writes its own "Here are my reasoning
	// steps:").
	ProfileApriel15 = "apriel-1.5"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileApriel16, ProfileApriel15}

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

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	if profile == ProfileApriel15 {
		return renderApriel15(msgs, tools)
	}
	toolText, err := prompt.ToolSection(tools, pythonTool, toolsIntro, "", "", toolsOutro)
	if err != nil {
		return toolcall.Prompt{}, err
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
			if err := writeCalls(&b, m.ToolCalls, !last); err != nil {
				return toolcall.Prompt{}, err
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

// pythonTool writes a tool as Python prints the OpenAI tool object (a
// template's tool|string).
func pythonTool(t toolcall.Tool) (string, error) {
	v, err := prompt.OpenAIToolValue("apriel", t)
	if err != nil {
		return "", err
	}
	return string(prompt.AppendPythonStr(nil, v)), nil
}

// The texts of Apriel 1.5's template.
const (
	eos15             = "</s>"
	reasoningPrompt15 = "You are a thoughtful and systematic AI assistant built by ServiceNow Language Models (SLAM) lab. " +
		"Before providing an answer, analyze the problem carefully and present your reasoning step by step. " +
		"After explaining your thought process, provide the final solution in the following format: " + finalText + " ... " + finalEndText + "."
	toolsIntro15 = "You are provided with function signatures within <available_tools></available_tools> XML tags. " +
		"You may call one or more functions to assist with the user query. Don't make assumptions about the arguments. " +
		"You should infer the argument values from previous user responses and the system message. Here are the available tools:\n" +
		"<available_tools>\n"
	toolsOutro15  = "</available_tools>"
	toolsFormat15 = "Return all function calls as a list of json objects within <tool_call></tool_call> XML tags. " +
		"Each json object should contain a function name and arguments as follows:\n" +
		`<tool_calls>[{"name": <function-name-1>, "arguments": <args-dict-1>}, {"name": <function-name-2>, "arguments": <args-dict-2>},...]</tool_calls>`
)

// renderApriel15 writes a conversation as Apriel 1.5's template does
// (see RenderPrompt).
func renderApriel15(msgs []toolcall.Message, tools []toolcall.Tool) (toolcall.Prompt, error) {
	toolText, err := prompt.ToolSection(tools, pythonTool, toolsIntro15, "", "\n", toolsOutro15)
	if err != nil {
		return toolcall.Prompt{}, err
	}
	var b strings.Builder
	b.WriteString(bos)
	if len(msgs) > 0 && msgs[0].Role != "system" && toolText != "" {
		b.WriteString("<|system|>\n" + reasoningPrompt15 + toolText + "\n" + toolsFormat15 + "\n" + eotText + "\n")
	}
	if !slices.ContainsFunc(msgs, func(m toolcall.Message) bool { return m.Role == "system" }) {
		b.WriteString("<|system|>\n" + reasoningPrompt15 + "\n" + eotText + "\n")
	}
	for i, m := range msgs {
		last := i == len(msgs)-1
		switch m.Role {
		case "user":
			b.WriteString("<|user|>\n" + m.Content + "\n" + eotText + "\n")
		case "system":
			b.WriteString("<|system|>\n" + reasoningPrompt15 + m.Content + "\n")
			if toolText != "" {
				b.WriteString(toolText + "\n")
			}
			b.WriteString(eotText + "\n")
		case "tool":
			b.WriteString("<|tool_result|>\n" + m.Content + "\n" + eotText + "\n")
		case "assistant":
			b.WriteString("<|assistant|>\n" + m.Content)
			if err := writeCalls(&b, m.ToolCalls, !last); err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString("\n" + eotText + "\n" + eos15)
		}
		if last && m.Role != "assistant" {
			b.WriteString("<|assistant|>\n")
		}
	}
	return toolcall.Prompt{Text: b.String()}, nil
}

// RenderPrompt writes a conversation as the profile's chat template does,
// byte for byte: Apriel 1.6's by default, Apriel 1.5's with
// ProfileApriel15.
//
// Apriel 1.6's: a system turn opens with <s><|begin_system|>, the
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
// reasoning.
//
// Apriel 1.5's (Unsloth's copy of it): <s>; when the first message is not
// a system message and there are tools, a <|system|> turn with the
// template's instruction to reason and answer between [BEGIN FINAL
// RESPONSE] and [END FINAL RESPONSE], the tools (each as Python prints the
// OpenAI tool object, on a line of its own, in <available_tools>) and the
// template's example of a call; when no message is a system message, a
// <|system|> turn with the instruction alone. Each system message is a
// <|system|> turn with the instruction, its text right after it, and the
// tools (without the example); each user message a <|user|> turn; each
// tool result a <|tool_result|> turn; each turn is ROLE\nTEXT\n<|end|>\n.
// An assistant turn is <|assistant|>\n, its text, its calls on a new line
// as RenderCalls writes them (without their IDs in the last message), then
// \n<|end|>\n</s>; reasoning is dropped. Unless the last message is an
// assistant's, the prompt ends <|assistant|>\n, outside reasoning: the
// model writes "Here are my reasoning steps:" itself.
//
// Neither template has a reasoning switch: opts.Thinking is not read, nor
// opts.Date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("apriel", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|begin_system|>", "<|begin_user|>", "<|begin_assistant|>", "<|begin_tool_result|>", "<|begin_content|>", "<|end|>",
	"<|system|>", "<|user|>", "<|assistant|>", "<|tool_result|>", "<|content|>", startText, endText, "<available_tools>", "</available_tools>"}
