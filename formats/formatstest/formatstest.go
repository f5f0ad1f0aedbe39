// Package formatstest is the conformance suite every described format
// runs through: Run takes a toolcall.Descriptor and checks, from what the
// descriptor says alone, that the format keeps the contract every format
// keeps. A format that registers a descriptor gets the whole suite from a
// test that walks toolcall.Descriptors (the root package's does).
//
// The checks: the descriptor is consistent (its profiles are its
// prompter's, each profile's prompt leaves reasoning open exactly when
// the profile says so, PromptAs names a described format that prompts);
// what RenderCalls writes parses back to the same calls, with values typed
// by the tools' schemas, and the same for every split into deltas, with
// prose around it; a response cut anywhere before a call's arguments are
// complete gives no call; the Grammar accepts what RenderCalls writes for
// a required tool, typed or with a schema that leaves room (null, no
// type, an object without properties); an end-of-turn token never
// reaches the content, and the text after it is content or dropped with
// an end_of_turn diagnostic, never lost without a word; answers that only
// talk about tools are content, in the format and in its Strict reading
// (CheckProse).
//
// A format package's own tests run the checks that need what only the
// package knows: CheckRenderer on each syntax it writes calls in (the
// corpus round trip, argument streaming, cut-off calls, its grammar),
// CheckTemplateGoldens on its chat templates' goldens, CheckShapes on the
// real-output shapes it reads, and CheckLimitKeepsTheOpeningMarker.
//
// The package also holds what the format packages' tests share instead of
// copying: the runners of their tables (CheckGrammarCases and
// CheckJSONGrammar, CheckTag, CheckPromptCases and CheckPromptErrors,
// TaggedCases for the formats of tagged blocks, CheckFormatPromptGuard
// for a RenderPrompt's special-token guard), the conversations'
// readers (Conversations, MoreConversations, DecodeConversation,
// CheckPrompt), the golden conversation's two calls (Note, Order), the
// rows, documents and promises of the formats that write one JSON array
// (Array, JSONArray, FuzzArray), the readers of a package's test data
// (WritesDir: what its renderers write; testdata/templates/goldens.txt:
// its goldens), and the benchmarks of small calls and prose
// (BenchCalls, BenchWeatherCalls, BenchDeltas).
package formatstest

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// Run runs the conformance suite on d.
func Run(t *testing.T, d toolcall.Descriptor) {
	t.Helper()
	if d.Format == nil {
		t.Fatal("the descriptor has no Format")
	}
	t.Run("descriptor", func(t *testing.T) { checkDescriptor(t, d) })
	if d.Reply != nil {
		t.Run("reply", func(t *testing.T) { checkReply(t, d) })
	}
	t.Run("prose stays prose", func(t *testing.T) {
		if d.Strict == nil {
			CheckProse(t, d.Format)
			return
		}
		CheckProseLenient(t, d.Format)
		t.Run("strict", func(t *testing.T) { CheckProse(t, d.Strict) })
	})
	if d.Renderer == nil {
		return
	}
	render := d.Renderer.RenderCalls
	t.Run("render round trip", func(t *testing.T) { streamtest.CheckTypedRenderer(t, d.Format, render) })
	t.Run("split invariance", func(t *testing.T) {
		text := mustRender(t, render, sample...)
		streamtest.CheckFormatRequest(t, d.Format, sampleRequest(""), []string{text, "Let me check. " + text})
	})
	t.Run("cut-off calls are no calls", func(t *testing.T) { checkCutOff(t, d.Format, render) })
	if d.Constrainer != nil {
		t.Run("grammar accepts RenderCalls", func(t *testing.T) { checkGrammar(t, d) })
	}
	if len(d.EndOfTurn) > 0 {
		t.Run("end of turn", func(t *testing.T) { checkEndOfTurn(t, d, render) })
	}
}

// checkReply: a reply written as the family's models write it (Reply),
// after the default profile's prompt, reads back as written, whole and
// in small deltas: the reasoning as reasoning (for families that reason),
// the content as content, the calls as calls, nothing of the markers left.
func checkReply(t *testing.T, d toolcall.Descriptor) {
	opened := len(d.Profiles) > 0 && d.Profiles[0].OpensReasoning
	for _, calls := range [][]toolcall.Call{sample, nil} {
		text, err := d.Reply("I should look the order up.", "Let me check.", calls)
		if err != nil {
			t.Fatal(err)
		}
		opts := []stream.Option{stream.ForPrompt(toolcall.Prompt{InReasoning: opened}), stream.WithPolicy(policy.Policy{Mode: policy.All})}
		for _, deltas := range [][]string{{text}, streamtest.SeededSplit(text, 1), streamtest.SeededSplit(text, 2)} {
			s := stream.New(d.Format, sampleRequest(""), opts...)
			var content, reasoning strings.Builder
			var got []toolcall.Call
			take := func(evs []toolcall.Event) {
				for _, e := range evs {
					content.WriteString(e.Content)
					reasoning.WriteString(e.Reasoning)
					if e.Call != nil {
						got = append(got, *e.Call)
					}
				}
			}
			for _, delta := range deltas {
				take(s.Feed(delta))
			}
			take(s.Close())
			if c := strings.TrimSpace(content.String()); c != "Let me check." {
				t.Errorf("%q: content %q, want %q", text, c, "Let me check.")
			}
			want := ""
			if strings.Contains(text, "I should look the order up.") {
				want = "I should look the order up."
			}
			if r := strings.TrimSpace(reasoning.String()); r != want {
				t.Errorf("%q: reasoning %q, want %q", text, r, want)
			}
			if len(got) != len(calls) {
				t.Fatalf("%q: %d calls, want %d (%+v)", text, len(got), len(calls), s.Diagnostics())
			}
			for i := range got {
				if got[i].Name != calls[i].Name || !streamtest.JSONEqual(got[i].Arguments, calls[i].Arguments) {
					t.Errorf("%q: call %d is %s %s, want %s %s", text, i, got[i].Name, got[i].Arguments, calls[i].Name, calls[i].Arguments)
				}
			}
		}
	}
}

// sample are the calls the suite renders: a string, an integer, a boolean,
// an array and a nested object, with quotes, a newline, a backslash and
// non-ASCII text in strings.
var sample = []toolcall.Call{
	{Name: "write_note", Arguments: `{"path":"notes/todo.txt","text":"She said \"hi\"\nthen <b>left</b> \\ é"}`},
	{Name: "lookup_order", Arguments: `{"order_id":42,"urgent":true,"fields":["sku","qty"],"options":{"max_price":19.5}}`},
}

// sampleRequest offers the sample's tools with schemas that type their
// arguments, and asks for tool choice choice.
func sampleRequest(choice string) toolcall.Request {
	return toolcall.Request{ToolChoice: choice, Tools: []toolcall.Tool{
		{Name: "write_note", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"text":{"type":"string"}},"required":["path","text"]}`)},
		{Name: "lookup_order", Parameters: json.RawMessage(`{"type":"object","properties":{"order_id":{"type":"integer"},"urgent":{"type":"boolean"},"fields":{"type":"array","items":{"type":"string"}},"options":{"type":"object","properties":{"max_price":{"type":"number"}}}},"required":["order_id"]}`)},
	}}
}

func mustRender(t testing.TB, render func([]toolcall.Call) (string, error), calls ...toolcall.Call) string {
	t.Helper()
	text, err := render(calls)
	if err != nil {
		t.Fatalf("RenderCalls: %v", err)
	}
	return text
}

func checkDescriptor(t *testing.T, d toolcall.Descriptor) {
	if d.Prompter == nil && d.PromptAs == "" {
		for _, p := range d.Profiles {
			if p.Name != "" {
				t.Errorf("profile %q, but the format has no Prompter", p.Name)
			}
		}
		return
	}
	if d.Prompter == nil {
		found := slices.ContainsFunc(toolcall.Descriptors(), func(x toolcall.Descriptor) bool {
			return x.Format.Name() == d.PromptAs && x.Prompter != nil
		})
		if !found {
			t.Errorf("PromptAs %q names no described format with a Prompter", d.PromptAs)
		}
		return
	}
	profiles := d.Prompter.PromptProfiles()
	if len(d.Profiles) > 0 && len(profiles) > 0 && d.Profiles[0].Name != profiles[0] {
		t.Errorf("the descriptor's first profile is %q, the prompter's default %q", d.Profiles[0].Name, profiles[0])
	}
	msgs := []toolcall.Message{{Role: "user", Content: "What is on order 42?"}}
	for _, p := range d.Profiles {
		if !slices.Contains(profiles, p.Name) {
			t.Errorf("profile %q is not one of the prompter's %v", p.Name, profiles)
			continue
		}
		prompt, err := d.Prompter.Prompt(msgs, sampleRequest("").Tools, toolcall.PromptOptions{Profile: p.Name})
		if err != nil {
			t.Errorf("profile %q: %v", p.Name, err)
			continue
		}
		if prompt.InReasoning != p.OpensReasoning {
			t.Errorf("profile %q: the prompt leaves reasoning open: %v; the descriptor says %v", p.Name, prompt.InReasoning, p.OpensReasoning)
		}
	}
}

// checkCutOff cuts a rendered call everywhere before its last argument's
// last byte: no cut may give a call.
func checkCutOff(t *testing.T, f toolcall.Format, render func([]toolcall.Call) (string, error)) {
	const last = "zzzEND"
	text := mustRender(t, render, toolcall.Call{Name: "write_note", Arguments: `{"path":"a.txt","text":"` + last + `"}`})
	end := strings.LastIndex(text, last)
	if end < 0 {
		t.Skipf("the rendered call %q does not hold its value as written", text)
	}
	end += len(last) - 1
	req := sampleRequest("")
	for cut := 0; cut < end; cut++ {
		if r := stream.Parse(f, text[:cut], req, stream.WithPolicy(policy.Policy{Mode: policy.All})); len(r.Calls) != 0 {
			t.Fatalf("the response cut after %q gives the calls %+v", text[:cut], r.Calls)
		}
	}
}

func checkGrammar(t *testing.T, d toolcall.Descriptor) {
	req := sampleRequest("required")
	g := grammartest.Of(t, d.Constrainer.Grammar, req)
	for _, c := range sample {
		text := mustRender(t, d.Renderer.RenderCalls, c)
		if !g.Match(text) {
			t.Errorf("the grammar refuses what RenderCalls writes: %q", text)
		}
	}
	if _, err := d.Constrainer.StructuralTag(req); err != nil {
		t.Errorf("StructuralTag: %v", err)
	}
	// A schema that leaves room: every value it allows, as RenderCalls
	// writes it (a type attribute, a text-or-JSON flag, elements), is
	// one the grammar takes.
	g = grammartest.Of(t, d.Constrainer.Grammar, toolcall.Request{Tools: []toolcall.Tool{looseTool}, ToolChoice: "required"})
	for _, args := range looseArgs {
		text := mustRender(t, d.Renderer.RenderCalls, toolcall.Call{Name: looseTool.Name, Arguments: args})
		if !g.Match(text) {
			t.Errorf("the grammar refuses what RenderCalls writes for %s: %q", args, text)
		}
	}
}

// looseTool's schema allows null beside a string and an integer, names
// no type for any, and allows an object (with no properties listed) or
// null for o; looseArgs are calls to it.
var (
	looseTool = toolcall.Tool{Name: "loose", Parameters: json.RawMessage(`{"type":"object","properties":{` +
		`"s":{"type":["string","null"]},"n":{"type":["integer","null"]},"any":{},"o":{"anyOf":[{"type":"object"},{"type":"null"}]}},"required":["s"]}`)}
	looseArgs = []string{`{"s":"a b"}`, `{"s":null}`, `{"s":"x","n":3}`, `{"s":"x","n":null}`, `{"s":"x","any":[1,{"a":true}]}`,
		`{"s":"x","any":2.5}`, `{"s":"x","any":"t"}`, `{"s":"x","o":null}`, `{"s":"x","o":{"k":1}}`}
)

func checkEndOfTurn(t *testing.T, d toolcall.Descriptor, render func([]toolcall.Call) (string, error)) {
	text := mustRender(t, render, sample[:1]...)
	for _, eot := range d.EndOfTurn {
		r := stream.Parse(d.Format, text+eot+"User: and now?", sampleRequest(""))
		if len(r.Calls) != 1 {
			t.Errorf("%s: %d calls before the end of turn, want 1", eot, len(r.Calls))
		}
		if strings.Contains(r.Content, eot) {
			t.Errorf("%s: the end-of-turn token is content: %q", eot, r.Content)
		}
		// The text after it is the response's (content) or dropped with a
		// diagnostic: never lost without a word.
		told := slices.ContainsFunc(r.Diagnostics, func(x toolcall.Diagnostic) bool { return x.Kind == toolcall.KindEndOfTurn })
		if kept := strings.Contains(r.Content, "now?"); kept == told {
			t.Errorf("%s: the text after the end of turn is content: %v, told: %v (%+v)", eot, kept, told, r)
		}
	}
}
