package formatstest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// Renderer is one syntax a format writes calls in, with what CheckRenderer
// needs to know of it. A format package's tests list theirs (the
// descriptor's Renderer and any other, such as deepseek.RenderCallsR1)
// and run CheckRenderer on each.
type Renderer struct {
	// Name names the renderer in failures ("deepseek R1").
	Name string
	// Format reads what Render writes.
	Format toolcall.Format
	// Render writes calls.
	Render func([]toolcall.Call) (string, error)
	// Typed says the renderer writes values as text, typed back by the
	// tools' schemas.
	Typed bool
	// Textual says the renderer writes values as bare text, so that a
	// wrong value can read as a right one (5 where a string is wanted,
	// "7" where an integer is): the grammar checks do not count those
	// as near misses.
	Textual bool
	// Unconstrained says the format's Grammar does not write this syntax
	// (it writes the format's main one), so the grammar checks skip it.
	// Otherwise Format must be a toolcall.Constrainer.
	Unconstrained bool
	// Tolerated is the text a single call ends with that a response may
	// lack or have cut: the end markers after the arguments, which the
	// format tolerates missing. Empty when the format tolerates no
	// missing end: then any cut leaves no call.
	Tolerated string
	// ValueClose, for a renderer whose values are text, is the tag that
	// closes a value: the grammar lets a value hold any tag but it.
	// Empty skips that check.
	ValueClose string
	// EndsTurn are end-of-turn tokens after which a runaway continuation
	// is dropped with one end_of_turn diagnostic.
	EndsTurn []string
	// Writes are rows of what Render writes: calls and their text. With
	// them, CheckRenderer checks each row, and that Render refuses
	// arguments that are not an object.
	Writes []Write
	// Grammar, when set, writes with render (Render's, failing the test
	// on an error) the rows the format's grammar keeps beside
	// JSONGrammarCases' (its layout's: the end marker missing, say), and
	// CheckRenderer runs both (CheckJSONGrammar).
	Grammar func(render func(...toolcall.Call) string) []GrammarCase
	// Tag, when set, is what the format's structural tag for the tools of
	// GrammarTools is (CheckTag).
	Tag *TagWant
}

// Write is one row of Renderer.Writes: calls, and the text Render writes
// for them.
type Write struct {
	Name  string
	Calls []toolcall.Call
	Want  string
}

// CheckRenderers runs CheckRenderer on each renderer, a subtest each.
func CheckRenderers(t *testing.T, renderers ...Renderer) {
	t.Helper()
	for _, r := range renderers {
		t.Run(r.Name, func(t *testing.T) { CheckRenderer(t, r) })
	}
}

// CheckRenderer runs the renderer checks on r: the BFCL corpus's calls
// render and parse back, stream back with argument streaming without a
// call withdrawn or sent again, a response cut inside a call's arguments
// gives no call, the format's grammar writes what r writes and nothing
// a schema forbids, and an end-of-turn token ends the response.
func CheckRenderer(t *testing.T, r Renderer) {
	t.Helper()
	if r.Writes != nil {
		t.Run("writes", func(t *testing.T) { checkWrites(t, r) })
	}
	if !r.Typed {
		t.Run("generated calls round trip", func(t *testing.T) { streamtest.CheckRenderer(t, r.Format, r.Render) })
	}
	t.Run("generated calls round trip typed", func(t *testing.T) { streamtest.CheckTypedRenderer(t, r.Format, r.Render) })
	t.Run("corpus round trip", func(t *testing.T) { checkCorpusRoundTrip(t, r) })
	t.Run("corpus argument streaming", func(t *testing.T) { checkCorpusArgumentStreaming(t, r) })
	t.Run("corpus argument streaming splits", func(t *testing.T) { checkCorpusArgumentStreamingSplits(t, r) })
	t.Run("cut-off calls are no calls", func(t *testing.T) { checkCutOffCalls(t, r) })
	if !r.Unconstrained {
		t.Run("rendered calls are in the grammar", func(t *testing.T) { checkRenderedCallsInGrammar(t, r) })
		t.Run("grammar narrows to tool choice", func(t *testing.T) { checkGrammarNarrowsToToolChoice(t, r) })
		t.Run("grammar writes only object arguments", func(t *testing.T) { checkGrammarObjectArguments(t, r) })
		t.Run("grammar numbers stay numbers", func(t *testing.T) { checkGrammarNumbers(t, r) })
		if r.ValueClose != "" {
			t.Run("grammar text values hold tags", func(t *testing.T) { checkGrammarTextValues(t, r) })
		}
	}
	if r.Grammar != nil {
		t.Run("grammar rows", func(t *testing.T) {
			render := Renders(t, r.Render)
			CheckJSONGrammar(t, r.Format.(toolcall.Constrainer).Grammar, render, r.Grammar(render))
		})
	}
	if r.Tag != nil {
		t.Run("structural tag", func(t *testing.T) {
			CheckTag(t, r.Format.(toolcall.Constrainer).StructuralTag, toolcall.Request{Tools: GrammarTools()}, *r.Tag)
		})
	}
	if len(r.EndsTurn) > 0 {
		t.Run("end of turn ends the response", func(t *testing.T) { checkEndOfTurnEndsResponse(t, r) })
	}
}

// checkWrites: Render writes each row's calls as the row's text, and
// refuses arguments that are not an object.
func checkWrites(t *testing.T, r Renderer) {
	for _, w := range r.Writes {
		if got, err := r.Render(w.Calls); err != nil || got != w.Want {
			t.Errorf("%s: %q, %v; want %q", w.Name, got, err, w.Want)
		}
	}
	if _, err := r.Render([]toolcall.Call{{Name: "f", Arguments: "[1]"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
}

// corpusCalls are the calls of a BFCL case.
func corpusCalls(c corpus.Case) []toolcall.Call {
	calls := make([]toolcall.Call, len(c.Calls))
	for i, call := range c.Calls {
		calls[i] = toolcall.Call{Name: call.Name, Arguments: string(call.Arguments)}
	}
	return calls
}

// checkCorpusRoundTrip renders the calls of every BFCL case and parses
// them back.
func checkCorpusRoundTrip(t *testing.T, r Renderer) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	for _, c := range cases {
		if r.Typed {
			streamtest.RenderRoundTripTyped(t, r.Format, r.Render, corpusCalls(c))
		} else {
			streamtest.RenderRoundTrip(t, r.Format, r.Render, corpusCalls(c))
		}
	}
}

// checkCorpusArgumentStreaming renders the calls of every BFCL case and
// streams them back in 7-byte deltas with argument streaming on: the
// stream's promises hold (streamtest.CompareStreaming), no call is
// withdrawn, and none is sent again whole. It logs how many calls
// streamed before the delta that completed them, and how many were
// withdrawn when the text is cut short (the response ends inside the
// last call, as a client disconnect or a length limit does).
func checkCorpusArgumentStreaming(t *testing.T, r Renderer) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	var all, cut streamtest.Streaming
	for _, c := range cases {
		text, err := r.Render(corpusCalls(c))
		if err != nil {
			continue
		}
		req := toolcall.Request{Tools: c.Tools}
		st := streamtest.CompareStreaming(t, r.Format, req, benchdata.Deltas(text, 7))
		all.Calls += st.Calls
		all.Streamed += st.Streamed
		all.Retracted += st.Retracted
		all.Resent += st.Resent
		if st.Resent > 0 && all.Resent < 3 {
			t.Logf("%s %q", c.ID, text)
		}
		st = streamtest.CompareStreaming(t, r.Format, req, benchdata.Deltas(text[:len(text)*2/3], 7))
		cut.Calls += st.Calls
		cut.Retracted += st.Retracted
	}
	if all.Retracted > 0 || all.Resent > 0 {
		t.Errorf("%d calls withdrawn, %d sent again whole, of %d", all.Retracted, all.Resent, all.Calls)
	}
	t.Logf("%d calls: %d streamed before their last delta; cut at 2/3: %d withdrawn, %d calls", all.Calls, all.Streamed, cut.Retracted, cut.Calls)
}

// checkCorpusArgumentStreamingSplits: the same, for calls drawn from the
// corpus and deltas cut anywhere (rapid).
func checkCorpusArgumentStreamingSplits(t *testing.T, r Renderer) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(cases).Draw(t, "case")
		text, err := r.Render(corpusCalls(c))
		if err != nil {
			t.Skip(err)
		}
		st := streamtest.CompareStreaming(t, r.Format, toolcall.Request{Tools: c.Tools}, streamtest.Split(t, text))
		if st.Retracted > 0 || st.Resent > 0 {
			t.Fatalf("%s in %s: %+v", c.ID, r.Name, st)
		}
	})
}

// writeRequest offers write, both of whose arguments are required.
var writeRequest = toolcall.Request{Tools: []toolcall.Tool{{Name: "write", Parameters: json.RawMessage(
	`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)}}}

// checkCutOffCalls: a call is complete only when its arguments are. For
// every call, a response that the end cuts anywhere inside the call's
// arguments gives no call (no half file, no call with an argument
// missing); one cut anywhere inside the end markers that follow complete
// arguments gives the call, once, and nothing of the cut marker as
// content. Streamed in deltas, with and without argument streaming, a cut
// response gives what the whole text gives.
func checkCutOffCalls(t *testing.T, r Renderer) {
	value := rapid.StringOfN(rapid.SampledFrom([]rune("ab xyZ\"'\n<>{}[],:\\=é")), 1, 12, -1)
	rapid.Check(t, func(t *rapid.T) {
		args := map[string]string{"path": value.Draw(t, "path"), "content": value.Draw(t, "content")}
		raw, _ := json.Marshal(args)
		call := toolcall.Call{Name: "write", Arguments: string(raw)}
		text, err := r.Render([]toolcall.Call{call})
		if err != nil {
			t.Fatal(err)
		}
		tail := r.Tolerated
		if !strings.HasSuffix(text, tail) {
			t.Fatalf("%q does not end with %q", text, tail)
		}
		argsEnd := len(text) - len(tail)
		// One cut, in deltas, with and without argument streaming:
		// what a whole-text parse gives (a call announced while it
		// arrives is withdrawn when the end cuts it).
		cut := rapid.IntRange(1, len(text)-1).Draw(t, "cut")
		streamtest.Compare(t, r.Format, writeRequest, streamtest.SeededSplit(text[:cut], rapid.Uint64().Draw(t, "seed")))
		for i := 1; i < len(text); i++ {
			res := stream.Parse(r.Format, text[:i], writeRequest)
			switch {
			case i < argsEnd && len(res.Calls) > 0:
				t.Fatalf("cut inside the arguments, %q gives %s %s", text[:i], res.Calls[0].Name, res.Calls[0].Arguments)
			case i >= argsEnd && (len(res.Calls) != 1 || !SameJSON(res.Calls[0].Arguments, call.Arguments)):
				t.Fatalf("cut inside the end markers, %q gives %+v, want the call once", text[:i], res.Calls)
			case i >= argsEnd && res.Content != "":
				t.Fatalf("cut inside the end markers, %q gives content %q", text[:i], res.Content)
			}
		}
	})
}

// SameJSON reports whether a and b are the same JSON value.
func SameJSON(a, b string) bool {
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}

// constrained returns the compiled Grammar of format for req.
func constrained(t *testing.T, format toolcall.Format, req toolcall.Request) *grammartest.Grammar {
	t.Helper()
	c, ok := format.(toolcall.Constrainer)
	if !ok {
		t.Fatalf("%s is not a toolcall.Constrainer", format.Name())
	}
	return grammartest.Of(t, c.Grammar, req)
}

// checkGrammarObjectArguments: a tool with no parameters schema takes an
// object under the format's grammar; "arguments": "x" is not one.
func checkGrammarObjectArguments(t *testing.T, r Renderer) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "ping"}}, ToolChoice: "required"}
	g := constrained(t, r.Format, req)
	text, err := r.Render([]toolcall.Call{{Name: "ping", Arguments: `{"k": 1}`}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, `{"k": 1}`) {
		return // the format does not write arguments as a JSON object
	}
	if !g.Match(text) {
		t.Errorf("%s: the grammar refuses %q", r.Name, text)
	}
	for _, bad := range []string{`"x"`, `1`, `[]`, `null`} {
		if wrong := strings.Replace(text, `{"k": 1}`, bad, 1); g.Match(wrong) {
			t.Errorf("%s: the grammar lets a tool without a schema take %s: %q", r.Name, bad, wrong)
		}
	}
}

// checkGrammarNumbers: every number the grammar allows is one that
// coercion and validation keep a number; 2e430 is not.
func checkGrammarNumbers(t *testing.T, r Renderer) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "scale", Parameters: json.RawMessage(
		`{"type":"object","properties":{"x":{"type":"number"},"n":{"type":"integer"}},"required":["x","n"]}`)}}, ToolChoice: "required"}
	g := constrained(t, r.Format, req)
	text, err := r.Render([]toolcall.Call{{Name: "scale", Arguments: `{"x": 12345.5, "n": 67890}`}})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Match(text) {
		t.Fatalf("%s: the grammar refuses %q", r.Name, text)
	}
	for _, ok := range []string{"2.5e10", "1e-300", "-0.125", "123456789012345678901"} {
		if good := strings.Replace(text, "12345.5", ok, 1); !g.Match(good) {
			t.Errorf("%s: the grammar refuses the number %s: %q", r.Name, ok, good)
		}
	}
	for _, huge := range []string{"2e430", "1e999", "1" + strings.Repeat("0", 400)} {
		if bad := strings.Replace(text, "12345.5", huge, 1); g.Match(bad) {
			t.Errorf("%s: the grammar allows the number %.20s…, which no float64 holds", r.Name, huge)
		}
	}
	if bad := strings.Replace(text, "67890", strings.Repeat("9", 40), 1); g.Match(bad) {
		t.Errorf("%s: the grammar allows a 40-digit integer", r.Name)
	}
}

// checkGrammarTextValues: where values are text (Qwen3-Coder, GLM), a
// value may hold any tag but its own close: <p>x</p> is a value,
// x</arg_value> in a GLM value or x</parameter> in a Qwen3-Coder one is
// not.
func checkGrammarTextValues(t *testing.T, r Renderer) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "put", Parameters: json.RawMessage(
		`{"type":"object","properties":{"html":{"type":"string"},"note":{"type":["string","null"]}},"required":["html"]}`)}}, ToolChoice: "required"}
	g := constrained(t, r.Format, req)
	for _, html := range []string{"<p>x</p>", "a </b> < / <</", "</tool_call></function>", "</arg_value", "</parameter"} {
		for _, note := range []string{`"hello"`, `null`, `plain words`} {
			text, err := r.Render([]toolcall.Call{{Name: "put", Arguments: `{"html":` + streamtest.JSONString(html) + `,"note":` + note + `}`}})
			if note == "plain words" {
				text, err = r.Render([]toolcall.Call{{Name: "put", Arguments: `{"html":` + streamtest.JSONString(html) + `,"note":"plain words"}`}})
			}
			if err != nil {
				t.Fatal(err)
			}
			if !g.Match(text) {
				t.Errorf("%s: the grammar refuses %q", r.Name, text)
			}
		}
	}
	text, _ := r.Render([]toolcall.Call{{Name: "put", Arguments: `{"html":` + streamtest.JSONString("x"+r.ValueClose+"y") + `}`}})
	if g.Match(text) {
		t.Errorf("%s: the grammar lets a value hold its own close tag: %q", r.Name, text)
	}
}

// checkEndOfTurnEndsResponse: a server that did not stop at the model's
// end-of-turn token sends a runaway continuation (a next turn, the same
// call again); what follows the token is not part of the response:
// dropped, with one end_of_turn diagnostic. For each of r.EndsTurn.
func checkEndOfTurnEndsResponse(t *testing.T, r Renderer) {
	call := toolcall.Call{Name: "f", Arguments: `{"a":1}`}
	runaway := "<|start_header_id|>assistant<|end_header_id|>\n\nSure. [f(a=1)] <tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 1}}</tool_call>"
	text, err := r.Render([]toolcall.Call{call})
	if err != nil {
		t.Fatal(err)
	}
	for _, eot := range r.EndsTurn {
		doc := text + eot + runaway
		res := stream.Parse(r.Format, doc, toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}})
		ends := 0
		for _, d := range res.Diagnostics {
			if d.Kind == toolcall.KindEndOfTurn {
				ends++
			}
		}
		if len(res.Calls) != 1 || res.Content != "" || ends != 1 {
			t.Errorf("%s, %s: calls %+v, content %q, diagnostics %v; want the call once, no content, one end_of_turn diagnostic", r.Name, eot, res.Calls, res.Content, res.Diagnostics)
		}
		streamtest.Compare(t, r.Format, toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}, streamtest.SeededSplit(doc, 7))
	}
}

// Shape is one real-output shape (what real models write that is not the
// format's own syntax, or nearly a call): the text, and the calls it
// holds (none for a near miss).
type Shape struct {
	Name string
	Text string
	Want []toolcall.Call
}

// WeatherTools offers get_weather (city, unit) and search (q, options),
// the tools the shapes of CheckShapes call.
func WeatherTools() toolcall.Request {
	return toolcall.Request{Tools: []toolcall.Tool{
		{Name: "get_weather", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"},"unit":{"type":"string"}}}`)},
		{Name: "search", Parameters: []byte(`{"type":"object","properties":{"q":{"type":"string"},"options":{"type":"object"}}}`)},
	}}
}

// Weather is one call to get_weather with the arguments args.
func Weather(args string) []toolcall.Call {
	return []toolcall.Call{{Name: "get_weather", Arguments: args}}
}

// CheckShapes: each shape, read by f with the tools of WeatherTools,
// whole, split in two at every byte, and in 1-byte deltas, with and
// without argument streaming, gives its calls.
func CheckShapes(t *testing.T, f toolcall.Format, shapes []Shape) {
	t.Helper()
	weatherTools := WeatherTools()
	for _, tc := range shapes {
		t.Run(tc.Name, func(t *testing.T) {
			check := func(how string, deltas []string, opts ...stream.Option) {
				s := stream.New(f, weatherTools, append(opts, stream.WithIDs(func(c toolcall.Call) string { return "" }))...)
				var calls []toolcall.Call
				take := func(evs []toolcall.Event) {
					for _, e := range evs {
						if e.Call != nil {
							calls = append(calls, toolcall.Call{Name: e.Call.Name, Arguments: e.Call.Arguments})
						}
					}
				}
				for _, d := range deltas {
					take(s.Feed(d))
				}
				take(s.Close())
				if fmt.Sprint(calls) != fmt.Sprint(tc.Want) && !(len(calls) == 0 && len(tc.Want) == 0) {
					t.Fatalf("%s %s: calls %v, want %v", f.Name(), how, calls, tc.Want)
				}
			}
			for _, opts := range [][]stream.Option{nil, {stream.WithArgumentStreaming()}} {
				check("whole", []string{tc.Text}, opts...)
				for i := 1; i < len(tc.Text); i++ {
					check(fmt.Sprintf("split at %d", i), []string{tc.Text[:i], tc.Text[i:]}, opts...)
				}
				var bytes []string
				for i := range len(tc.Text) {
					bytes = append(bytes, tc.Text[i:i+1])
				}
				check("in 1-byte deltas", bytes, opts...)
			}
		})
	}
}
