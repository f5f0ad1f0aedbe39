package olmo3

import (
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// DefaultSystem is the system text Olmo 3.1's template writes before the
// tool definitions when the conversation has no system message.
const DefaultSystem = olmo31Intro + withFunctions

// olmo31Intro begins the system turn Olmo 3.1's template writes when the
// conversation has no system message; withFunctions or noFunctions
// follow it.
const olmo31Intro = "You are Olmo, a helpful AI assistant built by Ai2. Your date cutoff is December 2024, and your model weights are available at https://huggingface.co/allenai. "

const (
	withFunctions = "You are provided with function signatures within <functions></functions> XML tags. You may call one or more functions to assist with the user query. Output any function calls within <function_calls></function_calls> XML tags. Do not make assumptions about what values to plug into functions."
	noFunctions   = "You do not currently have access to any functions. <functions></functions>"
)

// RenderCalls writes calls as OLMo 3 writes them: <function_calls>, one call
// per line with JSON literals ("v", true, null), </function_calls>. No calls
// is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	if len(calls) == 0 {
		return "", nil
	}
	b := []byte(startText + "\n")
	for _, c := range calls {
		var err error
		if b, err = pythonic.AppendCall(b, c, pythonic.JSONLiterals); err != nil {
			return "", err
		}
		b = append(b, '\n')
	}
	return string(b) + endText, nil
}

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileOLMo31 is Olmo 3.1's template (Olmo-3.1-32B-Instruct, which
	// OLMo 3 Instruct shares). The default.
	ProfileOLMo31 = "olmo-3.1"
	// ProfileOLMo3Think is OLMo 3 Think's (Olmo-3-7B-Think's): its system
	// text, the tools after it and a space, calls one a line, and a
	// generation prompt that opens <think>.
	ProfileOLMo3Think = "olmo-3-think"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileOLMo31, ProfileOLMo3Think}

// ThinkSystem is the system text OLMo 3 Think's template writes when the
// conversation has none.
const ThinkSystem = "You are OLMo, a helpful function-calling AI assistant built by Ai2. Your date cutoff is November 2024, and your model weights are available at https://huggingface.co/allenai."

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	if profile == ProfileOLMo3Think {
		return renderThink(msgs, tools)
	}
	functions, err := prompt.ToolArray(tools, prompt.OpenAIToolJSON, "<functions>", "</functions>")
	if err != nil {
		return toolcall.Prompt{}, err
	}
	var b strings.Builder
	if !slices.ContainsFunc(msgs, func(m toolcall.Message) bool { return m.Role == "system" }) {
		b.WriteString("<|im_start|>system\n" + olmo31Intro)
		if functions == "" {
			b.WriteString(noFunctions)
		} else {
			b.WriteString(withFunctions + functions)
		}
		b.WriteString("<|im_end|>\n")
	}
	if err := writeTurns(&b, msgs, functions, functions); err != nil {
		return toolcall.Prompt{}, err
	}
	b.WriteString("<|im_start|>assistant\n")
	return toolcall.Prompt{Text: b.String()}, nil
}

// writeTurns writes msgs as the templates do: ChatML turns, a system
// message's text followed by functions (by later after the first system
// message), an assistant's text followed by its calls (lines) in
// <function_calls>, ending <|endoftext|> when it is the last message, and
// tool results in environment turns.
func writeTurns(b *strings.Builder, msgs []toolcall.Message, functions, later string) error {
	for i, m := range msgs {
		switch m.Role {
		case "system":
			b.WriteString("<|im_start|>system\n" + m.Content + functions + "<|im_end|>\n")
			functions = later
		case "assistant":
			b.WriteString("<|im_start|>assistant\n" + m.Content)
			if len(m.ToolCalls) > 0 {
				calls, err := lines(m.ToolCalls)
				if err != nil {
					return err
				}
				b.WriteString(startText + calls + endText)
			}
			if i == len(msgs)-1 {
				b.WriteString("<|endoftext|>")
			} else {
				b.WriteString("<|im_end|>\n")
			}
		case "tool":
			b.WriteString("<|im_start|>environment\n" + m.Content + "<|im_end|>\n")
		default:
			b.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
		}
	}
	return nil
}

// lines writes calls one a line, each argument as JSON, as the templates
// write them in history.
func lines(calls []toolcall.Call) (string, error) {
	var b []byte
	for i, c := range calls {
		if i > 0 {
			b = append(b, '\n')
		}
		var err error
		if b, err = pythonic.AppendCall(b, c, pythonic.JSONLiterals); err != nil {
			return "", err
		}
	}
	return string(b), nil
}

// renderThink writes msgs as OLMo 3 Think's template does. The template
// reads the tools from a system message's "functions" and past calls from
// an assistant message's "function_calls", strings of the model's own
// syntax, and tool results from "environment" messages; given OpenAI's
// fields it writes none of them. The prompt writes what the template
// writes given them: the tools, as one JSON array in OpenAI's shape, after
// the first system message (ThinkSystem when there is none) and a space;
// past calls one a line after the turn's text; results in environment
// turns; every system message without tools ends with the template's
// "You do not currently have access to any functions." line; reasoning
// dropped. The generation prompt opens <think>.
func renderThink(msgs []toolcall.Message, tools []toolcall.Tool) (toolcall.Prompt, error) {
	var b strings.Builder
	none := " " + noFunctions
	functions, err := prompt.ToolArray(tools, prompt.OpenAIToolJSON, " <functions>", "</functions>")
	if err != nil {
		return toolcall.Prompt{}, err
	}
	if functions == "" {
		functions = none
	}
	if len(msgs) == 0 || msgs[0].Role != "system" {
		b.WriteString("<|im_start|>system\n" + ThinkSystem + functions + "<|im_end|>\n")
		functions = none
	}
	if err := writeTurns(&b, msgs, functions, none); err != nil {
		return toolcall.Prompt{}, err
	}
	b.WriteString("<|im_start|>assistant\n<think>")
	return toolcall.Prompt{Text: b.String(), InReasoning: true}, nil
}

// RenderPrompt writes a conversation as Olmo 3.1's template does, byte for
// byte: ChatML without BOS, <|im_start|>ROLE\n...<|im_end|>\n turns. A
// conversation without a system message gets the template's own system
// turn first: Olmo's introduction, then with tools DefaultSystem's
// instructions and the tools, in OpenAI's shape, as one JSON array inside
// <functions></functions>, without tools "You do not currently have
// access to any functions. <functions></functions>". Every system message
// is followed by the tools' array, when there are tools. An assistant's
// text, then its calls inside <function_calls></function_calls>, one a
// line, each argument written as JSON (k="v", n=3, b=true); reasoning
// dropped; a last assistant turn ends with <|endoftext|>; tool results
// verbatim in the environment role. It ends with the header of the next
// assistant turn. The templates have no reasoning switch and write no
// date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("olmo3", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|im_start|>", "<|im_end|>", "<|endoftext|>", "<functions>", "</functions>", "<function_calls>", "</function_calls>", "<think>", "</think>"}
