package kimik3

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// ProfileK3 is Kimi K3's chat template, the one profile.
const ProfileK3 = "kimi-k3"

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileK3}

const toolsIntro = "# Tools\nHere are the available tools, described in JSONSchema.\n\n```json\n"

const effortText = "`thinking_effort` guides on how much to think in your thinking channel (not including the response channel), supported values include `low`, `medium`, `high`, and `max`.\nNow the system is invoked with `thinking_effort="

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, _ string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	effort := opts.ReasoningEffort
	if effort == "" {
		effort = "max"
	}
	if !slices.Contains([]string{"low", "medium", "high", "max"}, effort) {
		return toolcall.Prompt{}, fmt.Errorf("kimi_k3: thinking effort %q is not low, medium, high or max", effort)
	}
	thinking := prompt.Thinking(opts, true)
	var b strings.Builder
	if len(tools) > 0 {
		list, err := toolsJSON(tools)
		if err != nil {
			return toolcall.Prompt{}, err
		}
		writeMessage(&b, `role="system" type="tool-declare"`, toolsIntro+list+"\n```")
	}
	if thinking {
		writeMessage(&b, `role="system" type="thinking-effort"`, effortText+effort+"`.")
	}
	var pending []toolcall.Call // the calls of the latest assistant turn
	for i := 0; i < len(msgs); i++ {
		m := msgs[i]
		switch m.Role {
		case "assistant":
			pending = m.ToolCalls
			b.WriteString(`<|open|>message role="assistant"` + sepText)
			if thinking {
				b.WriteString(thinkOpenText + m.Reasoning + thinkCloseText)
			}
			b.WriteString(responseOpenText + m.Content + responseCloseText)
			calls, err := RenderCalls(m.ToolCalls)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString(calls + messageCloseText + endOfMsgText)
		case "tool":
			j := i
			for j < len(msgs) && msgs[j].Role == "tool" {
				j++
			}
			if err := writeResults(&b, msgs[i:j], pending); err != nil {
				return toolcall.Prompt{}, err
			}
			i = j - 1
		default:
			writeMessage(&b, `role="`+m.Role+`"`, m.Content)
		}
	}
	b.WriteString(`<|open|>message role="assistant"` + sepText)
	if thinking {
		b.WriteString(thinkOpenText)
		return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
	}
	b.WriteString(responseOpenText)
	return toolcall.Prompt{Text: b.String()}, nil
}

// writeMessage writes a whole message whose header's attributes are attrs.
func writeMessage(b *strings.Builder, attrs, text string) {
	b.WriteString("<|open|>message " + attrs + sepText + text + messageCloseText + endOfMsgText)
}

// writeResults writes a run of tool results, which answer pending: each
// with the name of the call whose ID it gives, and its place in the run as
// its index; when every one gives an ID, in the order of their calls; a
// result whose ID matches no call takes the name of the call at its place.
func writeResults(b *strings.Builder, run []toolcall.Message, pending []toolcall.Call) error {
	type result struct {
		m     toolcall.Message
		pos   int // the place of its call, from 1; 0 when its ID matches none
		named string
	}
	results := make([]result, len(run))
	all := true
	for i, m := range run {
		results[i].m = m
		for k, c := range pending {
			if m.ToolCallID != "" && c.ID == m.ToolCallID {
				results[i].pos, results[i].named = k+1, c.Name
				break
			}
		}
		all = all && results[i].pos > 0
	}
	if all {
		sort.SliceStable(results, func(i, j int) bool { return results[i].pos < results[j].pos })
	}
	for i, r := range results {
		name := r.named
		if r.pos == 0 {
			if i >= len(pending) {
				return fmt.Errorf("kimi_k3: tool result %d answers no call of the assistant turn before it", i+1)
			}
			name = pending[i].Name
		}
		writeMessage(b, `role="tool" tool="`+escape(name)+`" index="`+strconv.Itoa(i+1)+`"`, r.m.Content)
	}
	return nil
}

// toolsJSON writes tools as the template lists them: OpenAI's shape,
// {"type": "function", "function": {...}}, with the keys of every object
// sorted and no spaces.
func toolsJSON(tools []toolcall.Tool) (string, error) {
	list := make([]any, 0, len(tools))
	for _, t := range tools {
		fn := map[string]any{"name": t.Name}
		if t.Description != "" {
			fn["description"] = t.Description
		}
		if len(bytes.TrimSpace(t.Parameters)) > 0 {
			d := json.NewDecoder(bytes.NewReader(t.Parameters))
			d.UseNumber() // numbers as written
			var params any
			if err := d.Decode(&params); err != nil {
				return "", fmt.Errorf("kimi_k3: the parameters of tool %s: %w", t.Name, err)
			}
			fn["parameters"] = params
		}
		list = append(list, map[string]any{"type": "function", "function": fn})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(list); err != nil { // maps' keys come out sorted
		return "", fmt.Errorf("kimi_k3: the tools: %w", err)
	}
	return string(bytes.TrimSpace(buf.Bytes())), nil
}

// RenderPrompt writes a conversation as Kimi K3's template does. Every
// message is <|open|>message role="ROLE"<|sep|>TEXT<|close|>message<|sep|><|end_of_msg|>,
// back to back. With tools, a system message of type tool-declare comes
// first, listing them as one line of JSON (OpenAI's shape, keys sorted at
// every level, no spaces); with thinking on, a system message of type
// thinking-effort. An assistant turn is its think channel (its reasoning,
// kept on every turn; none with thinking off), its response channel (its
// content) and, with calls, the tools channel as RenderCalls writes it.
// A tool result is a message of role tool with the tool="NAME"
// index="N" of the call it answers (by its ID; else by its place in the
// run of results). The prompt ends with the assistant's message opened
// and its think channel (thinking off: its response channel) opened.
//
// opts.Thinking false turns thinking off: no thinking-effort message, no
// think channel on assistant turns, and the prompt ends by opening the
// response channel. opts.ReasoningEffort is the template's
// thinking_effort: "low", "medium", "high" or "max"; "" is "max". The
// template writes no date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("kimi_k3", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are Kimi K3's control tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|open|>", "<|close|>", "<|sep|>", "<|end_of_msg|>", "<|media_begin|>", "<|media_content|>", "<|media_pad|>", "<|media_end|>"}
