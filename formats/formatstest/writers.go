package formatstest

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// Writers is what a format package's tests know of what the format
// writes, handed to the shared checks in one value: the syntaxes it
// writes calls in, its own prompt writer, and the goldens of its
// models' chat templates. Check runs every check that applies.
type Writers struct {
	// Format is the format. A renderer of Renderers that names no
	// Format reads with it; one with no Render writes with Format's
	// RenderCalls; one with no Name is named Format.Name(). One with a
	// ValueClose writes its values as text: Typed and Textual. One with
	// no EndsTurn ends its turn at the format's registered EndOfTurn.
	// Each gets the rows of its file in WritesDir before its own Writes.
	Format toolcall.Format
	// Renderers are the syntaxes the format writes calls in
	// (CheckRenderer on each).
	Renderers []Renderer
	// Prompt, when set, is the format's own prompt writer, its
	// RenderPrompt: CheckFormatPromptGuard with PromptOpts.
	Prompt     PromptRenderer
	PromptOpts toolcall.PromptOptions
	// Goldens and Broken are the golden directories of the format's
	// templates (CheckTemplateGoldens); the Goldens GoldensFile lists
	// when there are none.
	Goldens []Golden
	Broken  []string
	// Models, when set, names each golden directory's model
	// (CheckGoldenModels).
	Models map[string]string
}

// Check runs the checks w's fields call for, a subtest each: one per
// renderer, by its name; "prompt guard"; "template goldens"; "golden
// models".
func (w Writers) Check(t *testing.T) {
	t.Helper()
	rs := slices.Clone(w.Renderers)
	for i := range rs {
		r := &rs[i]
		if r.Format == nil {
			r.Format = w.Format
		}
		if r.Render == nil {
			r.Render = w.Format.(toolcall.Renderer).RenderCalls
		}
		if r.Name == "" {
			r.Name = w.Format.Name()
		}
		if r.ValueClose != "" {
			r.Typed, r.Textual = true, true
		}
		if r.EndsTurn == nil {
			r.EndsTurn = endOfTurn(w.Format)
		}
	}
	addWrites(t, rs)
	for _, r := range rs {
		t.Run(r.Name, func(t *testing.T) { CheckRenderer(t, r) })
	}
	if w.Prompt != nil {
		t.Run("prompt guard", func(t *testing.T) { CheckFormatPromptGuard(t, w.Format, w.Prompt, w.PromptOpts) })
	}
	goldens := w.Goldens
	if goldens == nil {
		goldens = readGoldens(t)
	}
	if goldens != nil || w.Broken != nil {
		t.Run("template goldens", func(t *testing.T) { CheckTemplateGoldens(t, w.Format, goldens, w.Broken...) })
	}
	if w.Models != nil {
		t.Run("golden models", func(t *testing.T) { CheckGoldenModels(t, w.Format, goldens, w.Models) })
	}
}

// endOfTurn returns the EndOfTurn of f's descriptor, if f is registered.
func endOfTurn(f toolcall.Format) []string {
	for _, d := range toolcall.Descriptors() {
		if d.Format.Name() == f.Name() {
			return d.EndOfTurn
		}
	}
	return nil
}

// JSONArray is a syntax that writes a turn's calls as one JSON array
// between two markers: Open, which ends with the array's "[", and
// Close, which starts with its "]".
type JSONArray struct {
	Open, Close string
	// Trigger is the structural tag's trigger: Open without its "["
	// when empty.
	Trigger string
	// Item writes one call's object, the call's Arguments as they are
	// to be written; {"name": NAME, "arguments": ARGUMENTS} when nil.
	Item func(toolcall.Call) string
	// Source names what writes the golden's calls as the syntax does:
	// "the template" when empty.
	Source string
}

// Renderer returns r with what every JSON-array syntax owes added
// before r's own: the rows of Writes (no calls, the golden's two calls,
// empty arguments, a name JSON escapes), the grammar's row of a response
// without the end marker (the array's "]" when Close is no more), the
// structural tag, and Tolerated (Close after its "]").
func (a JSONArray) Renderer(r Renderer) Renderer {
	source, trigger, array := a.Source, a.Trigger, a.write
	if source == "" {
		source = "the template"
	}
	if trigger == "" {
		trigger = strings.TrimSuffix(a.Open, "[")
	}
	r.Tolerated = strings.TrimPrefix(a.Close, "]")
	r.Writes = append([]Write{
		{Name: "no calls", Want: ""},
		{Name: "the golden's two calls, as " + source + " writes them", Calls: []toolcall.Call{Note, Order},
			Want: array(toolcall.Call{Name: Note.Name, Arguments: NoteArgs}, toolcall.Call{Name: Order.Name, Arguments: OrderArgs})},
		{Name: "empty arguments are {}", Calls: []toolcall.Call{{Name: "f"}}, Want: array(toolcall.Call{Name: "f", Arguments: "{}"})},
		{Name: "a name is a JSON string", Calls: []toolcall.Call{{Name: `a"b`, Arguments: `{}`}}, Want: array(toolcall.Call{Name: `a"b`, Arguments: "{}"})},
	}, r.Writes...)
	own := r.Grammar
	r.Grammar = func(render func(...toolcall.Call) string) []GrammarCase {
		cut := GrammarCase{Name: "no end marker", Text: strings.TrimSuffix(render(Paris), r.Tolerated), Want: false}
		if r.Tolerated == "" {
			cut = GrammarCase{Name: "the array not closed", Text: strings.TrimSuffix(render(Paris), "]"), Want: false}
		}
		if own == nil {
			return []GrammarCase{cut}
		}
		return append([]GrammarCase{cut}, own(render)...)
	}
	r.Tag = &TagWant{Trigger: trigger, Begin: a.Open, End: a.Close}
	return r
}

// write writes calls as a does, each call's Arguments as they are to be
// written.
func (a JSONArray) write(calls ...toolcall.Call) string {
	item := a.Item
	if item == nil {
		item = NameArgumentsObject
	}
	items := make([]string, len(calls))
	for i, c := range calls {
		items[i] = item(c)
	}
	return a.Open + strings.Join(items, ", ") + a.Close
}

// NameArgumentsObject writes c as {"name": NAME, "arguments": ARGUMENTS},
// the name a JSON string, the arguments as they are.
func NameArgumentsObject(c toolcall.Call) string {
	return `{"name": ` + streamtest.JSONString(c.Name) + `, "arguments": ` + c.Arguments + `}`
}
