package functools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfilePhi4Mini is Phi-4-mini-instruct's chat template, with the
	// request's tools where the model's card puts them. The default.
	ProfilePhi4Mini = "phi-4-mini"
	// ProfileFireFunctionV2 is llama-3-firefunction-v2's chat template,
	// given the tools and the date as llama.cpp gives them.
	ProfileFireFunctionV2 = "firefunction-v2"
)

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	if profile == ProfileFireFunctionV2 {
		return renderFireFunction(msgs, tools, opts.Date)
	}
	return renderPhi4Mini(msgs, tools)
}

// assistantText is an assistant's text and then its calls after a
// space, as the templates write them.
func assistantText(text string, calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return text, nil
	}
	s, err := RenderCalls(calls)
	if err != nil {
		return "", err
	}
	return text + " " + s, nil
}

func renderPhi4Mini(msgs []toolcall.Message, tools []toolcall.Tool) (toolcall.Prompt, error) {
	toolText, err := prompt.ToolArray(tools, prompt.ToolJSON, "<|tool|>", "<|/tool|>")
	if err != nil {
		return toolcall.Prompt{}, err
	}
	var b strings.Builder
	if toolText != "" && (len(msgs) == 0 || msgs[0].Role != "system") {
		b.WriteString("<|system|>" + toolText + phiEOT)
	}
	for i, m := range msgs {
		text := m.Content
		switch {
		case i == 0 && m.Role == "system":
			text += toolText
		case m.Role == "assistant":
			var err error
			if text, err = assistantText(text, m.ToolCalls); err != nil {
				return toolcall.Prompt{}, err
			}
		}
		b.WriteString("<|" + m.Role + "|>" + text + phiEOT)
	}
	b.WriteString("<|assistant|>")
	return toolcall.Prompt{Text: b.String()}, nil
}

// The texts of FireFunction v2's template.
const (
	llama3BOS       = "<|begin_of_text|>"
	headerStart     = "<|start_header_id|>"
	headerEnd       = "<|end_header_id|>\n\n"
	fireDefault     = "You are a helpful assistant with access to functions."
	fireInstruction = "In addition to plain text responses, you can chose to call one or more of the provided functions.\n\n" +
		"Use the following rule to decide when to call a function:\n" +
		"  * if the response can be generated from your internal knowledge (e.g., as in the case of queries like \"What is the capital of Poland?\"), do so\n" +
		"  * if you need external information that can be obtained by calling one or more of the provided functions, generate a function calls\n\n" +
		"If you decide to call functions:\n" +
		"  * prefix function calls with functools marker (no closing marker required)\n" +
		"  * all function calls should be generated in a single JSON list formatted as functools[{\"name\": [function name], \"arguments\": [function arguments as JSON]}, ...]\n" +
		"  * follow the provided JSON schema. Do not hallucinate arguments or values. Do to blindly copy values from the provided samples\n" +
		"  * respect the argument type formatting. E.g., if the type if number and format is float, write value 7 as 7.0\n" +
		"  * make sure you pick the right functions that match the user intent\n\n" +
		"Available functions as JSON spec:"
)

func renderFireFunction(msgs []toolcall.Message, tools []toolcall.Tool, date time.Time) (toolcall.Prompt, error) {
	functions := ""
	if len(tools) > 0 {
		compact := []byte{'['}
		for i, t := range tools {
			v, err := prompt.OpenAIToolValue("functools", t)
			if err != nil {
				return toolcall.Prompt{}, err
			}
			if i > 0 {
				compact = append(compact, ',')
			}
			compact = v.AppendJSON(compact)
		}
		compact = append(compact, ']')
		var indented bytes.Buffer
		if err := json.Indent(&indented, compact, "", "  "); err != nil {
			return toolcall.Prompt{}, fmt.Errorf("functools: tools: %w", err)
		}
		functions = indented.String()
	}
	suffix := fireInstruction + "\n" + functions + "\nToday is " + prompt.Date(date).UTC().Format("Jan 02 2006 15:04:05") + " GMT."
	var b strings.Builder
	for i, m := range msgs {
		if i == 0 {
			b.WriteString(llama3BOS + headerStart + "system" + headerEnd)
			if m.Role == "system" {
				b.WriteString(strings.TrimSpace(m.Content))
			} else {
				b.WriteString(fireDefault)
			}
			b.WriteString("\n" + suffix + llama3EOT)
			if m.Role == "system" {
				continue
			}
		}
		text, err := assistantText(strings.TrimSpace(m.Content), m.ToolCalls)
		if err != nil {
			return toolcall.Prompt{}, err
		}
		b.WriteString(headerStart + m.Role + headerEnd + text + llama3EOT)
	}
	b.WriteString(headerStart + "assistant" + headerEnd)
	return toolcall.Prompt{Text: b.String()}, nil
}

// RenderPrompt writes a conversation as the profile's chat template does.
//
// Phi-4-mini's (the default): each message is <|ROLE|>, its text and
// <|end|>, nothing between the turns; the first message, when it is a
// system message, holds the tools after its text as the model's card
// says (<|tool|>, the tools as one JSON array of {"name", "description",
// "parameters"} objects as json.dumps writes it, <|/tool|>); with tools
// and no system message first, a system turn holding only them comes
// first. An assistant's calls follow its text after a space, as
// RenderCalls writes them (the template drops them: the model would not
// see its own calls in the history). Tool results are <|tool|> turns, as
// the template writes them. Reasoning is dropped. The prompt ends
// <|assistant|>, after a last assistant message too.
//
// FireFunction v2's: <|begin_of_text|>, then a system turn
// (<|start_header_id|>system<|end_header_id|>\n\n) with the first
// message's text, trimmed, when it is a system message, or "You are a
// helpful assistant with access to functions.", then the template's
// instructions for calling functions, the tools as a JSON array of OpenAI
// tool objects indented by two spaces (as llama.cpp gives them), and
// "Today is DATE." (opts.Date, or now, as "Jun 28 2025 00:00:00 GMT");
// then a turn per message with its role, its text trimmed and, for an
// assistant's calls, a space and RenderCalls' text; each turn ends
// <|eot_id|>. The prompt ends with the assistant's header.
//
// Neither template opens reasoning nor has a switch: opts.Thinking is not
// read.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("functools", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text: Phi-4-mini's
// and Llama 3's.
var specialTokens = []string{"<|system|>", "<|user|>", "<|assistant|>", "<|tool|>", "<|/tool|>", phiEOT, phiEOS,
	llama3BOS, "<|end_of_text|>", headerStart, "<|end_header_id|>", llama3EOT, "<|eom_id|>"}
