package granite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// ProfileGranite33 is the chat template of granite-3.3-8b-instruct and
// 2b-instruct, the one prompt profile, which the other Granite 3.x
// models are served with too (see the package doc).
const ProfileGranite33 = "granite-3.3"

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileGranite33}

// The turns' markers.
const (
	roleStart = "<|start_of_role|>"
	roleEnd   = "<|end_of_role|>"
)

// The template's default system texts.
const (
	defaultSystem = "Knowledge Cutoff Date: April 2024. Today's Date: %s. You are Granite, developed by IBM."
	toolsSystem   = " You are a helpful assistant with access to the following tools. When a tool is required to answer the user's query, respond only with <|tool_call|> followed by a JSON list of tools used. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request."
	thinkSystem   = " You are a helpful AI assistant.\nRespond to every user query in a comprehensive and detailed way. You can write down your thoughts and reasoning process before responding. In the thought process, engage in a comprehensive cycle of analysis, summarization, exploration, reassessment, reflection, backtracing, and iteration to develop well-considered thinking process. In the response section, based on various attempts, explorations, and reflections from the thoughts section, systematically present the final solution that you deem correct. The response should summarize the thought process. Write your thoughts between <think></think> and write your response between <response></response> for each user query."
	plainSystem   = " You are a helpful AI assistant."
)

// systemText is the template's own system text, for a conversation that
// has none: the knowledge cutoff, the date (opts.Date or today) and the
// model's name, then with tools the instruction to call them, else with
// thinking on the instruction to think, else a plain one.
func systemText(tools []toolcall.Tool, opts toolcall.PromptOptions) string {
	system := fmt.Sprintf(defaultSystem, prompt.Date(opts.Date).Format("January 02, 2006"))
	switch {
	case len(tools) > 0:
		return system + toolsSystem
	case prompt.Thinking(opts, false):
		return system + thinkSystem
	}
	return system + plainSystem
}

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, _ string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	system, ok, msgs := prompt.System(msgs)
	if !ok {
		system = systemText(tools, opts)
	}
	var b strings.Builder
	b.WriteString(roleStart + "system" + roleEnd + system + eotText + "\n")
	if len(tools) > 0 {
		list, err := toolsJSON(tools)
		if err != nil {
			return toolcall.Prompt{}, err
		}
		b.WriteString(roleStart + "available_tools" + roleEnd + list + eotText + "\n")
	}
	for i, m := range msgs {
		if i == len(msgs)-1 && m.Role == "assistant" { // the answer's start
			b.WriteString(roleStart + "assistant" + roleEnd + strings.TrimRight(m.Content, " \t\n\r"))
			return toolcall.Prompt{Text: b.String()}, nil
		}
		b.WriteString(roleStart + m.Role + roleEnd + m.Content + eotText + "\n")
		if i == len(msgs)-1 {
			b.WriteString(roleStart + "assistant" + roleEnd)
		}
	}
	return toolcall.Prompt{Text: b.String()}, nil
}

// toolsJSON writes the tools as the template's tojson(indent=4) writes
// its tools list: a JSON array of {"type": "function", "function":
// {...}} objects, a member a line, indented by four spaces a level.
func toolsJSON(tools []toolcall.Tool) (string, error) {
	list, err := prompt.OpenAIToolsJSON(tools)
	if err != nil {
		return "", err
	}
	var compact, out bytes.Buffer
	if err := json.Compact(&compact, []byte(list)); err != nil {
		return "", err
	}
	if err := json.Indent(&out, compact.Bytes(), "", "    "); err != nil {
		return "", err
	}
	return out.String(), nil
}

// RenderPrompt writes a conversation as Granite 3.3's chat template does,
// byte for byte: a system turn holding the first message's text when it
// is a system message, else the template's own system text (with the
// date, opts.Date or today; with tools, the instruction to answer with
// <|tool_call|> and a JSON list; else, with opts.Thinking set, the
// instruction to think in <think></think> and answer in
// <response></response>); with tools, an available_tools turn holding
// them as one JSON array indented by four spaces; then each message as
// <|start_of_role|>ROLE<|end_of_role|>TEXT<|end_of_text|> and a newline,
// roles and texts as they are (an assistant's calls and reasoning are
// dropped: the template writes only the text). It ends with
// <|start_of_role|>assistant<|end_of_role|>, outside reasoning. A last
// assistant message is the answer's start: its text follows that header,
// its trailing whitespace cut, and nothing follows it.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("granite", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{roleStart, roleEnd, eotText, startText, "<|start_of_cite|>", "<|end_of_cite|>", thinkOpen, thinkClose, respOpen, respClose}
