package grammar

import (
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// Frame is how a format writes calls, as data: what surrounds each call's
// arguments, what separates calls, and the section around them if the
// format has one. Its Grammar and StructuralTag serve the formats whose
// constraints are nothing more.
type Frame struct {
	Begin   func(name string) string // what comes before a call's arguments
	Infix   string                   // an EBNF expression between Begin and the arguments, if any (a section's calls only)
	End     string                   // what comes after them
	Sep     string                   // between calls
	Tagged  Tagged                   // arguments written as text, framed so; nil for a JSON object
	Typed   TypedTagged              // arguments written as text with their way in the tag (instead of Tagged)
	Nested  *Nested                  // arguments nested as elements (instead of Tagged)
	Open    string                   // the section's start, for formats whose calls stand in one
	Close   string                   // the section's end
	Trigger string                   // what starts a call, or the section (as Section says where empty), in free text
	// Repr says a value that is no string is written as Python's str
	// writes it (Repr), not as JSON: a template that prints values with
	// its string filter (Seed-OSS's).
	Repr bool
}

// syntax is the syntax of the frame's values that are no strings.
func (f Frame) syntax() Syntax {
	if f.Repr {
		return Repr
	}
	return JSON
}

// Calls adds the rule "call" to b, one alternative per tool, and returns
// the expression for the calls c allows: one, or one or more separated by
// Sep.
func (f Frame) Calls(b *Builder, c Choice) (string, error) {
	args := func(t toolcall.Tool) (string, error) { return f.arguments(b, t) }
	alts, err := b.Alternatives(c.Tools, args, func(name, args string) string {
		begin := Lit(f.Begin(name))
		if f.Infix != "" {
			begin += " " + f.Infix
		}
		return begin + " " + args + " " + Lit(f.End)
	})
	if err != nil {
		return "", err
	}
	b.Rule("call", Alts(alts))
	sep := ""
	if f.Sep != "" {
		sep = Lit(f.Sep)
	}
	return b.Repeat("call", c.One, sep), nil
}

func (f Frame) arguments(b *Builder, t toolcall.Tool) (string, error) {
	if f.Nested != nil {
		return b.NestedArguments(t, *f.Nested)
	}
	if f.Typed != nil {
		return b.TypedTaggedArguments(t, f.Typed)
	}
	if f.Tagged != nil {
		return b.TaggedArguments(t, f.Tagged)
	}
	return b.Arguments(t, false)
}

// Grammar returns an EBNF grammar for the calls req allows, in their
// section when the format has one.
func (f Frame) Grammar(req toolcall.Request) (string, error) {
	if f.Open != "" {
		return f.section().Grammar(req)
	}
	c, err := ChoiceOf(req)
	if err != nil {
		return "", err
	}
	b, calls, err := f.calls(c)
	if err != nil {
		return "", err
	}
	return b.String(calls), nil
}

// StructuralTag returns xgrammar's structural tag for req, triggered on
// Trigger: the section as one tag whose content is the calls' grammar, or
// one tag per tool, its content the arguments' JSON Schema (or their
// grammar, for text arguments). "auto" lets free text come first;
// "required" and a named tool put a call at the start; parallel_tool_calls
// false and a named tool allow one call.
func (f Frame) StructuralTag(req toolcall.Request) ([]byte, error) {
	if f.Open != "" {
		return f.section().StructuralTag(req)
	}
	c, err := ChoiceOf(req)
	if err != nil {
		return nil, err
	}
	var tags []Tag
	for _, t := range c.Tools {
		content := JSONSchema(t)
		if f.Tagged != nil || f.Typed != nil || f.Nested != nil {
			b := New(f.syntax(), "")
			args, err := f.arguments(b, t)
			if err != nil {
				return nil, err
			}
			content = GrammarFormat(b.String(args))
		}
		tags = append(tags, Tag{Begin: f.Begin(t.Name), Content: content, End: f.End})
	}
	return StructuralTag(Triggered(f.Trigger, tags, c))
}

// section is the Section of a frame with an Open.
func (f Frame) section() Section {
	return Section{Open: f.Open, Close: f.Close, Trigger: f.Trigger, Calls: f.calls}
}

// calls returns a builder holding the rules of the calls c allows, and
// the expression for them.
func (f Frame) calls(c Choice) (*Builder, string, error) {
	b := New(f.syntax(), "")
	calls, err := f.Calls(b, c)
	return b, calls, err
}

// ArrayFrame is the Frame of the calls a writes (what a's Tail writes left
// out), triggered in free text by trigger: the array is the section.
func ArrayFrame(a prompt.JSONArray, trigger string) Frame {
	return Frame{Begin: a.Begin, End: "}", Sep: ", ", Open: a.Open + "[", Close: "]" + a.Close, Trigger: trigger}
}

// PythonCalls returns a Builder of Python literals and the expression of
// the call list req allows ([f(a=1), g()], pythonic's syntax), as
// PythonList writes it.
func PythonCalls(req toolcall.Request) (*Builder, string, error) {
	c, err := ChoiceOf(req)
	if err != nil {
		return nil, "", err
	}
	return PythonList(c)
}

// PythonList returns a Builder of Python literals and the expression of
// the call list c allows ([f(a=1), g()], pythonic's syntax): one call or
// more, with c's tools and arguments that follow their schemas.
func PythonList(c Choice) (*Builder, string, error) {
	b := New(Python, "")
	call, err := b.Call(c.Tools)
	if err != nil {
		return nil, "", err
	}
	return b, b.List(call, c.One), nil
}

// JSONCalls is the renderer of f's calls, for a frame whose arguments are
// one JSON object (no Tagged, Typed or Nested): format names the format
// in errors; compact writes the arguments as compact JSON, not with
// tojson's spaces.
func (f Frame) JSONCalls(format string, compact bool) prompt.JSONCalls {
	return prompt.JSONCalls{Format: format, Open: f.Open, Close: f.Close, Begin: f.Begin, End: f.End, Sep: f.Sep, Compact: compact}
}

// FunctionFrame is the Frame of calls each written in a block of its own,
// as Qwen3-Coder writes them: open, a newline, <function=NAME>, a newline,
// the arguments as tagged frames them, </function>, a newline and close;
// the calls separated by a newline, open their trigger.
func FunctionFrame(open, close string, tagged Tagged) Frame {
	return Frame{
		Begin:   func(name string) string { return open + "\n<function=" + name + ">\n" },
		End:     "</function>\n" + close,
		Sep:     "\n",
		Tagged:  tagged,
		Trigger: open,
	}
}
