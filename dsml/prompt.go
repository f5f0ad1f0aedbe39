package dsml

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// v32Tools is what V3.2's template writes before the tools' schemas, and
// v32ToolsEnd after them.
var v32Tools = "## Tools\n\nYou have access to a set of tools you can use to answer the user's question.\n" +
	"You can invoke functions by writing a \"" + v32.block + "\" block like the following as part of your reply to the user:\n" +
	v32.block + "\n" + v32.invoke + "$FUNCTION_NAME\">\n" + v32.param + "$PARAMETER_NAME\" string=\"true|false\">$PARAMETER_VALUE" + v32.paramEnd + "\n...\n" +
	v32.invokeEnd + "\n" + v32.invoke + "$FUNCTION_NAME2\">\n...\n" + v32.invokeEnd + "\n" + v32.blockEnd + "\n\n" +
	"String and scalar parameters should be specified as is without any escaping or quotes, while lists and objects should use JSON format. " +
	"The \"string\" attribute should be set to \"true\" for string type parameters and \"false\" for other types (numbers, booleans, arrays, objects).\n\n" +
	"If the thinking_mode is enabled, then after function results you should strongly consider outputting a thinking block. Here is an example:\n\n" +
	v32.block + "\n...\n" + v32.blockEnd + "\n\n<function_results>\n...\n</function_results>\n\n" +
	thinkOpen + "...thinking about results" + thinkClose + "\n\nHere are the functions available in JSONSchema format:\n<functions>\n"

const v32ToolsEnd = "</functions>\n"

// v4Tools is what V4's and V4.1's templates write before the tools'
// schemas, in spelling s, and v4ToolsEnd after them.
func v4Tools(s *spelling) string {
	return "## Tools\n\nYou have access to a set of tools to help answer the user's question. You can invoke tools by writing a \"" + s.block + "\" block like the following:\n\n" +
		s.block + "\n" + s.invoke + "$TOOL_NAME\">\n" + s.param + "$PARAMETER_NAME\" string=\"true|false\">$PARAMETER_VALUE" + s.paramEnd + "\n...\n" +
		s.invokeEnd + "\n" + s.invoke + "$TOOL_NAME2\">\n...\n" + s.invokeEnd + "\n" + s.blockEnd + "\n\n" +
		"String parameters should be specified as is and set `string=\"true\"`. For all other types (numbers, booleans, arrays, objects), pass the value in JSON format and set `string=\"false\"`.\n\n" +
		"If thinking_mode is enabled (triggered by " + thinkOpen + "), you MUST output your complete reasoning inside " + thinkOpen + "..." + thinkClose + " BEFORE any tool calls or final response.\n\n" +
		"Otherwise, output directly after " + thinkClose + " with tool calls or final response.\n\n### Available Tool Schemas\n\n"
}

const v4ToolsEnd = "\n\nYou MUST strictly follow the above defined tool name and parameter schemas to invoke tool calls.\n"

// v41Effort is the reasoning-effort line V4.1's template opens its system
// turn with: its default effort, 75.
const v41Effort = "Reasoning Effort: 75 (range 1-100, the higher the value, the more thorough the reasoning)"

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	thinking := prompt.Thinking(opts, profile == ProfileV41 || profile == ProfileV32Speciale)
	var system []string
	for _, m := range msgs {
		if m.Role == "system" {
			system = append(system, m.Content)
		}
	}
	var schemas strings.Builder
	for _, t := range tools {
		js, err := prompt.ToolJSON(t)
		if err != nil {
			return toolcall.Prompt{}, fmt.Errorf("dsml: %w", err)
		}
		if schemas.Len() > 0 && profile != ProfileV32 && profile != ProfileV32Speciale {
			schemas.WriteByte('\n')
		}
		schemas.WriteString(js)
		if profile == ProfileV32 || profile == ProfileV32Speciale {
			schemas.WriteByte('\n')
		}
	}
	b := []byte(bosText)
	switch profile {
	case ProfileV32, ProfileV32Speciale:
		if len(tools) > 0 {
			system = append(system, v32Tools+schemas.String()+v32ToolsEnd)
		}
		b = append(b, strings.Join(system, "\n\n")...)
		return renderV32(b, msgs, thinking)
	case ProfileV4:
		if len(tools) > 0 {
			system = append(system, v4Tools(v4)+schemas.String()+v4ToolsEnd)
		}
		b = append(b, strings.Join(system, "\n\n")...)
		return renderV4(b, v4, msgs, thinking)
	}
	if len(tools) > 0 {
		system = append(system, v4Tools(v41)+schemas.String()+v4ToolsEnd)
	}
	b = append(b, systemText+v41Effort...)
	if len(system) > 0 {
		b = append(b, "\n\n"+strings.Join(system, "\n\n")...)
	}
	return renderV4(b, v41, msgs, thinking)
}

// renderV32 writes the turns of msgs after the system text b as V3.2's
// template does (see RenderPrompt).
func renderV32(b []byte, msgs []toolcall.Message, thinking bool) (toolcall.Prompt, error) {
	lastUser := prompt.LastOf(msgs, "user")
	// afterUser: an assistant turn would open with <｜Assistant｜>;
	// afterResults: with \n\n, after its calls' results.
	afterUser, afterResults := false, false
	calls, results := 0, 0 // the latest assistant's calls, and the results that answered them
	for i, m := range msgs {
		switch m.Role {
		case "user":
			b = append(b, userText+m.Content...)
			afterUser, afterResults = true, false
		case "assistant":
			think := thinking && i > lastUser
			switch {
			case afterUser:
				b = append(b, assistantText...)
			case afterResults:
				b = append(b, "\n\n"...)
			}
			if afterUser || afterResults {
				if think {
					b = append(b, thinkOpen+m.Reasoning+thinkClose...)
				} else {
					b = append(b, thinkClose...)
				}
			}
			afterUser, afterResults = false, false
			b = append(b, m.Content...)
			if len(m.ToolCalls) > 0 {
				var err error
				if b, err = appendCalls(append(b, "\n\n"...), v32, m.ToolCalls); err != nil {
					return toolcall.Prompt{}, err
				}
				calls, results = len(m.ToolCalls), 0
			}
			b = append(b, eosText...)
		case "tool":
			results++
			if results == 1 {
				b = append(b, "\n\n<function_results>"...)
			}
			b = append(b, "\n<result>"+m.Content+"</result>"...)
			if results == calls {
				b = append(b, "\n</function_results>"...)
				afterUser, afterResults = false, true
			}
		}
	}
	switch {
	case afterUser:
		b = append(b, assistantText...)
	case afterResults:
		b = append(b, "\n\n"...)
	default:
		return toolcall.Prompt{Text: string(b)}, nil
	}
	if thinking {
		return toolcall.Prompt{Text: string(append(b, thinkOpen...)), InReasoning: true}, nil
	}
	return toolcall.Prompt{Text: string(append(b, thinkOpen+thinkClose...))}, nil
}

// renderV4 writes the turns of msgs after the system text b as V4's and
// V4.1's templates do, in spelling s (see RenderPrompt).
func renderV4(b []byte, s *spelling, msgs []toolcall.Message, thinking bool) (toolcall.Prompt, error) {
	inUser := false // a user turn is open: the next user text joins it
	for _, m := range msgs {
		switch m.Role {
		case "user", "tool":
			if inUser {
				b = append(b, "\n\n"...)
			} else {
				b = append(b, userText...)
			}
			inUser = true
			if m.Role == "tool" {
				b = append(b, "<tool_result>"+m.Content+"</tool_result>"...)
			} else {
				b = append(b, m.Content...)
			}
		case "assistant":
			inUser = false
			b = append(b, assistantText...)
			if thinking {
				b = append(b, thinkOpen+m.Reasoning+thinkClose...)
			} else {
				b = append(b, thinkClose...)
			}
			b = append(b, m.Content...)
			if len(m.ToolCalls) > 0 {
				var err error
				if b, err = appendCalls(append(b, "\n\n"...), s, m.ToolCalls); err != nil {
					return toolcall.Prompt{}, err
				}
			}
			b = append(b, eosText...)
		}
	}
	if !inUser {
		return toolcall.Prompt{Text: string(b)}, nil
	}
	b = append(b, assistantText...)
	if thinking {
		return toolcall.Prompt{Text: string(append(b, thinkOpen...)), InReasoning: true}, nil
	}
	return toolcall.Prompt{Text: string(append(b, thinkClose...))}, nil
}

// RenderPrompt writes a conversation as the profile's chat template
// writes it (opts.Profile, "" for ProfileV41), byte for byte for the
// goldens' conversations, with thinking on or off as opts.Thinking says
// (nil: the profile's default). Every profile writes
// <｜begin▁of▁sentence｜>, then the system messages joined by a blank line
// and, with tools, the tools section: how to call in the profile's
// spelling, then each tool's function object as JSON (the spaces Python's
// json.dumps writes), one a line. Calls are written as RenderCallsFor
// writes them, after the turn's text and a blank line.
//
// V3.2 (ProfileV32, ProfileV32Speciale; DeepSeek-V3.2 has no template of
// its own: this is llama.cpp's, golden directories deepseek_v32 and
// deepseek_v32@think): the tools section ends with </functions> and a
// newline. A user turn is <｜User｜>TEXT. An assistant turn after a user
// turn opens with <｜Assistant｜>; with thinking on and after the last
// user message, <think>REASONING</think> follows, and otherwise </think>
// (the reasoning is dropped); its text, its calls, <｜end▁of▁sentence｜>.
// The tool results of an assistant's calls follow in the order of its
// calls, each <result>TEXT</result> on a new line between
// \n\n<function_results> and \n</function_results>; the assistant turn
// after them opens with \n\n and the same thinking marks, without
// <｜Assistant｜>. The prompt ends with <｜Assistant｜> (after results,
// \n\n) and <think> (thinking on: the answer begins as reasoning) or
// <think></think>.
//
// V4 and V4.1 (ProfileV4, ProfileV41; their templates were read from
// their goldens deepseek_v4 and deepseek_v41, which show thinking off
// for V4 and on for V4.1; the other way for each is inferred from the
// other's): V4.1 opens the system turn with <｜System｜> and its
// reasoning-effort line (effort 75, the template's default), a blank line
// before what follows. The tools section ends with a blank line and the
// instruction to follow the schemas, and a newline. User messages and
// tool results that follow one another are one user turn,
// <｜User｜>TEXT, their texts joined by a blank line, each result as
// <tool_result>TEXT</tool_result>. An assistant turn is <｜Assistant｜>,
// then with thinking on <think>REASONING</think> (kept on every turn,
// empty when there is none) and with thinking off </think> (the reasoning
// dropped), its text, its calls, <｜end▁of▁sentence｜>. The prompt ends
// with <｜Assistant｜> and <think> (thinking on: the answer begins as
// reasoning) or </think>.
//
// Neither writes a generation prompt after an assistant turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("dsml", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// specialTokens are what PromptOptions.SpecialTokens escapes or refuses in
// client text.
var specialTokens = []string{bosText, eosText, userText, assistantText, systemText, thinkOpen, thinkClose,
	"<｜DSML｜", "</｜DSML｜", "<function_results>", "</function_results>", "<tool_result>", "</tool_result>"}
