package lfm2

import (
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as LFM2 writes them:
// <|tool_call_start|>[f(a=1), g(b="x")]<|tool_call_end|>. String escapes are
// always applied (the stock templates forget them). No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	list, err := pythonic.RenderCalls(calls)
	if err != nil || list == "" {
		return "", err
	}
	return startText + list + endText, nil
}

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileLFM2 is LFM2's (350M to 2.6B): tools as "List of tools:
	// <|tool_list_start|>[...]<|tool_list_end|>" on the line after the
	// system text, results in <|tool_response_start|> ...
	// <|tool_response_end|>, past calls as RenderCalls writes them (the
	// template drops them; see the package doc), no reasoning. The
	// default.
	ProfileLFM2 = "lfm2"
	// ProfileLFM25 is LFM2.5's template (LFM2.5-1.2B Thinking): with
	// tools, "Today's date:" and "List of tools: [...]" after the system
	// text; past calls with their string values in double quotes, objects
	// as JSON and other values as Python writes them (None, True,
	// ['a', 'b']); the reasoning of the last assistant turn kept as
	// <think>...</think>.
	ProfileLFM25 = "lfm2.5"
	// ProfileLFM25MoE is LFM2.5-8B-A1B's: as ProfileLFM25, with string
	// values in single quotes, and the reasoning kept on the assistant
	// turns after the last user message.
	ProfileLFM25MoE = "lfm2.5-8b"
	// ProfileLFM25Instruct is LFM2.5-1.2B-Instruct's template as llama.cpp
	// copied it: "List of tools: [...]" on the line after the system
	// text, with no date; past calls as ProfileLFM25 writes them (the
	// template drops them; see the package doc); no reasoning but what a
	// turn's text holds, cut after its last </think> on the turns before
	// the last assistant one.
	ProfileLFM25Instruct = "lfm2.5-instruct"
)

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	date := prompt.Day(opts.Date)
	var b strings.Builder
	b.WriteString("<|startoftext|>")
	turn := func(role, text string) { b.WriteString("<|im_start|>" + role + "\n" + text + "<|im_end|>\n") }
	system, _, rest := prompt.System(msgs)
	if len(tools) > 0 {
		list, err := prompt.OpenAIToolsJSON(tools)
		if err != nil {
			return toolcall.Prompt{}, err
		}
		sep := "\n"
		switch profile {
		case ProfileLFM2:
			list = "List of tools: <|tool_list_start|>" + list + "<|tool_list_end|>"
		case ProfileLFM25Instruct:
			list = "List of tools: " + list
		default:
			sep, list = "\n\n", "Today's date: "+date+"\n\nList of tools: "+list
		}
		if system != "" {
			system += sep
		}
		system += list
	}
	if system != "" {
		turn("system", system)
	}
	lastUser, lastAssistant := -1, -1
	for i, m := range rest {
		switch m.Role {
		case "user":
			lastUser = i
		case "assistant":
			lastAssistant = i
		}
	}
	for i, m := range rest {
		text := m.Content
		switch {
		case m.Role == "assistant" && profile == ProfileLFM2:
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			text = calls + text
		case m.Role == "assistant":
			moe := profile == ProfileLFM25MoE
			keep := opts.KeepReasoning || i == lastAssistant && !moe || i > lastUser && moe
			if _, after, ok := cutLast(text, "</think>"); ok && !keep {
				text = strings.TrimSpace(after)
			}
			calls, err := templateCalls(m.ToolCalls, moe)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			if moe {
				text += calls
			} else {
				text = calls + text
			}
			// LFM2.5-Instruct's template reads no reasoning field.
			if keep && m.Reasoning != "" && profile != ProfileLFM25Instruct {
				text = "<think>" + m.Reasoning + "</think>" + text
			}
		case m.Role == "tool" && profile == ProfileLFM2:
			text = "<|tool_response_start|>" + text + "<|tool_response_end|>"
		}
		turn(m.Role, text)
	}
	b.WriteString("<|im_start|>assistant\n")
	return toolcall.Prompt{Text: b.String()}, nil
}

// cutLast cuts s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// templateCalls writes calls as LFM2.5's templates write them in history:
// <|tool_call_start|>[f(k=V, ...), ...]<|tool_call_end|>, a string value
// in quotes (python: single, else double) with the escapes Python reads
// (the templates write none), an object as JSON, any other value as
// Python's str writes it (None, True, ['a', 'b']).
func templateCalls(calls []toolcall.Call, python bool) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	var b []byte
	b = append(b, startText+"["...)
	for i, c := range calls {
		args, err := prompt.Arguments("lfm2", c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, c.Name+"("...)
		for j, m := range args.Members {
			if j > 0 {
				b = append(b, ", "...)
			}
			b = append(b, m.Key+"="...)
			switch {
			case m.Val.Kind == jsonvalue.String && python:
				b = prompt.AppendQuoted(b, m.Val.Str, '\'')
			case m.Val.Kind == jsonvalue.String:
				b = prompt.AppendQuoted(b, m.Val.Str, '"')
			case m.Val.Kind == jsonvalue.Object:
				b = m.Val.AppendSpaced(b)
			default:
				b = prompt.AppendPythonStr(b, m.Val)
			}
		}
		b = append(b, ')')
	}
	b = append(b, "]"+endText...)
	return string(b), nil
}

// RenderPrompt writes a conversation as the profile's template does, byte
// for byte, with two differences the package doc explains (LFM2's calls
// are written; string values are always escaped): <|startoftext|>, then
// <|im_start|>ROLE\n...<|im_end|>\n turns, the system turn holding the
// system text and, with tools, the tool list (see the profiles); an
// assistant turn's reasoning (LFM2.5), its calls, then its text, as LFM2
// writes them (LFM2.5-8B-A1B: its text, then its calls); tool results in
// tool turns. It ends with the header of the next assistant turn.
//
// opts.Date is LFM2.5's "Today's date:", as "2025-06-28"; the zero time
// is today's (UTC), as the templates write it. LFM2 writes none.
// opts.KeepReasoning keeps every assistant turn's reasoning (LFM2.5's
// keep_past_thinking, LFM2.5-8B-A1B's preserve_thinking); without it
// LFM2.5 keeps the last assistant turn's, LFM2.5-8B-A1B those after the
// last user message, and both cut the others' text after its last
// </think>. LFM2's template has no reasoning.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("lfm2", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|startoftext|>", "<|im_start|>", "<|im_end|>", "<|tool_list_start|>", "<|tool_list_end|>", "<|tool_call_start|>", "<|tool_call_end|>", "<|tool_response_start|>", "<|tool_response_end|>", "<think>", "</think>"}
