package seedoss

import (
	"slices"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Seed-OSS's template writes them: per call
// <seed:tool_call>\n<function=NAME>\n, per argument
// <parameter=KEY>VALUE</parameter>\n, then </function>\n</seed:tool_call>;
// calls joined by a newline. A string value is written raw, any other as
// Python's str writes it (the template's string filter: True, None,
// {'k': 'v'}). No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return textargs.Render("seed_oss", calls, frame)
}

// appendTurn appends an assistant turn as the template writes it after
// its <seed:bos>assistant header: the reasoning trimmed in <seed:think>
// tags, after a newline; the text trimmed, after a newline (and before
// one, when calls follow); each call after a newline; then <seed:eos>,
// which a turn of neither text nor calls lacks.
func appendTurn(b []byte, reasoning, content string, calls []toolcall.Call) ([]byte, error) {
	if r := strings.TrimSpace(reasoning); r != "" {
		b = append(b, "\n"+thinkOpen+r+thinkClose...)
	}
	text := strings.TrimSpace(content)
	if len(calls) == 0 {
		if text != "" {
			b = append(b, "\n"+text+eos...)
		}
		return b, nil
	}
	if text != "" {
		b = append(b, "\n"+text+"\n"...)
	}
	text, err := RenderCalls(calls)
	if err != nil {
		return nil, err
	}
	return append(b, "\n"+text+eos...), nil
}

// ProfileSeedOSS is Seed-OSS-36B's template, the one prompt profile.
const ProfileSeedOSS = "seed-oss"

// Profiles lists the prompt profiles.
var Profiles = []string{ProfileSeedOSS}

// DefaultSystem is the system text the template writes when the request
// has tools and the conversation no system message.
const DefaultSystem = "You are Doubao, a helpful AI assistant. You may call one or more functions to assist with the user query."

// instructions is the call syntax the template shows after the tools
// (placeholder names: prompt text, never a call).
const instructions = "\n工具调用请遵循如下格式:\n" + toolCallText + "\n" + functionText + "example_function_name>\n" +
	parameterText + "example_parameter_1>value_1" + parameterEndText + "\n" +
	parameterText + "example_parameter_2>This is the value for the second parameter\nthat can span\nmultiple lines" + parameterEndText + "\n" +
	functionEndText + "\n" + toolCallEndText + "\n"

// The system turns the template writes for a thinking budget, and the
// reasoning it opens and closes for a budget of 0.
const (
	noThinking     = "You are an intelligent assistant that can answer questions in one step without the need for reasoning and thinking, that is, your thinking budget is 0. Next, please skip the thinking process and directly start answering the user's questions."
	noThinkingTurn = thinkOpen + "\n" + budgetOpen + "The current thinking budget is 0, so I will directly start answering the question." + budgetClose + "\n" + thinkClose
)

// budgetText is the system text for a thinking budget of n tokens.
func budgetText(n int) string {
	interval := 1024 // past the last gear, the last gear's
	for _, g := range [...][2]int{{0, 0}, {512, 128}, {1024, 256}, {2048, 512}, {4096, 512}, {8192, 1024}, {16384, 1024}} {
		if n <= g[0] {
			interval = g[1]
			break
		}
	}
	b := strconv.Itoa(n)
	return "You are an intelligent assistant with reflective ability. In the process of thinking and reasoning, you need to strictly follow the thinking budget, which is " + b +
		". That is, you need to complete your thinking within " + b + " tokens and start answering the user's questions. You will reflect on your thinking process every " +
		strconv.Itoa(interval) + " tokens, stating how many tokens have been used and how many are left."
}

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, _ string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	var err error
	budget := -1
	switch {
	case !prompt.Thinking(opts, true):
		budget = 0
	case opts.ThinkingBudget > 0:
		budget = opts.ThinkingBudget
	}
	var b []byte
	rest := msgs
	hasSystem := len(msgs) > 0 && msgs[0].Role == "system"
	switch {
	case hasSystem:
		b = append(b, bos+"system\n"+msgs[0].Content...)
		rest = msgs[1:]
	case len(tools) > 0:
		b = append(b, bos+"system\n"+DefaultSystem...)
	}
	for _, t := range tools {
		if b, err = appendTool(b, t); err != nil {
			return toolcall.Prompt{}, err
		}
	}
	if len(tools) > 0 {
		b = append(b, instructions...)
	}
	if hasSystem || len(tools) > 0 {
		b = append(b, eos...)
	}
	switch {
	case budget == 0:
		b = append(b, bos+"system\n"+noThinking+"\n"+eos...)
	case budget > 0:
		b = append(b, bos+"system\n"+budgetText(budget)+"\n"+eos...)
	}
	for _, m := range rest {
		if m.Role != "assistant" {
			b = append(b, bos+m.Role+"\n"+m.Content+eos...)
			continue
		}
		b = append(b, bos+"assistant"...)
		if b, err = appendTurn(b, m.Reasoning, m.Content, m.ToolCalls); err != nil {
			return toolcall.Prompt{}, err
		}
	}
	b = append(b, bos+"assistant\n"...)
	if budget == 0 {
		b = append(b, noThinkingTurn...)
	}
	return toolcall.Prompt{Text: string(b)}, nil
}

// appendTool appends a tool as the template describes it: a Python
// function's signature (each property with its type as Python names it)
// and a docstring with the description and, when there are properties,
// one line each: name, type, whether it is required (必填) or optional
// (选填), description.
func appendTool(b []byte, t toolcall.Tool) ([]byte, error) {
	params, err := prompt.Schema("seed_oss", t)
	if err != nil {
		return nil, err
	}
	var props []jsonvalue.Member
	if p := params.Get("properties"); p != nil && p.Kind == jsonvalue.Object {
		props = p.Members
	}
	var required []string
	if r := params.Get("required"); r != nil && r.Kind == jsonvalue.Array {
		for _, it := range r.Items {
			if it.Kind == jsonvalue.String {
				required = append(required, it.Str)
			}
		}
	}
	b = append(b, "\n\nFunction:\ndef "+t.Name+"("...)
	for i, p := range props {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, p.Key+": "+pyType(p.Val)...)
	}
	b = append(b, "):\n    \"\"\"\n    "+strings.TrimSpace(t.Description)+"\n\n"...)
	if len(props) > 0 {
		b = append(b, "    Args:"...)
		for _, p := range props {
			tag := " [选填]:"
			if slices.Contains(required, p.Key) {
				tag = " [必填]:"
			}
			b = append(b, "\n    - "+p.Key+" ("+pyType(p.Val)+")"+tag+" "...)
			if d := p.Val.Get("description"); d != nil && !(d.Kind == jsonvalue.String && d.Str == "") {
				b = prompt.AppendPythonStr(b, *d)
			}
		}
	}
	return append(b, "\n\n    \"\"\""...), nil
}

// pyType is the Python type the template names for a property's schema.
func pyType(spec jsonvalue.Value) string {
	t := spec.Get("type")
	if t == nil || t.Kind != jsonvalue.String {
		return "Any"
	}
	switch t.Str {
	case "string":
		return "str"
	case "number", "integer":
		return "int"
	case "boolean":
		return "bool"
	case "array":
		return "list"
	}
	return "Any"
}

// RenderPrompt writes a conversation as Seed-OSS's template does: a system
// turn with the system message (or, with tools and none, DefaultSystem)
// and each tool as a Python function's signature and docstring, then the
// call syntax; a system turn for a thinking budget; then the turns, each
// <seed:bos>ROLE\n ... <seed:eos>: an assistant's reasoning (kept on
// every turn) in <seed:think> tags, its text and its calls as RenderCalls
// writes them; every tool result a turn of its own. It ends with the next
// assistant header (and, with thinking off, the empty reasoning the
// template writes): the prompt leaves reasoning closed.
//
// opts.ThinkingBudget is the template's thinking_budget: the tokens the
// model may think for, which a system turn tells it (and how often to
// reflect on what is left); 0 (or less) sets none, the template's
// default. opts.Thinking false is a budget of 0 in the template's sense:
// the model is told to skip its thinking, and the prompt writes the empty
// reasoning it starts with. The template writes no date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("seed_oss", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{bos, eos, pad, toolCallText, toolCallEndText, thinkOpen, thinkClose, budgetOpen, budgetClose}
