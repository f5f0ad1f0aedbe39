package llama4

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/toolcall"
)

// RenderCalls writes calls as Llama 4 writes them by default: a Python call
// list, [get_weather(city="Paris", days=3)]. RenderFunctionTags and
// RenderJSON write the other forms.
func RenderCalls(calls []toolcall.Call) (string, error) { return pythonic.RenderCalls(calls) }

// RenderFunctionTags writes calls in Meta's documented form,
// <function=NAME>{json}</function>, one after another.
func RenderFunctionTags(calls []toolcall.Call) (string, error) {
	var b strings.Builder
	for _, c := range calls {
		args, err := objectArgs(c)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "<function=%s>%s</function>", c.Name, args)
	}
	return b.String(), nil
}

// RenderJSON writes calls as JSON objects, {"name": N, "parameters": {...}},
// separated by "; ".
func RenderJSON(calls []toolcall.Call) (string, error) {
	parts := make([]string, 0, len(calls))
	for _, c := range calls {
		args, err := objectArgs(c)
		if err != nil {
			return "", err
		}
		parts = append(parts, `{"name": `+string(jsonvalue.AppendString(nil, c.Name))+`, "parameters": `+args+`}`)
	}
	return strings.Join(parts, "; "), nil
}

// objectArgs returns a call's arguments as compact JSON, checking that they
// are an object.
func objectArgs(c toolcall.Call) (string, error) {
	if strings.ContainsAny(c.Name, "<>") || c.Name == "" {
		return "", fmt.Errorf("llama4: the call name %q cannot be written in a tag", c.Name)
	}
	args := c.Arguments
	if args == "" {
		args = "{}"
	}
	v, err := jsonvalue.Decode(args)
	if err != nil || v.Kind != jsonvalue.Object {
		return "", fmt.Errorf("llama4: the arguments of %s are not a JSON object", c.Name)
	}
	return string(v.AppendJSON(nil)), nil
}

// The prompt profiles: the chat templates RenderPrompt writes.
const (
	// ProfileMeta is the prompt of Meta's reference encoder as the original
	// llama4 plugin wrote it, with its default choices: tools in the
	// system turn, past calls as a Python list, <|eom|> after calls and
	// results. The default: it is the prompt Meta documents for Llama 4's
	// tool calling, in the pythonic form the model writes most reliably.
	ProfileMeta = "meta"
	// ProfileHF is the chat template of the Llama 4 checkpoints (Scout and
	// Maverick), the one vLLM, SGLang and llama.cpp run unless told
	// otherwise: tools as indented JSON in the first user turn with the
	// instruction to answer with a JSON call, past calls as JSON objects
	// after <|python_start|>TEXT<|python_end|>.
	ProfileHF = "hf"
)

// Profiles lists the prompt profiles, the default first.
var Profiles = []string{ProfileMeta, ProfileHF}

// metaOptions are variants of ProfileMeta's prompt (the original llama4
// plugin's choices), which only the tests take: the zero value is the
// profile's.
type metaOptions struct {
	// Fmt is how past calls are written: "pythonic" (default), "json" or
	// "function_tag".
	Fmt string
	// SysMode is where tool definitions go: "system" (default), the system
	// turn, or "user", the start of the first user turn.
	SysMode string
	// Defs is how tool definitions are written: "json" (default), one JSON
	// object per tool, or "signatures", name(param: type, ...) lines.
	Defs string
	// Result is how tool results are written: "verbatim" (default) or "json",
	// as a JSON string.
	Result string
	// EOM is whether an assistant turn with calls and every ipython turn end
	// with <|eom|>: "on" (default) or "off" (they end with <|eot|>).
	EOM string
	// History is what is kept of past assistant turns: "calls" (default),
	// their calls and text, or "results", their text only.
	History string
	// SeqRule adds a system rule: one dependent step per turn.
	SeqRule bool
}

// seqRule is the text metaOptions.SeqRule adds.
const seqRule = "Make only calls that do not depend on each other's results. When a step needs the result of another call, make that call alone and wait for its result before the next step."

// RenderPrompt writes a conversation as the profile's template does.
//
// ProfileHF, byte for byte: <|begin_of_text|>; a system turn only when the
// conversation has a system message ("Environment: ipython" first when
// there are tools, then its trimmed text, no date); with tools, the first
// message after it becomes a user turn that gives the instruction to answer
// with a JSON call, each tool as JSON indented by 4, then its trimmed
// text; the other turns <|header_start|>ROLE<|header_end|>\n\nTEXT<|eot|>;
// an assistant turn with calls <|python_start|>TEXT<|python_end|>, then
// each call {"name": "NAME", "parameters": ARGS} with tojson's spaces;
// tool results as JSON strings in ipython turns; reasoning dropped.
//
// ProfileMeta: <|begin_of_text|>, turns
// <|header_start|>ROLE<|header_end|>\n\n...; the tool role is written
// ipython; an assistant turn with calls and every ipython turn end with
// <|eom|>, the others with <|eot|>; tool results are passed through
// verbatim; past calls are written with RenderCalls.
//
// Both end with the header of the next assistant turn. The templates have
// no reasoning switch and write no date.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return renderPrompt(msgs, tools, opts, metaOptions{})
}

// renderPrompt is RenderPrompt with ProfileMeta's variant meta.
func renderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions, meta metaOptions) (toolcall.Prompt, error) {
	return prompt.Render("llama4", Profiles, specialTokens, msgs, tools, opts, func(msgs []toolcall.Message, tools []toolcall.Tool, profile string, _ toolcall.PromptOptions) (toolcall.Prompt, error) {
		if profile == ProfileHF {
			return renderHF(msgs, tools)
		}
		text, err := renderMeta(msgs, tools, meta)
		return toolcall.Prompt{Text: text}, err
	})
}

// hfInstruction is what the checkpoints' template writes before the tools.
const hfInstruction = "Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\n\n" +
	"Respond in the format {\"name\": function name, \"parameters\": dictionary of argument name and its value}.Do not use variables.\n\n"

// renderHF writes msgs as the checkpoints' template does.
func renderHF(msgs []toolcall.Message, tools []toolcall.Tool) (toolcall.Prompt, error) {
	var b strings.Builder
	turn := func(role, text string) {
		b.WriteString("<|header_start|>" + role + "<|header_end|>\n\n" + text + "<|eot|>")
	}
	b.WriteString("<|begin_of_text|>")
	rest := msgs
	if len(msgs) > 0 && msgs[0].Role == "system" {
		env := ""
		if len(tools) > 0 {
			env = "Environment: ipython\n"
		}
		turn("system", env+strings.TrimSpace(msgs[0].Content))
		rest = msgs[1:]
	}
	if len(tools) > 0 && len(rest) > 0 {
		defs, err := prompt.ToolSection(tools, prompt.IndentedToolJSON, hfInstruction, "", "\n\n", "")
		if err != nil {
			return toolcall.Prompt{}, err
		}
		turn("user", defs+strings.TrimSpace(rest[0].Content))
		rest = rest[1:]
	}
	for _, m := range rest {
		switch {
		case m.Role == "tool":
			turn("ipython", string(jsonvalue.AppendString(nil, m.Content)))
		case len(m.ToolCalls) > 0:
			var t strings.Builder
			t.WriteString("<|python_start|>" + m.Content + "<|python_end|>")
			for _, c := range m.ToolCalls {
				args, err := prompt.SpacedArgs("llama4", c)
				if err != nil {
					return toolcall.Prompt{}, err
				}
				t.WriteString(`{"name": "` + c.Name + `", "parameters": ` + args + "}")
			}
			turn("assistant", t.String())
		default:
			turn(m.Role, m.Content)
		}
	}
	b.WriteString("<|header_start|>assistant<|header_end|>\n\n")
	return toolcall.Prompt{Text: b.String()}, nil
}

// methods gives the format its RenderCalls, PromptProfiles, Prompt and
// SpecialTokens methods.
var methods = &prompt.Methods{Calls: RenderCalls, Render: RenderPrompt, Profiles: Profiles, Tokens: specialTokens}

// renderMeta writes msgs as ProfileMeta does.
func renderMeta(msgs []toolcall.Message, tools []toolcall.Tool, opts metaOptions) (string, error) {
	render := RenderCalls
	switch opts.Fmt {
	case "", "pythonic":
	case "json":
		render = RenderJSON
	case "function_tag":
		render = RenderFunctionTags
	default:
		return "", fmt.Errorf("llama4: unknown fmt %q (want pythonic, json or function_tag)", opts.Fmt)
	}
	eom := "<|eom|>"
	switch opts.EOM {
	case "", "on":
	case "off":
		eom = "<|eot|>"
	default:
		return "", fmt.Errorf("llama4: unknown eom %q (want on or off)", opts.EOM)
	}
	defs, err := definitions(tools, opts)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("<|begin_of_text|>")
	turn := func(role, text, end string) {
		b.WriteString("<|header_start|>" + role + "<|header_end|>\n\n" + text + end)
	}
	system, _, rest := prompt.System(msgs)
	if opts.SysMode == "" || opts.SysMode == "system" {
		system = joinText(system, defs)
		defs = ""
	} else if opts.SysMode != "user" {
		return "", fmt.Errorf("llama4: unknown sys_mode %q (want system or user)", opts.SysMode)
	}
	if opts.SeqRule {
		system = joinText(system, seqRule)
	}
	if system != "" {
		turn("system", system, "<|eot|>")
	}
	for _, m := range rest {
		switch m.Role {
		case "system":
			turn("system", m.Content, "<|eot|>")
		case "user":
			text := m.Content
			if defs != "" {
				text, defs = joinText(defs, text), ""
			}
			turn("user", text, "<|eot|>")
		case "assistant":
			text, end := m.Content, "<|eot|>"
			if len(m.ToolCalls) > 0 && opts.History != "results" {
				calls, err := render(m.ToolCalls)
				if err != nil {
					return "", err
				}
				text, end = text+calls, eom
			}
			if text == "" {
				continue
			}
			turn("assistant", text, end)
		case "tool":
			text := m.Content
			if opts.Result == "json" {
				text = string(jsonvalue.AppendString(nil, text))
			} else if opts.Result != "" && opts.Result != "verbatim" {
				return "", fmt.Errorf("llama4: unknown result %q (want verbatim or json)", opts.Result)
			}
			turn("ipython", text, eom)
		}
	}
	b.WriteString("<|header_start|>assistant<|header_end|>\n\n")
	return b.String(), nil
}

// definitions writes the tools for the prompt, with how to call them.
func definitions(tools []toolcall.Tool, opts metaOptions) (string, error) {
	if len(tools) == 0 {
		return "", nil
	}
	how := "a Python list of calls, [func_name(param=value, ...)]"
	switch opts.Fmt {
	case "json":
		how = `a JSON object {"name": func_name, "parameters": {...}} for each call`
	case "function_tag":
		how = "<function=func_name>{json arguments}</function> for each call"
	}
	var b strings.Builder
	b.WriteString("You may call the functions below. To call them, reply with " + how + " and nothing else.\n\nFunctions:\n")
	for _, t := range tools {
		switch opts.Defs {
		case "", "json":
			s, err := prompt.ToolJSON(t)
			if err != nil {
				return "", err
			}
			b.WriteString(s + "\n")
		case "signatures":
			b.WriteString(prompt.Signature(t) + "\n")
		default:
			return "", fmt.Errorf("llama4: unknown defs %q (want json or signatures)", opts.Defs)
		}
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

func joinText(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}

// specialTokens are the format's special tokens, which
// toolcall.PromptOptions.SpecialTokens escapes or refuses in client text.
var specialTokens = []string{"<|begin_of_text|>", "<|end_of_text|>", "<|header_start|>", "<|header_end|>", "<|eot|>", "<|eom|>", "<|python_start|>", "<|python_end|>"}
