package formatstest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

// The checks of a format's Constrainer: its grammar's table, and its
// structural tag.

// GrammarTools offers get_weather (city, required, and days, an integer)
// and get_time (no schema): the tools of JSONGrammarCases.
func GrammarTools() []toolcall.Tool {
	return []toolcall.Tool{
		{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}`)},
		{Name: "get_time"},
	}
}

// Paris and Now are a call of each tool of GrammarTools.
var (
	Paris = toolcall.Call{Name: "get_weather", Arguments: `{"city":"Paris","days":2}`}
	Now   = toolcall.Call{Name: "get_time", Arguments: `{}`}
)

// GrammarCase is one row of a grammar table: a text, and whether the
// grammar for a request must match it.
type GrammarCase struct {
	Name string
	// Req is the request the grammar is written for; CheckGrammarCases's
	// when it offers no tools.
	Req  toolcall.Request
	Text string
	Want bool
}

// CheckGrammarCases: for each case, the grammar that grammar writes for
// the case's request (req when the case has none) matches the case's text
// exactly when the case wants it to.
func CheckGrammarCases(t *testing.T, grammar func(toolcall.Request) (string, error), req toolcall.Request, cases []GrammarCase) {
	t.Helper()
	var g *grammartest.Grammar // req's, compiled once
	for _, tc := range cases {
		cg := g
		switch {
		case len(tc.Req.Tools) > 0:
			cg = grammartest.Of(t, grammar, tc.Req)
		case g == nil:
			g = grammartest.Of(t, grammar, req)
			cg = g
		}
		if got := cg.Match(tc.Text); got != tc.Want {
			t.Errorf("%s: the grammar matches %q: %v, want %v", tc.Name, tc.Text, got, tc.Want)
		}
	}
}

// Renders returns a function that writes calls with render, failing t if
// it cannot.
func Renders(t testing.TB, render func([]toolcall.Call) (string, error)) func(...toolcall.Call) string {
	return func(calls ...toolcall.Call) string {
		t.Helper()
		s, err := render(calls)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

// JSONGrammarCases are the rows every grammar of calls with JSON
// arguments keeps, for the tools of GrammarTools and the calls as render
// writes them: one call and two are grammatical; a tool not offered,
// arguments against the schema, two calls under parallel_tool_calls
// false, and another tool than the one tool_choice names are not.
func JSONGrammarCases(render func(...toolcall.Call) string) []GrammarCase {
	no := false
	tools := GrammarTools()
	required := toolcall.Request{Tools: tools, ToolChoice: "required"}
	named := toolcall.Request{Tools: tools, ToolChoice: "get_time"}
	return []GrammarCase{
		{"one call", required, render(Paris), true},
		{"two calls", required, render(Paris, Now), true},
		{"a tool not offered", required, render(toolcall.Call{Name: "rm", Arguments: `{}`}), false},
		{"arguments against the schema", required, render(toolcall.Call{Name: "get_weather", Arguments: `{"days":2}`}), false},
		{"two calls, parallel_tool_calls false", toolcall.Request{Tools: tools, ToolChoice: "required", ParallelToolCalls: &no}, render(Paris, Now), false},
		{"the named tool", named, render(Now), true},
		{"another than the named tool", named, render(Paris), false},
	}
}

// CheckJSONGrammar runs the rows of JSONGrammarCases and those of more
// (for tool_choice "required" where a row has no request) on the grammars
// grammar writes: a format's own rows are its layout's (the end marker
// missing, say).
func CheckJSONGrammar(t *testing.T, grammar func(toolcall.Request) (string, error), render func(...toolcall.Call) string, more []GrammarCase) {
	t.Helper()
	required := toolcall.Request{Tools: GrammarTools(), ToolChoice: "required"}
	CheckGrammarCases(t, grammar, required, append(JSONGrammarCases(render), more...))
}

// StructuralTag is a structural tag as a Constrainer writes it, decoded.
type StructuralTag struct {
	Type   string
	Format struct {
		Type       string
		Triggers   []string
		Tags       []Tag
		AtLeastOne bool `json:"at_least_one"`
	}
}

// Tag is one tag of a StructuralTag.
type Tag struct {
	Begin, End string
	Content    struct{ Type, Grammar string }
}

// DecodeTag decodes raw, failing t if it cannot.
func DecodeTag(t testing.TB, raw []byte) StructuralTag {
	t.Helper()
	var st StructuralTag
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return st
}

// TagWant is what CheckTag wants of a structural tag.
type TagWant struct {
	// Trigger is the one trigger.
	Trigger string
	// Tags is how many tags there are: 1 when 0.
	Tags int
	// Tag is the index of the tag Begin, End, Content and Body are of.
	Tag int
	// Begin and End are the tag's.
	Begin, End string
	// Content is the type of the tag's content; unchecked when empty.
	// "grammar" wants a grammar that compiles.
	Content string
	// Body, when set, is a text from Begin to End whose inside the tag's
	// grammar matches.
	Body string
}

// CheckTag: the structural tag that tag writes for req (whose
// tool_choice is not "required") is one of triggered tags, none of them
// required, with one trigger and the tags want says.
func CheckTag(t *testing.T, tag func(toolcall.Request) ([]byte, error), req toolcall.Request, want TagWant) {
	t.Helper()
	raw, err := tag(req)
	if err != nil {
		t.Fatal(err)
	}
	st := DecodeTag(t, raw)
	f := st.Format
	tags := max(want.Tags, 1)
	if st.Type != "structural_tag" || f.Type != "triggered_tags" || len(f.Triggers) != 1 || f.Triggers[0] != want.Trigger || len(f.Tags) != tags || f.AtLeastOne {
		t.Fatalf("structural tag %s", raw)
	}
	got := f.Tags[want.Tag]
	if got.Begin != want.Begin || got.End != want.End || want.Content != "" && got.Content.Type != want.Content {
		t.Fatalf("tag %+v in %s", got, raw)
	}
	if want.Content != "grammar" {
		return
	}
	g, err := grammartest.Compile(got.Content.Grammar)
	if err != nil {
		t.Fatal(err)
	}
	if inside := strings.TrimSuffix(strings.TrimPrefix(want.Body, got.Begin), got.End); want.Body != "" && !g.Match(inside) {
		t.Errorf("the tag's grammar refuses %q", inside)
	}
}
