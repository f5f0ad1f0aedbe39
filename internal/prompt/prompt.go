// Package prompt holds what the formats' prompt renderers share: beginning
// a prompt (guarding client text, finding the profile, checking the
// conversation), its date (Date, Day), reading tools' schemas (Schema) and
// writing tool definitions and tool lists (as JSON, or as TypeScript:
// TSType), writing calls (JSONCalls, JSONArray, Section, ArgsSection), and
// the methods a format's type gets from its renderers (Methods).
package prompt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Check reports the first thing in msgs that cannot be rendered: an
// unknown role, a tool result answering no earlier call, or a call whose
// arguments are not a JSON object.
func Check(msgs []toolcall.Message) error {
	ids := map[string]bool{}
	calls := 0
	for i, m := range msgs {
		switch m.Role {
		case "system", "user":
		case "assistant":
			for _, c := range m.ToolCalls {
				if !isObject(c.Arguments) {
					return fmt.Errorf("message %d: the arguments of call %s are not a JSON object", i, c.Name)
				}
				if c.ID != "" {
					ids[c.ID] = true
				}
				calls++
			}
		case "tool":
			if m.ToolCallID != "" && !ids[m.ToolCallID] {
				return fmt.Errorf("message %d: tool result for %q, which no earlier call has as its ID", i, m.ToolCallID)
			}
			if m.ToolCallID == "" && calls == 0 {
				return fmt.Errorf("message %d: a tool result with no call before it", i)
			}
		default:
			return fmt.Errorf("message %d: unknown role %q (want system, user, assistant or tool)", i, m.Role)
		}
	}
	return nil
}

func isObject(args string) bool {
	if args == "" {
		return true
	}
	var m map[string]json.RawMessage
	return json.Unmarshal([]byte(args), &m) == nil && m != nil
}

// ToolsJSON writes tools as a JSON array of {"name", "description",
// "parameters"} objects, with the spaces after ':' and ',' that chat
// templates' tojson writes.
func ToolsJSON(tools []toolcall.Tool) (string, error) {
	return toolArray(tools, ToolJSON)
}

// OpenAIToolsJSON writes tools as a JSON array of OpenAIToolJSON's
// objects, with the spaces ToolsJSON writes.
func OpenAIToolsJSON(tools []toolcall.Tool) (string, error) {
	return toolArray(tools, OpenAIToolJSON)
}

// toolArray writes tools as a JSON array of toolJSON's objects separated
// by ", ".
func toolArray(tools []toolcall.Tool, toolJSON func(toolcall.Tool) (string, error)) (string, error) {
	list, err := EachTool(tools, toolJSON, ", ", "", "")
	if err != nil {
		return "", err
	}
	return "[" + list + "]", nil
}

// ToolSection is a prompt's tool section when there are tools: intro, each
// tool as toolJSON writes it between before and after (EachTool), then
// outro. No tools is "" (the templates write no section then).
func ToolSection(tools []toolcall.Tool, toolJSON func(toolcall.Tool) (string, error), intro, before, after, outro string) (string, error) {
	return section(tools, toolJSON, intro, "", before, after, outro)
}

// ToolArray is a prompt's tool section when there are tools: intro, the
// tools as one JSON array of toolJSON's objects (as ToolsJSON and
// OpenAIToolsJSON write them), then outro. No tools is "".
func ToolArray(tools []toolcall.Tool, toolJSON func(toolcall.Tool) (string, error), intro, outro string) (string, error) {
	return section(tools, toolJSON, intro+"[", ", ", "", "", "]"+outro)
}

// section is intro, the tools as EachTool writes them, and outro; no
// tools is "".
func section(tools []toolcall.Tool, toolJSON func(toolcall.Tool) (string, error), intro, sep, before, after, outro string) (string, error) {
	if len(tools) == 0 {
		return "", nil
	}
	list, err := EachTool(tools, toolJSON, sep, before, after)
	if err != nil {
		return "", err
	}
	return intro + list + outro, nil
}

// EachTool writes each tool as toolJSON writes it (ToolJSON or
// OpenAIToolJSON, say) between before and after, the tools separated by
// sep: the tool lists of templates that loop over the tools. No tools is
// "". The error is toolJSON's first.
func EachTool(tools []toolcall.Tool, toolJSON func(toolcall.Tool) (string, error), sep, before, after string) (string, error) {
	var b strings.Builder
	for i, t := range tools {
		s, err := toolJSON(t)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(before + s + after)
	}
	return b.String(), nil
}

// ToolJSON writes one tool as ToolsJSON does.
func ToolJSON(t toolcall.Tool) (string, error) {
	obj := struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		Parameters  json.RawMessage `json:"parameters,omitempty"`
	}{t.Name, t.Description, t.Parameters}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(obj); err != nil {
		return "", fmt.Errorf("tool %s: %w", t.Name, err)
	}
	return spaced(bytes.TrimSpace(buf.Bytes())), nil
}

// OpenAIToolJSON writes one tool in OpenAI's shape, {"type": "function",
// "function": {...}}, with the spaces ToolsJSON writes.
func OpenAIToolJSON(t toolcall.Tool) (string, error) {
	fn, err := ToolJSON(t)
	if err != nil {
		return "", err
	}
	return `{"type": "function", "function": ` + fn + "}", nil
}

// Schema decodes a tool's parameters, its JSON Schema, for a template
// that reads them: the zero Value (null) when the tool has none. The
// error names format and the tool.
func Schema(format string, t toolcall.Tool) (jsonvalue.Value, error) {
	if len(t.Parameters) == 0 {
		return jsonvalue.Value{}, nil
	}
	v, err := jsonvalue.Decode(string(t.Parameters))
	if err != nil {
		return v, fmt.Errorf("%s: the schema of %s: %w", format, t.Name, err)
	}
	return v, nil
}

// OpenAIToolValue is one tool in OpenAI's shape, as OpenAIToolJSON writes
// it, decoded: for a template that prints the tool otherwise (compact, or
// as Python's str writes it). The error names format.
func OpenAIToolValue(format string, t toolcall.Tool) (jsonvalue.Value, error) {
	s, err := OpenAIToolJSON(t)
	if err != nil {
		return jsonvalue.Value{}, err
	}
	v, err := jsonvalue.Decode(s)
	if err != nil {
		return v, fmt.Errorf("%s: tool %s: %w", format, t.Name, err)
	}
	return v, nil
}

// spaced rewrites compact JSON with a space after each ':' and ',' outside
// strings.
func spaced(b []byte) string {
	var out bytes.Buffer
	in := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		out.WriteByte(c)
		switch {
		case in && c == '\\':
			i++
			out.WriteByte(b[i])
		case c == '"':
			in = !in
		case !in && (c == ':' || c == ','):
			out.WriteByte(' ')
		}
	}
	return out.String()
}

// Signature writes a tool as one line, name(param: type, ...) - description,
// with optional parameters marked by '?'.
func Signature(t toolcall.Tool) string {
	var schema struct {
		Properties map[string]struct {
			Type any `json:"type"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(t.Parameters, &schema)
	required := map[string]bool{}
	for _, r := range schema.Required {
		required[r] = true
	}
	var params []string
	for _, name := range jsonkeys.Properties(t.Parameters) {
		p := name
		if !required[name] {
			p += "?"
		}
		if typ := typeName(schema.Properties[name].Type); typ != "" {
			p += ": " + typ
		}
		params = append(params, p)
	}
	s := t.Name + "(" + strings.Join(params, ", ") + ")"
	if t.Description != "" {
		s += " - " + t.Description
	}
	return s
}

func typeName(t any) string {
	switch t := t.(type) {
	case string:
		return t
	case []any:
		var names []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				names = append(names, s)
			}
		}
		return strings.Join(names, " | ")
	}
	return ""
}

// Arguments decodes a call's arguments for a renderer: a JSON object, ""
// meaning {}. The error names the format and the call.
func Arguments(format string, c toolcall.Call) (jsonvalue.Value, error) {
	if c.Arguments == "" {
		return jsonvalue.Value{Kind: jsonvalue.Object}, nil
	}
	v, err := jsonvalue.Decode(c.Arguments)
	if err != nil || v.Kind != jsonvalue.Object {
		return v, fmt.Errorf("%s: the arguments of call %s are not a JSON object", format, c.Name)
	}
	return v, nil
}

// CompactArgs returns a call's arguments as compact JSON, for a renderer.
func CompactArgs(format string, c toolcall.Call) (string, error) {
	v, err := Arguments(format, c)
	if err != nil {
		return "", err
	}
	return string(v.AppendJSON(nil)), nil
}

// SpacedArgs returns a call's arguments as JSON with the spaces Jinja's
// tojson and Python's json.dumps write after ':' and ',', for a renderer.
func SpacedArgs(format string, c toolcall.Call) (string, error) {
	v, err := Arguments(format, c)
	if err != nil {
		return "", err
	}
	return string(v.AppendSpaced(nil)), nil
}

// ToolRun reports whether msgs[i], a tool result, begins and ends a run of
// consecutive tool results (templates that group them into one turn).
func ToolRun(msgs []toolcall.Message, i int) (first, last bool) {
	return i == 0 || msgs[i-1].Role != "tool", i == len(msgs)-1 || msgs[i+1].Role != "tool"
}

// Profile returns the prompt profile name asks for: def when name is "",
// else name when it is one of profiles, else an error naming them.
func Profile(format, name string, profiles []string) (string, error) {
	if name == "" {
		return profiles[0], nil
	}
	for _, p := range profiles {
		if p == name {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: no prompt profile %q (want one of %s)", format, name, strings.Join(profiles, ", "))
}

// SplitReasoning returns an assistant message's text and reasoning as
// Qwen3's template (and those that copy it) reads them: the message's
// Reasoning when it has one; else, when its text holds close, the text
// after the last close (newlines at its start dropped) and the reasoning
// before the first close (newlines at its end dropped, and from the last
// open on, newlines at its start dropped).
func SplitReasoning(m toolcall.Message, open, close string) (content, reasoning string) {
	if m.Reasoning != "" || !strings.Contains(m.Content, close) {
		return m.Content, m.Reasoning
	}
	content = strings.TrimLeft(m.Content[strings.LastIndex(m.Content, close)+len(close):], "\n")
	reasoning = strings.TrimRight(m.Content[:strings.Index(m.Content, close)], "\n")
	if i := strings.LastIndex(reasoning, open); i >= 0 {
		reasoning = reasoning[i+len(open):]
	}
	return content, strings.TrimLeft(reasoning, "\n")
}

// IndentedToolJSON writes one tool in OpenAI's shape as Jinja's
// tojson(indent=4) does: members on their own lines, indented by four
// spaces a level, ": " after keys.
func IndentedToolJSON(t toolcall.Tool) (string, error) {
	line, err := OpenAIToolJSON(t)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, []byte(line), "", "    "); err != nil {
		return "", err
	}
	return strings.ReplaceAll(out.String(), ":  ", ": "), nil
}

// Reply is the usual shape of a model's whole reply: reasoning between
// open and close (open left out when the prompt opened it; nothing when
// there is no reasoning), the content, sep before the calls that render
// writes (when there are any), and end. Formats whose replies have this
// shape build their Descriptor.Reply with it.
type Reply struct {
	Open, Close string // the reasoning's markers; "" when the family does not reason
	Opened      bool   // the default profile's prompt opens the reasoning
	Sep, End    string
	Render      func([]toolcall.Call) (string, error)
}

// Write writes the reply of reasoning, content and calls.
func (r Reply) Write(reasoning, content string, calls []toolcall.Call) (string, error) {
	var b strings.Builder
	switch {
	case r.Close == "":
	case r.Opened:
		b.WriteString(reasoning + r.Close)
	case reasoning != "":
		b.WriteString(r.Open + reasoning + r.Close)
	}
	b.WriteString(content)
	if len(calls) > 0 {
		text, err := r.Render(calls)
		if err != nil {
			return "", err
		}
		b.WriteString(r.Sep + text)
	}
	b.WriteString(r.End)
	return b.String(), nil
}

// Date is the date a prompt writes: d (PromptOptions.Date), or now in UTC
// when d is zero (as PromptOptions.Date says: the machine's time zone is
// not the prompt's).
func Date(d time.Time) time.Time {
	if d.IsZero() {
		return time.Now().UTC()
	}
	return d
}

// Thinking reports whether a prompt has the model reason: opts.Thinking
// when it is set, else def, the template's default.
func Thinking(opts toolcall.PromptOptions, def bool) bool {
	if opts.Thinking != nil {
		return *opts.Thinking
	}
	return def
}

// Day is the date a prompt writes as YYYY-MM-DD: d's (PromptOptions.Date),
// or today's in UTC when d is zero.
func Day(d time.Time) string {
	return Date(d).Format(time.DateOnly)
}
