package hermes

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileQwen3 is Qwen3's hybrid template (0.6B to 235B, Qwen3-Next):
	// reasoning kept on the assistant turns after the last user query, and
	// with thinking off an empty reasoning block after the generation
	// prompt. The default.
	ProfileQwen3 = "qwen3"
	// ProfileQwen3Thinking is Qwen3-Thinking-2507's: Qwen3's, with the
	// generation prompt opening <think> (the answer begins as reasoning).
	ProfileQwen3Thinking = "qwen3-thinking"
	// ProfileQwen25 is Qwen2.5-Instruct's: Qwen3's turns with no reasoning,
	// and its default system prompt when the conversation has none.
	ProfileQwen25 = "qwen2.5"
	// ProfileHermes is the tool_use template of NousResearch's Hermes 2 Pro
	// and Hermes 3: one system turn that lists each tool with a Python-style
	// signature, then the conversation.
	ProfileHermes = "hermes"
	// ProfileGranite40 is IBM Granite 4.0's (and 4.1's): Granite's role
	// markers, the tools as JSON lines in the system turn, no reasoning.
	ProfileGranite40 = "granite-4.0"
	// ProfileSmolLM3 is SmolLM3's, as the llama.cpp fork ships it: a
	// metadata system turn with the reasoning mode, neither tools nor
	// calls.
	ProfileSmolLM3 = "smollm3"
)

// qwen25System is Qwen2.5-Instruct's system prompt when the conversation
// has none.
const qwen25System = "You are Qwen, created by Alibaba Cloud. You are a helpful assistant."

// writePrompt writes the prompt RenderPrompt writes, once prompt.Render
// has guarded and checked the conversation and found the profile.
func writePrompt(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	switch profile {
	case ProfileHermes:
		return renderHermes(msgs, tools)
	case ProfileGranite40:
		return renderGranite40(msgs, tools)
	case ProfileSmolLM3:
		return renderSmolLM3(msgs, opts), nil
	}
	var b strings.Builder
	system, hasSystem, rest := prompt.System(msgs)
	if !hasSystem && profile == ProfileQwen25 {
		system, hasSystem = qwen25System, true
	}
	toolText, err := prompt.ToolSection(tools, prompt.OpenAIToolJSON, "# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>", "\n", "", "\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n")
	if err != nil {
		return toolcall.Prompt{}, err
	}
	switch {
	case toolText != "":
		b.WriteString("<|im_start|>system\n")
		if hasSystem {
			b.WriteString(system + "\n\n")
		}
		b.WriteString(toolText)
	case hasSystem:
		b.WriteString("<|im_start|>system\n" + system + "<|im_end|>\n")
	}
	lastQuery := prompt.LastQuery(rest, false)
	for i, m := range rest {
		switch m.Role {
		case "assistant":
			content, reasoning := prompt.SplitReasoning(m, "<think>", "</think>")
			b.WriteString("<|im_start|>assistant\n")
			if profile != ProfileQwen25 && i > lastQuery && (i == len(rest)-1 || reasoning != "") {
				b.WriteString("<think>\n" + strings.Trim(reasoning, "\n") + "\n</think>\n\n" + strings.TrimLeft(content, "\n"))
			} else {
				b.WriteString(content)
			}
			if err := writeCalls(&b, m.ToolCalls, content); err != nil {
				return toolcall.Prompt{}, err
			}
			b.WriteString("<|im_end|>\n")
		case "tool":
			prompt.WriteResult(&b, rest, i, "<|im_start|>user", "\n<tool_response>\n"+m.Content+"\n</tool_response>", "<|im_end|>\n")
		default:
			b.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
		}
	}
	b.WriteString("<|im_start|>assistant\n")
	inReasoning := false
	switch {
	case profile == ProfileQwen3Thinking:
		b.WriteString("<think>\n")
		inReasoning = true
	case profile == ProfileQwen3 && !prompt.Thinking(opts, true):
		b.WriteString("<think>\n\n</think>\n\n")
	}
	return toolcall.Prompt{Text: b.String(), InReasoning: inReasoning}, nil
}

// writeCalls writes an assistant's calls after its text as Qwen3's and
// Granite 4's templates do: one a line, on a new line when there is text.
func writeCalls(b *strings.Builder, calls []toolcall.Call, text string) error {
	before := ""
	if text != "" {
		before = "\n"
	}
	return prompt.WriteCalls(b, RenderCalls, calls, before)
}

// renderHermes writes the Hermes 2 Pro / Hermes 3 tool_use template: a
// system turn that lists the tools (each as {"type": "function",
// "function": {"name", "description", "parameters"}}, its description a
// Python-style signature, the tool's description and an Args section),
// then every message as a ChatML turn; an assistant turn with calls holds
// only the calls; consecutive tool results share one tool turn, and the
// last tool turn's <|im_end|> is followed by no newline, as the template
// writes it.
func renderHermes(msgs []toolcall.Message, tools []toolcall.Tool) (toolcall.Prompt, error) {
	var b strings.Builder
	b.WriteString("<|begin_of_text|><|im_start|>system\nYou are a function calling AI model. You are provided with function signatures within <tools></tools> XML tags. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions. Here are the available tools: <tools> ")
	list, err := prompt.EachTool(tools, hermesToolJSON, "\n", "", "")
	if err != nil {
		return toolcall.Prompt{}, err
	}
	b.WriteString(list)
	b.WriteString(" </tools>Use the following pydantic model json schema for each tool call you will make: {\"properties\": {\"name\": {\"title\": \"Name\", \"type\": \"string\"}, \"arguments\": {\"title\": \"Arguments\", \"type\": \"object\"}}, \"required\": [\"name\", \"arguments\"], \"title\": \"FunctionCall\", \"type\": \"object\"}}\nFor each function call return a json object with function name and arguments within <tool_call></tool_call> XML tags as follows:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-dict>}\n</tool_call><|im_end|>\n")
	for i, m := range msgs {
		switch {
		case m.Role == "assistant" && len(m.ToolCalls) > 0:
			b.WriteString("<|im_start|>assistant")
			for _, c := range m.ToolCalls {
				if err := prompt.WriteCalls(&b, RenderCalls, []toolcall.Call{c}, "\n"); err != nil {
					return toolcall.Prompt{}, err
				}
			}
			b.WriteString("<|im_end|>\n")
		case m.Role == "tool":
			if i > 0 && msgs[i-1].Role != "tool" {
				b.WriteString("<|im_start|>tool\n")
			}
			b.WriteString("<tool_response>\n" + m.Content + "\n</tool_response>")
			if i < len(msgs)-1 {
				b.WriteString("\n")
			}
			if i == len(msgs)-1 || msgs[i+1].Role != "tool" {
				b.WriteString("<|im_end|>")
			}
		default:
			b.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
		}
	}
	b.WriteString("<|im_start|>assistant\n")
	return toolcall.Prompt{Text: b.String()}, nil
}

// RenderPrompt writes a conversation as the profile's template writes it,
// byte for byte (but see the package doc for the deliberate differences).
//
// Qwen3's: ChatML turns <|im_start|>ROLE\n...<|im_end|>\n; with tools, the
// system turn holds the system message, then a "# Tools" section listing
// each tool as one JSON line between <tools> and </tools> and the
// instruction to answer in <tool_call> blocks; an assistant's calls follow
// its text, each on a new line; consecutive tool results share one user
// turn, each in <tool_response> tags. An assistant turn after the last
// user query (a user message that is not itself a <tool_response>) keeps
// its reasoning as <think>\nREASONING\n</think>\n\n before its text, and
// so does the last message when it is an assistant's; reasoning given in
// the text (before a </think>) counts as reasoning. It ends with the
// header of the next assistant turn; with opts.Thinking false (Qwen3's
// enable_thinking=false), with an empty reasoning block after it.
// SmolLM3's reads opts.Thinking too (its /no_think mode); other profiles
// ignore it; the templates write no date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return prompt.Render("hermes", Profiles, specialTokens, msgs, tools, opts, writePrompt)
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// hermesToolJSON writes a tool as the Hermes tool_use template does:
// {"type": "function", "function": {"name": "NAME", "description": "SIG -
// DESCRIPTION\n\n    Args:\n        P(TYPE): P's description...",
// "parameters": SCHEMA}}, the description written into the quotes as it
// is (the template does not escape it), the parameters' lines run
// together, as the template writes them, and the parameters {} when there
// are none.
func hermesToolJSON(t toolcall.Tool) (string, error) {
	var params jsonvalue.Value
	if len(t.Parameters) > 0 {
		v, err := jsonvalue.Decode(string(t.Parameters))
		if err != nil || v.Kind != jsonvalue.Object {
			return "", fmt.Errorf("hermes: tool %s: the parameters are not a JSON object", t.Name)
		}
		params = v
	}
	var props []jsonvalue.Member
	if p := params.Get("properties"); p != nil && p.Kind == jsonvalue.Object {
		props = p.Members
	}
	var b strings.Builder
	b.WriteString(`{"type": "function", "function": {"name": "` + t.Name + `", "description": "` + t.Name + "(")
	for i, p := range props {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Key + ": " + pythonType(p.Val))
	}
	b.WriteString(") - " + t.Description + "\n\n")
	for i, p := range props {
		if i == 0 {
			b.WriteString("    Args:\n")
		}
		desc := ""
		if d := p.Val.Get("description"); d != nil && d.Kind == jsonvalue.String {
			desc = strings.TrimSpace(d.Str)
		}
		b.WriteString("        " + p.Key + "(" + pythonType(p.Val) + "): " + desc)
	}
	b.WriteString(`", "parameters": `)
	if len(props) == 0 {
		b.WriteString("{}")
	} else {
		b.Write(params.AppendSpaced(nil))
	}
	b.WriteString("}")
	return b.String(), nil
}

// pythonType is the Hermes template's name for a schema's type: str,
// float, int, bool, list[Any] (the template never reads an array's
// items), dict or dict[str, T], Union[A,B] for a list of types, Any
// otherwise.
func pythonType(schema jsonvalue.Value) string {
	typ := schema.Get("type")
	if typ == nil {
		return "Any"
	}
	switch typ.Kind {
	case jsonvalue.String:
		switch typ.Str {
		case "string":
			return "str"
		case "number":
			return "float"
		case "integer":
			return "int"
		case "boolean":
			return "bool"
		case "array":
			return "list[Any]"
		case "object":
			if ap := schema.Get("additionalProperties"); ap != nil {
				return "dict[str, " + pythonType(*ap) + "]"
			}
			return "dict"
		}
	case jsonvalue.Array:
		names := make([]string, 0, len(typ.Items))
		for _, it := range typ.Items {
			names = append(names, pythonType(jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{{Key: "type", Val: it}}}))
		}
		return "Union[" + strings.Join(names, ",") + "]"
	}
	return "Any"
}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|im_start|>", "<|im_end|>", "<|endoftext|>", "<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<think>", "</think>", graniteRole, graniteRoleEnd, graniteEnd}
