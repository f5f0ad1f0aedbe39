package qwen3coder

import (
	"slices"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// DefaultSystem is the system text Qwen3-Coder's template writes when the
// request has tools and the conversation no system message.
const DefaultSystem = "You are Qwen, a helpful AI assistant that can interact with a computer to solve tasks."

// example is the templates' example call, before their reminders.
const example = "\n\nIf you choose to call a function ONLY reply in the following format with NO suffix:\n\n" +
	"<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n" +
	"<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>\n\n" +
	"<IMPORTANT>\nReminder:\n"

// instructions are what Qwen3-Coder's, Qwen3.5's and Nemotron 3's
// templates write after the tools.
const instructions = example + "- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags\n" +
	"- Required parameters MUST be specified\n" +
	"- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after\n" +
	"- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls\n</IMPORTANT>"

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	switch profile {
	case ProfileQwen35, ProfileQwen36:
		return renderQwen35(msgs, tools, opts)
	case ProfileNemotron3Nano, ProfileNemotron3Super:
		return renderNemotron3(msgs, tools, opts)
	case ProfileStep35:
		return renderStep35(msgs, tools)
	}
	return renderCoder(msgs, tools)
}

// renderCoder writes Qwen3-Coder's prompt (see RenderPrompt).
func renderCoder(msgs []toolcall.Message, tools []toolcall.Tool) (toolcall.Prompt, error) {
	var b strings.Builder
	system, hasSystem, rest := prompt.System(msgs)
	if hasSystem || len(tools) > 0 {
		if !hasSystem {
			system = DefaultSystem
		}
		if err := writeSystem(&b, system, "\n\n", tools, false); err != nil {
			return toolcall.Prompt{}, err
		}
	}
	err := writeTurns(&b, rest, func(_ int, m toolcall.Message) error {
		b.WriteString("<|im_start|>assistant")
		if len(m.ToolCalls) == 0 {
			b.WriteString("\n" + m.Content)
			return nil
		}
		if text := strings.TrimSpace(m.Content); text != "" {
			b.WriteString("\n" + text + "\n")
		}
		return writeCalls(&b, m.ToolCalls, "\n", "")
	})
	if err != nil {
		return toolcall.Prompt{}, err
	}
	return toolcall.Prompt{Text: b.String()}, nil
}

// writeTurns writes msgs as Qwen3-Coder's and Nemotron 3's templates do:
// each assistant message as assistant writes it (i its place in msgs)
// and <|im_end|>\n, tool results as writeResult writes them, other messages as ChatML turns;
// then the header of the next assistant turn. assistant's error is
// writeTurns's.
func writeTurns(b *strings.Builder, msgs []toolcall.Message, assistant func(i int, m toolcall.Message) error) error {
	for i, m := range msgs {
		switch m.Role {
		case "assistant":
			if err := assistant(i, m); err != nil {
				return err
			}
			b.WriteString(imEndText)
		case "tool":
			writeResult(b, msgs, i)
		default:
			writeTurn(b, m.Role, m.Content)
		}
	}
	b.WriteString("<|im_start|>assistant\n")
	return nil
}

// imEndText ends a ChatML turn.
const imEndText = "<|im_end|>\n"

// writeTurn writes a ChatML turn: <|im_start|>ROLE\nTEXT<|im_end|>\n.
func writeTurn(b *strings.Builder, role, text string) {
	b.WriteString("<|im_start|>" + role + "\n" + text + imEndText)
}

// writeResult writes msgs[i], a tool result, as Qwen3-Coder's and
// Nemotron 3's templates do: in a user turn that gathers a run of them,
// each in <tool_response> tags on lines of their own.
func writeResult(b *strings.Builder, msgs []toolcall.Message, i int) {
	prompt.WriteResult(b, msgs, i, "<|im_start|>user\n", "<tool_response>\n"+msgs[i].Content+"\n</tool_response>\n", imEndText)
}

// writeCalls writes calls with writeCall, each between before and after.
func writeCalls(b *strings.Builder, calls []toolcall.Call, before, after string) error {
	for _, c := range calls {
		b.WriteString(before)
		if err := writeCall(b, c); err != nil {
			return err
		}
		b.WriteString(after)
	}
	return nil
}

// writeCall writes a call of the history as the templates do:
// <tool_call>\n<function=NAME>\n, per argument
// <parameter=KEY>\nVALUE\n</parameter>\n (VALUE as schemaText writes
// it), then </function>\n</tool_call>.
func writeCall(b *strings.Builder, c toolcall.Call) error {
	args, err := prompt.Arguments("qwen3coder", c)
	if err != nil {
		return err
	}
	b.WriteString(toolCallText + "\n" + functionText + c.Name + ">\n")
	for _, m := range args.Members {
		b.WriteString(parameterText + m.Key + ">\n" + schemaText(m.Val) + "\n" + parameterEnd + "\n")
	}
	b.WriteString(functionEndText + "\n" + toolCallEndText)
	return nil
}

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileQwen3Coder is Qwen3-Coder's template (30B-A3B and 480B-A35B
	// Instruct, Qwen3-Coder-Next). The default.
	ProfileQwen3Coder = "qwen3-coder"
	// ProfileQwen35 is Qwen3.5's: tools as JSON lines, reasoning kept
	// after the last user query, the prompt opening <think> unless
	// Thinking is false.
	ProfileQwen35 = "qwen3.5"
	// ProfileQwen36 is Qwen3.6's, written as Qwen3.5's.
	ProfileQwen36 = "qwen3.6"
	// ProfileNemotron3Nano is NVIDIA Nemotron 3 Nano's: Qwen3-Coder's XML
	// tools, reasoning kept after the last user message, the prompt
	// opening <think> unless Thinking is false.
	ProfileNemotron3Nano = "nemotron-3-nano"
	// ProfileNemotron3Super is NVIDIA Nemotron 3 Super's, written as
	// Nemotron 3 Nano's.
	ProfileNemotron3Super = "nemotron-3-super"
	// ProfileStep35 is StepFun's Step 3.5 Flash's (Xiaomi's MiMo-V2-Flash
	// ships it too): <s>, tools as JSON lines, tool results in
	// tool_response turns, the prompt always opening <think>.
	ProfileStep35 = "step-3.5"
)

// RenderPrompt writes a conversation as the profile's chat template does
// (see the package doc for each; "" is qwen3-coder).
//
// Qwen3-Coder's: ChatML turns; with tools, the system turn holds the
// system message (or DefaultSystem), a "# Tools" section with each tool
// in XML (<function>, <name>, <description>, <parameters> with one
// <parameter> per property: <name>, <type>, <description>, other keys;
// then the schema's other keys, such as <required>) and the instruction
// to call in the format above. An assistant's trimmed text comes before
// its calls; each call starts on a new line; consecutive tool results
// share one user turn, each verbatim in <tool_response> tags. It ends with
// the header of the next assistant turn.
//
// In tools and in the calls of the history, a string is written as it
// is, an object or array as JSON with the spaces Jinja's tojson writes,
// and anything else as Jinja's string filter (Python's str) writes it:
// True, False, None; a list of types as Python's list, ['string',
// 'null'].
//
// opts.Thinking is Qwen3.5's and Nemotron 3's enable_thinking,
// opts.KeepReasoning Nemotron 3's truncate_history_thinking=false; no
// template writes a date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("qwen3coder", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// writeSystem writes the system turn of Qwen3-Coder's template, or with
// nemotron Nemotron 3's: the system text, then with tools sep and the
// tools (writeTools).
func writeSystem(b *strings.Builder, system, sep string, tools []toolcall.Tool, nemotron bool) error {
	b.WriteString("<|im_start|>system\n" + system)
	if len(tools) > 0 {
		b.WriteString(sep)
		if err := writeTools(b, tools, nemotron); err != nil {
			return err
		}
	}
	b.WriteString(imEndText)
	return nil
}

// writeTools writes the "# Tools" section of Qwen3-Coder's template, or
// with nemotron Nemotron 3's: each tool in XML, then the instructions.
// Nemotron 3's writes a property's enum after its description and the
// schema's required last.
func writeTools(b *strings.Builder, tools []toolcall.Tool, nemotron bool) error {
	b.WriteString("# Tools\n\nYou have access to the following functions:\n\n<tools>")
	for _, t := range tools {
		if err := writeTool(b, t, nemotron); err != nil {
			return err
		}
	}
	b.WriteString("\n</tools>" + instructions)
	return nil
}

// writeTool writes one tool as the templates' XML.
func writeTool(b *strings.Builder, t toolcall.Tool, nemotron bool) error {
	b.WriteString("\n<function>\n<name>" + t.Name + "</name>")
	if t.Description != "" {
		b.WriteString("\n<description>" + strings.TrimSpace(t.Description) + "</description>")
	}
	b.WriteString("\n<parameters>")
	params, err := prompt.Schema("qwen3coder", t)
	if err != nil {
		return err
	}
	handled := []string{"name", "type", "description"}
	if nemotron {
		handled = append(handled, "enum")
	}
	if props := params.Get("properties"); params.Kind == jsonvalue.Object && props != nil && props.Kind == jsonvalue.Object {
		for _, p := range props.Members {
			b.WriteString("\n<parameter>\n<name>" + p.Key + "</name>")
			if typ := p.Val.Get("type"); typ != nil {
				b.WriteString("\n<type>" + pythonStr(*typ) + "</type>")
			}
			if d := p.Val.Get("description"); d != nil {
				b.WriteString("\n<description>" + strings.TrimSpace(pythonStr(*d)) + "</description>")
			}
			if e := p.Val.Get("enum"); nemotron && e != nil {
				b.WriteString("\n<enum>" + string(e.AppendSpaced(nil)) + "</enum>")
			}
			writeExtra(b, p.Val, handled...)
			b.WriteString("\n</parameter>")
		}
	}
	if !nemotron {
		writeExtra(b, params, "type", "properties")
	} else {
		writeExtra(b, params, "type", "properties", "required")
		if r := params.Get("required"); r != nil {
			b.WriteString("\n<required>" + string(r.AppendSpaced(nil)) + "</required>")
		}
	}
	b.WriteString("\n</parameters>\n</function>")
	return nil
}

// writeExtra writes the keys of obj other than those handled, as the
// templates' render_extra_keys does: <key>VALUE</key>, VALUE as
// schemaText writes it.
func writeExtra(b *strings.Builder, obj jsonvalue.Value, handled ...string) {
	if obj.Kind != jsonvalue.Object {
		return
	}
	for _, m := range obj.Members {
		if slices.Contains(handled, m.Key) {
			continue
		}
		b.WriteString("\n<" + m.Key + ">" + schemaText(m.Val) + "</" + m.Key + ">")
	}
}

// schemaText writes a value as the templates print a schema's keys and
// a call's arguments: an object or array as JSON with tojson's spaces,
// anything else as Jinja's string filter does (a string as it is, True,
// False, None, a number as written).
func schemaText(v jsonvalue.Value) string {
	if v.Kind == jsonvalue.Object || v.Kind == jsonvalue.Array {
		return string(v.AppendSpaced(nil))
	}
	return pythonStr(v)
}

// pythonStr writes a value as Jinja's string filter does: a list of
// types as Python's list, ['string', 'null'].
func pythonStr(v jsonvalue.Value) string { return string(prompt.AppendPythonStr(nil, v)) }

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|im_start|>", "<|im_end|>", "<|endoftext|>", "<tool_call>", "</tool_call>", "<function=", "</function>", "<parameter=", "</parameter>", "<tool_response>", "</tool_response>", "<think>", "</think>", "<s>"}
