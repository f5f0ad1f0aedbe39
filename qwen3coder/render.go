package qwen3coder

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/internal/textargs"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Qwen3-Coder writes them: per call
// <tool_call>\n<function=NAME>\n, per argument
// <parameter=KEY>\nVALUE\n</parameter>\n, then </function>\n</tool_call>;
// calls joined by a newline. A string value is written raw, any other as
// JSON with the spaces Jinja's tojson writes. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	return textargs.Render("qwen3coder", calls, frame)
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// DefaultSystem is the system text Qwen3-Coder's template writes when the
// request has tools and the conversation no system message.
const DefaultSystem = "You are Qwen, a helpful AI assistant that can interact with a computer to solve tasks."

const instructions = "\n\nIf you choose to call a function ONLY reply in the following format with NO suffix:\n\n" +
	"<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n" +
	"<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>\n\n" +
	"<IMPORTANT>\nReminder:\n- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags\n" +
	"- Required parameters MUST be specified\n" +
	"- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after\n" +
	"- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls\n</IMPORTANT>"

// RenderPrompt writes a conversation as Qwen3-Coder's template does:
// ChatML turns; with tools, the system turn holds the system message (or
// DefaultSystem), a "# Tools" section with each tool in XML (<function>,
// <name>, <description>, <parameters> with one <parameter> per property:
// <name>, <type>, <description>, other keys as JSON; then the schema's
// other keys, such as <required>) and the instruction to call in the
// format above. An assistant's trimmed text comes before its calls; each
// call starts on a new line; consecutive tool results share one user turn,
// each verbatim in <tool_response> tags. It ends with the header of the next
// assistant turn.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	msgs, tools, guardErr := prompt.Guard(msgs, tools, specialTokens, opts.SpecialTokens)
	if guardErr != nil {
		return toolcall.Prompt{}, guardErr
	}
	if _, err := prompt.Profile("qwen3coder", opts.Profile, Profiles); err != nil {
		return toolcall.Prompt{}, err
	}
	if err := prompt.Check(msgs); err != nil {
		return toolcall.Prompt{}, fmt.Errorf("qwen3coder: %w", err)
	}
	var b strings.Builder
	rest := msgs
	system, hasSystem := "", false
	if len(msgs) > 0 && msgs[0].Role == "system" {
		system, hasSystem, rest = msgs[0].Content, true, msgs[1:]
	}
	if hasSystem || len(tools) > 0 {
		if !hasSystem {
			system = DefaultSystem
		}
		b.WriteString("<|im_start|>system\n" + system)
		if len(tools) > 0 {
			b.WriteString("\n\n# Tools\n\nYou have access to the following functions:\n\n<tools>")
			for _, t := range tools {
				if err := writeTool(&b, t); err != nil {
					return toolcall.Prompt{}, err
				}
			}
			b.WriteString("\n</tools>" + instructions)
		}
		b.WriteString("<|im_end|>\n")
	}
	for i, m := range rest {
		switch m.Role {
		case "assistant":
			b.WriteString("<|im_start|>assistant")
			if len(m.ToolCalls) == 0 {
				b.WriteString("\n" + m.Content)
			} else {
				if text := strings.TrimSpace(m.Content); text != "" {
					b.WriteString("\n" + text + "\n")
				}
				for _, c := range m.ToolCalls {
					call, err := RenderCalls([]toolcall.Call{c})
					if err != nil {
						return toolcall.Prompt{}, err
					}
					b.WriteString("\n" + call)
				}
			}
			b.WriteString("<|im_end|>\n")
		case "tool":
			first, last := prompt.ToolRun(rest, i)
			if first {
				b.WriteString("<|im_start|>user\n")
			}
			b.WriteString("<tool_response>\n" + m.Content + "\n</tool_response>\n")
			if last {
				b.WriteString("<|im_end|>\n")
			}
		default:
			b.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
		}
	}
	b.WriteString("<|im_start|>assistant\n")
	return toolcall.Prompt{Text: b.String()}, nil
}

// ProfileQwen3Coder is Qwen3-Coder's template (30B-A3B and 480B-A35B
// Instruct), the one prompt profile.
const ProfileQwen3Coder = "qwen3-coder"

// Profiles lists the prompt profiles.
var Profiles = []string{ProfileQwen3Coder}

// PromptProfiles implements toolcall.Prompter.
func (format) PromptProfiles() []string { return slices.Clone(Profiles) }

// Prompt implements toolcall.Prompter with RenderPrompt. The template has no reasoning
// switch and writes no date.
func (format) Prompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return RenderPrompt(msgs, tools, opts)
}

// writeTool writes one tool as the template's XML.
func writeTool(b *strings.Builder, t toolcall.Tool) error {
	b.WriteString("\n<function>\n<name>" + t.Name + "</name>")
	if t.Description != "" {
		b.WriteString("\n<description>" + strings.TrimSpace(t.Description) + "</description>")
	}
	b.WriteString("\n<parameters>")
	var params jsonvalue.Value
	if len(t.Parameters) > 0 {
		var err error
		if params, err = jsonvalue.Decode(string(t.Parameters)); err != nil {
			return fmt.Errorf("qwen3coder: the schema of %s: %w", t.Name, err)
		}
	}
	if props := params.Get("properties"); props != nil && props.Kind == jsonvalue.Object {
		for _, p := range props.Members {
			b.WriteString("\n<parameter>\n<name>" + p.Key + "</name>")
			if typ := p.Val.Get("type"); typ != nil {
				// the template prints the type with Jinja's string filter:
				// a list of types as Python writes it, ['string', 'null']
				b.WriteString("\n<type>" + string(prompt.AppendPythonStr(nil, *typ)) + "</type>")
			}
			if d := p.Val.Get("description"); d != nil {
				b.WriteString("\n<description>" + strings.TrimSpace(text(*d)) + "</description>")
			}
			writeExtra(b, p.Val, "name", "type", "description")
			b.WriteString("\n</parameter>")
		}
	}
	writeExtra(b, params, "type", "properties")
	b.WriteString("\n</parameters>\n</function>")
	return nil
}

// writeExtra writes the keys of obj other than those handled, as the
// template's render_extra_keys does: <key>value</key>, lists and objects
// as JSON.
func writeExtra(b *strings.Builder, obj jsonvalue.Value, handled ...string) {
	if obj.Kind != jsonvalue.Object {
		return
	}
	for _, m := range obj.Members {
		if slices.Contains(handled, m.Key) {
			continue
		}
		b.WriteString("\n<" + m.Key + ">" + text(m.Val) + "</" + m.Key + ">")
	}
}

// text writes a schema value as Jinja prints it: a string raw, anything
// else as JSON with tojson's spaces.
func text(v jsonvalue.Value) string {
	if v.Kind == jsonvalue.String {
		return v.Str
	}
	return string(v.AppendSpaced(nil))
}

// SpecialTokens lists the format's special tokens (toolcall.Describe
// reads them into its descriptor).
func (format) SpecialTokens() []string { return slices.Clone(specialTokens) }

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|im_start|>", "<|im_end|>", "<|endoftext|>", "<tool_call>", "</tool_call>", "<function=", "</function>", "<parameter=", "</parameter>", "<tool_response>", "</tool_response>"}
