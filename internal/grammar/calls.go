package grammar

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Choice is what a request asks the constraint to allow.
type Choice struct {
	Tools      []toolcall.Tool // the tools a call may name
	AtLeastOne bool            // tool_choice "required" or a named tool: no prose first
	One        bool            // parallel_tool_calls false, or a named tool: a single call
}

// ErrNone says tool_choice "none" leaves nothing to constrain.
var ErrNone = errors.New(`tool_choice "none": there are no calls to constrain`)

// ChoiceOf reads the request: its tools, and what tool_choice and
// parallel_tool_calls ask for. A tool whose schema a grammar cannot be
// built from is an error, for every constraint built on the choice.
func ChoiceOf(req toolcall.Request) (Choice, error) {
	c := Choice{Tools: req.Tools, One: !req.Parallel()}
	switch req.ToolChoice {
	case "", "auto":
	case "none":
		return c, ErrNone
	case "required":
		c.AtLeastOne = true
	default:
		i := req.Match(req.ToolChoice)
		if i < 0 {
			return c, fmt.Errorf("tool_choice names %q, which the request does not offer", req.ToolChoice)
		}
		c.Tools, c.AtLeastOne, c.One = req.Tools[i:i+1], true, true
	}
	if len(c.Tools) == 0 {
		return c, errors.New("the request offers no tools to constrain calls to")
	}
	// One set of schema checks for grammars and structural tags: a schema
	// a grammar refuses (too large or deep, a $ref cycle, too much to
	// walk) is not forwarded to the model server as a JSON Schema either.
	for _, t := range c.Tools {
		if _, err := New(JSON, "").Arguments(t, false); err != nil {
			return c, err
		}
	}
	return c, nil
}

// Call adds a rule "call" for one Python-syntax call, name(key=value, ...),
// of any of the tools, and returns its name.
func (b *Builder) Call(tools []toolcall.Tool) (string, error) {
	var alts []string
	for _, t := range tools {
		args, err := b.Arguments(t, true)
		if err != nil {
			return "", err
		}
		name := b.fresh("call")
		b.Rule(name, Lit(t.Name)+` "(" `+b.R("ws")+" "+args+" "+b.R("ws")+` ")"`)
		alts = append(alts, b.R(name))
	}
	b.Rule("call", strings.Join(alts, " | "))
	return b.R("call"), nil
}

// List returns a call list of one call, or one or more: "[" call, ... "]".
func (b *Builder) List(call string, one bool) string {
	if one {
		return `"[" ` + b.R("ws") + " " + call + " " + b.R("ws") + ` "]"`
	}
	return `"[" ` + b.R("ws") + " " + call + " (" + b.sep() + " " + call + ")* " + b.R("ws") + ` "]"`
}

// StructuralTag writes xgrammar's {"type": "structural_tag", "format": f}.
func StructuralTag(format any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // markers such as <function= stay readable
	err := enc.Encode(struct {
		Type   string `json:"type"`
		Format any    `json:"format"`
	}{"structural_tag", format})
	return bytes.TrimSpace(buf.Bytes()), err
}

// Tag is xgrammar's tag format: begin, content, end.
type Tag struct {
	Type    string `json:"type,omitempty"`
	Begin   string `json:"begin"`
	Content any    `json:"content"`
	End     string `json:"end"`
}

// TriggeredTags is xgrammar's triggered_tags format: free text until a
// trigger, then one of the tags.
type TriggeredTags struct {
	Type           string   `json:"type"`
	Triggers       []string `json:"triggers"`
	Tags           []Tag    `json:"tags"`
	AtLeastOne     bool     `json:"at_least_one"`
	StopAfterFirst bool     `json:"stop_after_first"`
}

// Triggered returns a triggered_tags format for the choice.
func Triggered(trigger string, tags []Tag, c Choice) TriggeredTags {
	return TriggeredTags{Type: "triggered_tags", Triggers: []string{trigger}, Tags: tags, AtLeastOne: c.AtLeastOne, StopAfterFirst: c.One}
}

// JSONSchema returns the json_schema content format for a tool's
// arguments, which are always an object: a schema that does not say so
// gets "type": "object" (a missing, empty or non-object schema is just
// that).
func JSONSchema(t toolcall.Tool) any {
	schema := json.RawMessage(`{"type": "object"}`)
	if root, err := jsonvalue.Decode(string(t.Parameters)); err == nil && root.Kind == jsonvalue.Object {
		schema = t.Parameters
		if typ := root.Get("type"); typ == nil {
			root.Members = append([]jsonvalue.Member{{Key: "type", Val: jsonvalue.Value{Kind: jsonvalue.String, Str: "object"}}}, root.Members...)
			schema = root.AppendJSON(nil)
		}
	}
	return struct {
		Type       string          `json:"type"`
		JSONSchema json.RawMessage `json:"json_schema"`
	}{"json_schema", schema}
}

// GrammarFormat returns the grammar content format for an EBNF grammar.
func GrammarFormat(ebnf string) any {
	return struct {
		Type    string `json:"type"`
		Grammar string `json:"grammar"`
	}{"grammar", ebnf}
}

// Alts joins alternatives, each in parentheses.
func Alts(alts []string) string {
	var sb strings.Builder
	for i, a := range alts {
		if i > 0 {
			sb.WriteString(" | ")
		}
		sb.WriteString("(" + a + ")")
	}
	return sb.String()
}

// JSONText writes s as a JSON string, as a model writes it: no HTML
// escapes.
func JSONText(s string) string { return string(jsonvalue.AppendString(nil, s)) }

// Alternatives returns one alternative per tool: what frame writes of the
// tool's name around the expression of its arguments, which args writes
// (a JSON object, as Arguments writes it, where args is nil).
func (b *Builder) Alternatives(tools []toolcall.Tool, args func(toolcall.Tool) (string, error), frame func(name, args string) string) ([]string, error) {
	if args == nil {
		args = func(t toolcall.Tool) (string, error) { return b.Arguments(t, false) }
	}
	var alts []string
	for _, t := range tools {
		a, err := args(t)
		if err != nil {
			return nil, err
		}
		alts = append(alts, frame(t.Name, a))
	}
	return alts, nil
}

// Repeat returns the expression for one of rule, or, unless one, for one
// or more: separated by sep (an expression), or back to back where sep is
// empty.
func (b *Builder) Repeat(rule string, one bool, sep string) string {
	r := b.R(rule)
	switch {
	case one:
		return r
	case sep == "":
		return r + "+"
	}
	return r + " (" + sep + " " + r + ")*"
}
