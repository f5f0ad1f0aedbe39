package solaropen

import (
	"fmt"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileSolarOpen is upstage/Solar-Open-100B's template (llama.cpp's
	// upstage-Solar-Open-100B.jinja). The default, and the only one.
	ProfileSolarOpen = "solar-open"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileSolarOpen}

// The system message's parts, as the template writes them.
const (
	providerPrompt = "## Provider System Prompt\n\nYou are Solar Open 100B, a large language model trained by Upstage AI, a Korean startup. Your knowledge cutoff is 2025-07. The current date is "
	toolsHead      = "## Tools\n\n### Tool Call Instruction\nYou may invoke one or more tools to assist with the user's query. Available tools are provided in JSON Schema format: <|tools:begin|><|tool:begin|><tools-json-object><|tool:end|>...<|tools:end|>\n\n### Available Tools\n<|tools:begin|>"
	toolsTail      = "<|tools:end|>\n\n### Tool Call Format\nFor each tool call, return a JSON object with the following structure, enclosed within <|tool_call:begin|> and <|tool_call:end|> tags: \n<|tool_call:begin|><tool-call-id><|tool_call:name|><tool-name><|tool_call:args|><args-json-object><|tool_call:end|>\n- The <tool-call-id> must be a randomly generated string consisting of 10 lowercase letters (a-z) and/or digits (0-9) (e.g., a1b2c3d4e5)\n\n### Tool Response Format\nEach tool is responded by `tool` with the following structure:\n<|tool_response:id|><tool-call-id><|tool_response:name|><tool-name><|tool_response:result|><results><|tool_response:end|>\n- Ensure the <tool-call-id> matches the corresponding tool call"
	toolBegin      = "<|tool:begin|>"
	toolEnd        = "<|tool:end|>"
	responsesText  = "<|begin|>tool<|tool_response|>"
	responseText   = "<|tool_response:begin|>"
	responseName   = "<|tool_response:name|>"
	responseResult = "<|tool_response:result|>"
	responseEnd    = "<|tool_response:end|>"
)

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, _ string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	b := append([]byte(beginText+"system"+contentText+providerPrompt), prompt.Day(opts.Date)+"."...)
	var systems []string
	for _, m := range msgs {
		if m.Role == "system" {
			systems = append(systems, m.Content)
		}
	}
	if len(systems) > 0 {
		b = append(b, "\n\n## System Prompt"...)
		for _, s := range systems {
			b = append(append(b, "\n\n"...), s...)
		}
	}
	section, err := prompt.ToolSection(tools, prompt.ToolJSON, "\n\n"+toolsHead, toolBegin, toolEnd, toolsTail)
	if err != nil {
		return toolcall.Prompt{}, fmt.Errorf("solar_open: %w", err)
	}
	b = append(b, section+endText...)
	for i, m := range msgs {
		switch m.Role {
		case "user":
			b = append(append(append(b, beginText+"user"+contentText...), m.Content...), endText...)
		case "tool":
			first, last := prompt.ToolRun(msgs, i)
			if first {
				b = append(b, responsesText...)
			}
			b = append(append(append(b, responseText...), m.ToolCallID...), responseName...)
			b = appendToolName(b, msgs, m.ToolCallID)
			b = append(append(append(b, responseResult...), m.Content...), responseEnd...)
			if last {
				b = append(b, endText...)
			}
		case "assistant":
			// The template keeps reasoning it reads from a field the
			// request does not carry (see the package doc): none here.
			if len(m.ToolCalls) > 0 {
				calls, err := RenderCalls(m.ToolCalls)
				if err != nil {
					return toolcall.Prompt{}, err
				}
				b = append(b, assistantText+calls...)
				break
			}
			b = append(append(append(b, assistantText+contentText...), m.Content...), endText...)
		}
	}
	switch effort(opts) {
	case "low", "minimal":
		b = append(b, assistantText+thinkText+endText...)
	}
	b = append(b, assistantText...)
	return toolcall.Prompt{Text: string(b)}, nil
}

// effort is the reasoning effort opts ask for.
func effort(opts toolcall.PromptOptions) string {
	switch {
	case opts.ReasoningEffort != "":
		return opts.ReasoningEffort
	case !prompt.Thinking(opts, true):
		return "low"
	}
	return "high"
}

// appendToolName appends, as the template does, the name of every call
// of the conversation whose ID is id.
func appendToolName(b []byte, msgs []toolcall.Message, id string) []byte {
	if id == "" {
		return b
	}
	for _, m := range msgs {
		if m.Role != "assistant" {
			continue
		}
		for _, c := range m.ToolCalls {
			if c.ID == id {
				b = append(b, c.Name...)
			}
		}
	}
	return b
}

// RenderPrompt writes a conversation as Solar Open's chat template writes
// it, byte for byte (but see the package doc for the deliberate
// differences). opts.ReasoningEffort is the template's reasoning_effort:
// "low" and "minimal" end the prompt with an empty reasoning, any other
// lets the model reason; "" is "high", the template's default, unless
// opts.Thinking is false, which is "low". opts.Date is the date the
// system message gives; the zero time is today's.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("solar_open", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{beginText, endText, contentText, thinkText, flushText, callsText, callsEndText, callText, nameText,
	argsText, callEndText, "<|tool_response|>", responseText, responseName, responseResult, responseEnd, "<|tool_response:id|>",
	"<|tools:begin|>", "<|tools:end|>", toolBegin, toolEnd}
