package apertus

import (
	"fmt"
	"strings"
	"time"

	"github.com/toolparse/toolparse/internal/grammar"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// callBegin is what comes before a call's arguments in the array: the
// object's opening and the tool's name as its key.
func callBegin(name string) string {
	return "{" + string(jsonvalue.AppendString(nil, name)) + ": "
}

// RenderCalls writes calls as Apertus's template writes them:
// <|tools_prefix|>[, per call {"NAME": ARGS} with the spaces Jinja's
// tojson writes, calls separated by ", ", then ]<|tools_suffix|>. No
// calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) { return array.Render(calls) }

// array is how Apertus writes calls.
var array = prompt.JSONArray{Format: "apertus", Open: startText, Close: endText, Begin: callBegin}

// frame is how Apertus writes calls, as RenderCalls writes them: the
// array between the markers is the section, each call an object whose
// one key is the tool's name.
var frame = grammar.ArrayFrame(array, startText)

// The turns' markers.
const (
	bos            = "<s>"
	systemStart    = "<|system_start|>"
	systemEnd      = "<|system_end|>"
	developerStart = "<|developer_start|>"
	developerEnd   = "<|developer_end|>"
	userStart      = "<|user_start|>"
	userEnd        = "<|user_end|>"
	assistantStart = "<|assistant_start|>"
)

// ProfileApertus is the chat template of Apertus-8B-Instruct-2509 and
// Apertus-70B-Instruct-2509, the one prompt profile.
const ProfileApertus = "apertus"

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileApertus}

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, _ string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	system, ok, msgs := prompt.System(msgs)
	if !ok {
		system = "You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: " + prompt.Date(opts.Date).Format(time.DateOnly)
	}
	var b strings.Builder
	b.WriteString(bos + systemStart + system + systemEnd + developerStart + "Deliberation: ")
	if prompt.Thinking(opts, false) {
		b.WriteString("enabled\n")
	} else {
		b.WriteString("disabled\n")
	}
	if len(tools) > 0 {
		b.WriteString("Tool Capabilities:\n")
		if err := writeTools(&b, tools); err != nil {
			return toolcall.Prompt{}, err
		}
	} else {
		b.WriteString("Tool Capabilities: disabled")
	}
	b.WriteString(developerEnd)
	inAssistant, inTool := false, false
	for i, m := range msgs {
		switch m.Role {
		case "user":
			if inTool {
				b.WriteString("]")
				inTool = false
			}
			if inAssistant {
				b.WriteString(eotText)
				inAssistant = false
			}
			b.WriteString(userStart + m.Content + userEnd)
		case "assistant":
			if !inAssistant {
				b.WriteString(assistantStart)
				inAssistant = true
			}
			if inTool {
				b.WriteString("]")
				inTool = false
			}
			if i == len(msgs)-1 { // the answer's start
				b.WriteString(strings.TrimRight(m.Content, " \t\n\r"))
				return toolcall.Prompt{Text: b.String()}, nil
			}
			b.WriteString(m.Content)
			if err := prompt.WriteCalls(&b, RenderCalls, m.ToolCalls, ""); err != nil {
				return toolcall.Prompt{}, err
			}
		case "tool":
			if !inAssistant {
				return toolcall.Prompt{}, fmt.Errorf("apertus: message %d: a tool result outside an assistant turn", i)
			}
			if inTool {
				b.WriteString(", ")
			} else {
				b.WriteString("[")
				inTool = true
			}
			b.WriteString(m.Content)
		default:
			return toolcall.Prompt{}, fmt.Errorf("apertus: message %d: a system message past the first, which the template refuses", i)
		}
	}
	if inTool {
		b.WriteString("]")
	}
	b.WriteString(assistantStart)
	return toolcall.Prompt{Text: b.String()}, nil
}

// RenderPrompt writes a conversation as Apertus's chat template does,
// byte for byte: <s>; the first message's text between <|system_start|>
// and <|system_end|> when it is a system message, else the template's own
// system text with the date (opts.Date, today when zero); a developer
// turn saying whether deliberation (reasoning) is enabled (opts.Thinking;
// off unless set) and listing the tools as TypeScript declarations; then
// the turns. A user's text stands between <|user_start|> and
// <|user_end|>. An assistant turn opens with <|assistant_start|> and
// holds its text, its calls as RenderCalls writes them and the results
// of those calls, [R1, R2, ...], as they are; it ends with
// <|assistant_end|> when the next user turn begins. Reasoning is dropped.
// It ends with <|assistant_start|>, the answer's start, outside
// reasoning (the model writes <|inner_prefix|> itself when deliberation
// is enabled). A last assistant message is the answer's start: it is
// written as the template writes it, its calls dropped and its text's
// trailing whitespace cut, and nothing follows it. A tool result outside
// an assistant turn and a system message past the first are errors, as
// they are for the template.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("apertus", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{systemStart, systemEnd, developerStart, developerEnd, userStart, userEnd, assistantStart, eotText,
	innerOpen, innerEnd, startText, endText, bos, "</s>"}
