package harmony

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// callHeader is the header of a call message after the first: RenderCalls
// writes calls as the model does, the first right after the prompt's
// <|start|>assistant.
func callHeader(name string) string {
	return channelText + "commentary to=functions." + TSName(name) + " " + constrainText + "json" + messageText
}

// RenderCalls writes calls as gpt-oss writes them after the prompt's
// <|start|>assistant: per call <|channel|>commentary to=functions.NAME
// <|constrain|>json<|message|>ARGS<|call|>, the calls after the first each
// in a new <|start|>assistant message. Names are written as TSName writes
// them. No calls is "".
func RenderCalls(calls []toolcall.Call) (string, error) {
	var b strings.Builder
	for i, c := range calls {
		args, err := prompt.CompactArgs("harmony", c)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(startText + "assistant")
		}
		b.WriteString(callHeader(c.Name) + args + callText)
	}
	return b.String(), nil
}

// RenderCalls implements toolcall.Renderer.
func (format) RenderCalls(calls []toolcall.Call) (string, error) { return RenderCalls(calls) }

// PromptOptions are the Harmony system message's settings. The zero value
// means the defaults.
type PromptOptions struct {
	Reasoning       string // "low", "medium" (the default) or "high"
	KnowledgeCutoff string // "2024-06" by default
	CurrentDate     string // written when set, as "2025-06-28"
}

// RenderPrompt writes a conversation as the Harmony prompt gpt-oss
// expects: a system message (model identity, knowledge cutoff, date,
// reasoning effort, valid channels), a developer message holding the
// conversation's system text under "# Instructions" and the tools as a
// TypeScript namespace functions (each tool a type with its description
// and its parameters' types, descriptions and defaults as comments), then
// the turns: user messages; an assistant's text on the final channel, or,
// before its calls, on the analysis channel; each call a commentary message
// to=functions.NAME ending <|call|>; each tool result a message from
// functions.NAME to=assistant, verbatim. It ends with <|start|>assistant.
func RenderPrompt(msgs []toolcall.Message, tools []toolcall.Tool, opts PromptOptions) (string, error) {
	if err := prompt.Check(msgs); err != nil {
		return "", fmt.Errorf("harmony: %w", err)
	}
	if opts.Reasoning == "" {
		opts.Reasoning = "medium"
	}
	if opts.KnowledgeCutoff == "" {
		opts.KnowledgeCutoff = "2024-06"
	}
	var b strings.Builder
	msg := func(header, body, end string) { b.WriteString(startText + header + messageText + body + end) }
	sys := "You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: " + opts.KnowledgeCutoff
	if opts.CurrentDate != "" {
		sys += "\nCurrent date: " + opts.CurrentDate
	}
	sys += "\n\nReasoning: " + opts.Reasoning + "\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message."
	if len(tools) > 0 {
		sys += "\nCalls to these tools must go to the commentary channel: 'functions'."
	}
	msg("system", sys, endText)
	rest := msgs
	var dev []string
	if len(msgs) > 0 && msgs[0].Role == "system" {
		dev, rest = append(dev, "# Instructions\n\n"+msgs[0].Content), msgs[1:]
	}
	if len(tools) > 0 {
		ns, err := namespace(tools)
		if err != nil {
			return "", err
		}
		dev = append(dev, ns)
	}
	if len(dev) > 0 {
		msg("developer", strings.Join(dev, "\n\n"), endText)
	}
	names := map[string]string{} // call ID to name
	last := ""
	for _, m := range rest {
		switch m.Role {
		case "assistant":
			if len(m.ToolCalls) == 0 {
				msg("assistant"+channelText+"final", m.Content, endText)
				continue
			}
			if m.Content != "" {
				msg("assistant"+channelText+"analysis", m.Content, endText)
			}
			for _, c := range m.ToolCalls {
				args, err := prompt.CompactArgs("harmony", c)
				if err != nil {
					return "", err
				}
				msg("assistant to=functions."+TSName(c.Name)+channelText+"commentary json", args, callText)
				names[c.ID], last = c.Name, c.Name
			}
		case "tool":
			name := last
			if n, ok := names[m.ToolCallID]; ok {
				name = n
			}
			msg("functions."+TSName(name)+" to=assistant"+channelText+"commentary", m.Content, endText)
		default:
			msg(m.Role, m.Content, endText)
		}
	}
	b.WriteString(startText + "assistant")
	return b.String(), nil
}

// namespace writes the tools as Harmony's TypeScript namespace.
func namespace(tools []toolcall.Tool) (string, error) {
	var b strings.Builder
	b.WriteString("# Tools\n\n## functions\n\nnamespace functions {\n\n")
	for _, t := range tools {
		if t.Description != "" {
			for _, line := range strings.Split(strings.TrimSpace(t.Description), "\n") {
				b.WriteString("// " + line + "\n")
			}
		}
		var schema jsonvalue.Value
		if len(t.Parameters) > 0 {
			var err error
			if schema, err = jsonvalue.Decode(string(t.Parameters)); err != nil {
				return "", fmt.Errorf("harmony: the schema of %s: %w", t.Name, err)
			}
		}
		props := schema.Get("properties")
		if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
			b.WriteString("type " + TSName(t.Name) + " = () => any;\n\n")
			continue
		}
		required := map[string]bool{}
		if r := schema.Get("required"); r != nil {
			for _, x := range r.Items {
				required[x.Str] = true
			}
		}
		b.WriteString("type " + TSName(t.Name) + " = (_: {\n")
		for _, p := range props.Members {
			if d := p.Val.Get("description"); d != nil && d.Kind == jsonvalue.String {
				for _, line := range strings.Split(strings.TrimSpace(d.Str), "\n") {
					b.WriteString("// " + line + "\n")
				}
			}
			b.WriteString(p.Key)
			if !required[p.Key] {
				b.WriteString("?")
			}
			b.WriteString(": " + tsType(p.Val, 0) + ",")
			if d := p.Val.Get("default"); d != nil {
				b.WriteString(" // default: " + string(d.AppendJSON(nil)))
			}
			b.WriteString("\n")
		}
		b.WriteString("}) => any;\n\n")
	}
	b.WriteString("} // namespace functions")
	return b.String(), nil
}

// tsType writes a schema as a TypeScript type.
func tsType(s jsonvalue.Value, depth int) string {
	if depth > 8 || s.Kind != jsonvalue.Object {
		return "any"
	}
	if e := s.Get("enum"); e != nil && e.Kind == jsonvalue.Array && len(e.Items) > 0 {
		alts := make([]string, len(e.Items))
		for i, x := range e.Items {
			alts[i] = string(x.AppendJSON(nil))
		}
		return strings.Join(alts, " | ")
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		if a := s.Get(key); a != nil && a.Kind == jsonvalue.Array && len(a.Items) > 0 {
			alts := make([]string, len(a.Items))
			for i, x := range a.Items {
				alts[i] = tsType(x, depth+1)
			}
			return strings.Join(alts, " | ")
		}
	}
	t := s.Get("type")
	if t == nil {
		return "any"
	}
	if t.Kind == jsonvalue.Array {
		alts := make([]string, 0, len(t.Items))
		for _, x := range t.Items {
			alts = append(alts, tsType(jsonvalue.Value{Kind: jsonvalue.Object, Members: []jsonvalue.Member{{Key: "type", Val: x}}}, depth+1))
		}
		return strings.Join(alts, " | ")
	}
	switch t.Str {
	case "string", "boolean", "null", "number":
		return t.Str
	case "integer":
		return "number"
	case "array":
		if it := s.Get("items"); it != nil {
			inner := tsType(*it, depth+1)
			if strings.Contains(inner, " ") {
				inner = "(" + inner + ")"
			}
			return inner + "[]"
		}
		return "any[]"
	case "object":
		props := s.Get("properties")
		if props == nil || props.Kind != jsonvalue.Object || len(props.Members) == 0 {
			return "object"
		}
		parts := make([]string, len(props.Members))
		for i, p := range props.Members {
			parts[i] = p.Key + ": " + tsType(p.Val, depth+1)
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return "any"
}
