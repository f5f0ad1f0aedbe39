package block_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// toy is a test-only format made of one JSONArray table: the formats of
// FORMATS-NEW.md §1 that write their calls as a JSON array between
// markers, not registered (a later issue does that, with their prompts).
type toy struct {
	name  string
	table *block.Format
}

func (f toy) Name() string { return f.name }

func (f toy) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	return block.NewDecoder(f.table, req)
}

// arrayFormat is a toy format whose calls stand between open and close
// (a JSON array that ends them when close is ""), with eot its end of
// turn.
func arrayFormat(name, open, close, eot string, keys block.Keys) toy {
	const (
		tOpen block.Token = iota
		tEOT
		tClose
	)
	markers := []block.Marker{
		tOpen: {Text: open, Role: block.Opens},
		tEOT:  {Text: eot, EndsTurn: true},
	}
	end := block.NoToken
	if close != "" {
		markers = append(markers, block.Marker{Text: close}) // an orphan: dropped
		end = tClose
	}
	return toy{name, &block.Format{Markers: markers, Kinds: []block.Kind{block.JSONArray(end, keys)}}}
}

var (
	nameKeyed = func() block.Keys { k := block.CallKeys; k.NameKeyed = true; return k }()
	arrayOnly = func() block.Keys { k := block.CallKeys; k.ArrayOnly = true; return k }()
)

// The six spellings.
var (
	nemotron  = arrayFormat("nemotron_v2", "<TOOLCALL>", "</TOOLCALL>", "<SPECIAL_12>", block.CallKeys)
	apertus   = arrayFormat("apertus", "<|tools_prefix|>", "<|tools_suffix|>", "<|assistant_end|>", nameKeyed)
	apriel    = arrayFormat("apriel", "<tool_calls>", "</tool_calls>", "<|end|>", block.CallKeys)
	granite   = arrayFormat("granite", "<|tool_call|>", "", "<|end_of_text|>", block.CallKeys)
	functools = arrayFormat("functools", "functools", "", "<|end|>", arrayOnly)
	cohere    = arrayFormat("cohere", "<|START_ACTION|>", "<|END_ACTION|>", "<|END_OF_TURN_TOKEN|>", block.CallKeys)
)

// The two calls of the goldens' "tools" conversation.
var (
	noteArgs  = `{"path": "notes/todo.txt", "text": "She said \"hi\"\nthen <b>left</b>"}`
	orderArgs = `{"order_id": 42, "status": "shipped", "options": {"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}}`
	twoCalls  = []toolcall.Call{{Name: "write_note", Arguments: noteArgs}, {Name: "lookup_order", Arguments: orderArgs}}
)

// goldens are the assistant turns of the two-call conversation as each
// model's chat template writes them (templates/golden/<dir>/tools.txt),
// with the IDs the model writes.
var goldens = []struct {
	f   toy
	doc string
	ids []string
}{
	{nemotron, `<TOOLCALL>[{"name": "write_note", "arguments": ` + noteArgs + `}, {"name": "lookup_order", "arguments": ` + orderArgs + "}]</TOOLCALL>\n<SPECIAL_12>\n", nil},
	{apertus, `<|tools_prefix|>[{"write_note": ` + noteArgs + `}, {"lookup_order": ` + orderArgs + `}]<|tools_suffix|>`, nil},
	{apriel, "\n<tool_calls>[{\"name\": \"write_note\", \"arguments\": " + noteArgs + `, "id": "a1B2c3D4e"}, {"name": "lookup_order", "arguments": ` + orderArgs + `, "id": "f5G6h7J8k"}]</tool_calls>` + "\n<|end|>\n", []string{"a1B2c3D4e", "f5G6h7J8k"}},
	// granite33's template drops an assistant turn's calls: written as
	// FORMATS-NEW.md's table says Granite 3.x writes them.
	{granite, `<|tool_call|>[{"name": "write_note", "arguments": ` + noteArgs + `}, {"name": "lookup_order", "arguments": ` + orderArgs + "}]<|end_of_text|>\n", nil},
	// No golden: as Phi-4-mini and FireFunction write them (FORMATS-NEW.md).
	{functools, ` functools[{"name": "write_note", "arguments": ` + noteArgs + `}, {"name": "lookup_order", "arguments": ` + orderArgs + "}]", nil},
	{cohere, "<|START_THINKING|><|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"write_note\", \"parameters\": " + noteArgs + "},\n    {\"tool_call_id\": \"1\", \"tool_name\": \"lookup_order\", \"parameters\": " + orderArgs + "}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>", []string{"0", "1"}},
}

var twoTools = toolcall.Request{Tools: streamtest.Tools("write_note", "lookup_order")}

// Each spelling's two-call reply reads as its two calls, with the model's
// IDs, through the block machine's decoder and through the stream, in
// every split (Expect: also with argument streaming and quiet deltas).
func TestJSONArrayGoldens(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.f.name, func(t *testing.T) {
			content := ""
			if g.f.name == "cohere" { // its thinking tags are not this table's
				content = "<|START_THINKING|><|END_THINKING|>"
			}
			streamtest.Expect(t, g.f, twoTools, g.doc, content, twoCalls)
			d := g.f.NewDecoder(&twoTools)
			var calls []toolcall.Call
			for _, e := range d.Close(d.Feed(nil, g.doc)) {
				if e.Call != nil {
					calls = append(calls, *e.Call)
				}
			}
			if len(calls) != 2 {
				t.Fatalf("the decoder gave %d calls: %+v", len(calls), calls)
			}
			res := stream.Parse(g.f, g.doc, twoTools)
			for i, id := range g.ids {
				if calls[i].ID != id || res.Calls[i].ID != id {
					t.Errorf("call %d: the decoder's ID %q, the stream's %q; want the model's %q", i, calls[i].ID, res.Calls[i].ID, id)
				}
			}
		})
	}
}

func call(name, args string) toolcall.Call { return toolcall.Call{Name: name, Arguments: args} }

// What a block holds besides the goldens' arrays: one call object, the
// arguments as a string, none, an empty array; and what is no calls,
// which is content verbatim, markers and all.
func TestJSONArrayShapes(t *testing.T) {
	f := []string{"f"}
	for _, tc := range []struct {
		name    string
		f       toy
		doc     string
		content string
		calls   []toolcall.Call
	}{
		{"one object", nemotron, `<TOOLCALL>{"name": "f", "arguments": {"a": 1}}</TOOLCALL>`, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"arguments as a string", apriel, `<tool_calls>[{"name": "f", "arguments": "{\"a\": 1}"}]</tool_calls>`, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"no arguments", cohere, `<|START_ACTION|>[{"tool_name": "f"}]<|END_ACTION|>`, "", []toolcall.Call{call("f", `{}`)}},
		{"null arguments", granite, `<|tool_call|>[{"name": "f", "arguments": null}]`, "", []toolcall.Call{call("f", `{}`)}},
		{"keys in any order", nemotron, `<TOOLCALL>[{"arguments": {"a": 1}, "name": "f"}]</TOOLCALL>`, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"prose around", granite, "Let me look.\n<|tool_call|>[{\"name\": \"f\", \"arguments\": {}}]\nDone.", "Let me look.\n\nDone.", []toolcall.Call{call("f", `{}`)}},
		{"a close marker in a string", apriel, `<tool_calls>[{"name": "f", "arguments": {"s": "</tool_calls>]"}}]</tool_calls>`, "", []toolcall.Call{call("f", `{"s":"</tool_calls>]"}`)}},
		{"Python literals", nemotron, `<TOOLCALL>[{'name': 'f', 'arguments': {'ok': True}}]</TOOLCALL>`, "", []toolcall.Call{call("f", `{"ok":true}`)}},
		{"the close marker missing at the end of the turn", nemotron, `<TOOLCALL>[{"name": "f", "arguments": {}}]<SPECIAL_12>`, "", []toolcall.Call{call("f", `{}`)}},
		{"the close marker missing at the end", cohere, `<|START_ACTION|>[{"tool_name": "f", "parameters": {}}]`, "", []toolcall.Call{call("f", `{}`)}},
		{"two blocks", apriel, `<tool_calls>[{"name": "f"}]</tool_calls> then <tool_calls>{"name": "f", "arguments": {"b": 2}}</tool_calls>`, "then", []toolcall.Call{call("f", `{}`), call("f", `{"b":2}`)}},
		{"an empty array", nemotron, "<TOOLCALL>[]</TOOLCALL>Hi", "Hi", nil},
		{"an empty block", apriel, "<tool_calls></tool_calls>Hi", "Hi", nil},
		{"name-keyed, the standard spelling too", apertus, `<|tools_prefix|>[{"name": "f", "arguments": {}}]<|tools_suffix|>`, "", []toolcall.Call{call("f", `{}`)}},
		{"functools in prose", functools, "Use functools.reduce here.", "Use functools.reduce here.", nil},
		{"functools then text", functools, "functools are nice", "functools are nice", nil},
		{"functools last", functools, "I would use functools", "I would use functools", nil},
		{"functools last in the turn", functools, "I would use functools \n<|end|>", "I would use functools", nil},
		{"a marker without an end marker last", granite, "Hm <|tool_call|>", "Hm <|tool_call|>", nil},
		{"functools, an array after a blank", functools, "functools [{\"name\": \"f\"}] ok", "ok", []toolcall.Call{call("f", `{}`)}},

		{"broken JSON", nemotron, `<TOOLCALL>[{"name": "f", "arguments": {"a": }]</TOOLCALL>`, `<TOOLCALL>[{"name": "f", "arguments": {"a": }]</TOOLCALL>`, nil},
		{"cut off", apriel, `<tool_calls>[{"name": "f", "arguments": {"a": 1}}, {"name": "g"`, `<tool_calls>[{"name": "f", "arguments": {"a": 1}}, {"name": "g"`, nil},
		{"cut off, no close marker", granite, `<|tool_call|>[{"name": "f", "arguments": {"a": 1}}`, `<|tool_call|>[{"name": "f", "arguments": {"a": 1}}`, nil},
		{"a mismatched bracket, no close marker", granite, "<|tool_call|>[{\"name\": \"f\"]<|end_of_text|>", "<|tool_call|>[{\"name\": \"f\"]<|end_of_text|>", nil},
		{"an element that is no call", cohere, `<|START_ACTION|>[{"tool_name": "f"}, 42]<|END_ACTION|>`, `<|START_ACTION|>[{"tool_name": "f"}, 42]<|END_ACTION|>`, nil},
		{"a name that is no string", nemotron, `<TOOLCALL>[{"name": 5, "arguments": {}}]</TOOLCALL>`, `<TOOLCALL>[{"name": 5, "arguments": {}}]</TOOLCALL>`, nil},
		{"two names", nemotron, `<TOOLCALL>[{"name": "f", "tool_name": "g"}]</TOOLCALL>`, `<TOOLCALL>[{"name": "f", "tool_name": "g"}]</TOOLCALL>`, nil},
		{"arguments that are no object", apriel, `<tool_calls>[{"name": "f", "arguments": [1]}]</tool_calls>`, `<tool_calls>[{"name": "f", "arguments": [1]}]</tool_calls>`, nil},
		{"name-keyed with two keys", apertus, `<|tools_prefix|>[{"f": {}, "g": {}}]<|tools_suffix|>`, `<|tools_prefix|>[{"f": {}, "g": {}}]<|tools_suffix|>`, nil},
		{"name-keyed, not in a name-keyed table", nemotron, `<TOOLCALL>[{"f": {}}]</TOOLCALL>`, `<TOOLCALL>[{"f": {}}]</TOOLCALL>`, nil},
		{"text after the array", nemotron, `<TOOLCALL>[{"name": "f"}] and more</TOOLCALL>`, `<TOOLCALL>[{"name": "f"}] and more</TOOLCALL>`, nil},
		{"text in the head, no close marker", granite, `<|tool_call|> sure [{"name": "f"}]`, `<|tool_call|> sure [{"name": "f"}]`, nil},
		{"one call object where only an array may stand", functools, `functools{"name": "f", "arguments": {}}`, `functools{"name": "f", "arguments": {}}`, nil},
		{"one call object where only an array may stand, then more", functools, `functools{"name": "f"} ok`, `functools{"name": "f"} ok`, nil},
		{"pythonic calls are not JSON", nemotron, `<TOOLCALL>[f(a=1)]</TOOLCALL>`, `<TOOLCALL>[f(a=1)]</TOOLCALL>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := toolcall.Request{Tools: streamtest.Tools(f...)}
			streamtest.Expect(t, tc.f, req, tc.doc, tc.content, tc.calls)
			// A block whose head is text is content as the machine's
			// value bodies' are, without a word; the rest says why.
			if tc.calls == nil && tc.content != "" && strings.Contains(tc.content, "[") && !strings.Contains(tc.name, "head") {
				if res := stream.Parse(tc.f, tc.doc, req); len(res.Diagnostics) == 0 {
					t.Errorf("no diagnostic for %q", tc.doc)
				}
			}
		})
	}
}

// A block that passes the pending limit is content, with a limit
// diagnostic, in any split.
func TestJSONArrayLimit(t *testing.T) {
	array := `[{"name": "f", "arguments": {"s": "` + strings.Repeat("x", 300) + `"}}]`
	for _, tc := range []struct {
		f            toy
		doc, content string // the close marker, an orphan after the limit, is dropped
	}{
		{nemotron, "<TOOLCALL>" + array + "</TOOLCALL>ok", "<TOOLCALL>" + array + "ok"},
		{granite, "<|tool_call|>" + array + "ok", "<|tool_call|>" + array + "ok"},
	} {
		f, doc := tc.f, tc.doc
		res := streamtest.Compare(t, f, twoTools, streamtest.SeededSplit(doc, 7), stream.WithLimits(toolcall.Limits{MaxPending: 128}))
		if len(res.Calls) != 0 || res.Content != tc.content || len(res.Diagnostics) == 0 || res.Diagnostics[0].Kind != toolcall.KindLimit {
			t.Errorf("%s: %d calls, content %q, diagnostics %v; want the text and a limit", f.name, len(res.Calls), res.Content, res.Diagnostics)
		}
	}
}

// A model's ID that is not well formed is not kept: the stream gives the
// call one of its own, with a diagnostic.
func TestJSONArrayIDs(t *testing.T) {
	req := toolcall.Request{Tools: streamtest.Tools("f")}
	res := stream.Parse(apriel, `<tool_calls>[{"id": "call 1", "name": "f", "arguments": {}}, {"id": 7, "name": "f", "arguments": {}}, {"id": "x_2", "name": "f"}]</tool_calls>`, req)
	if len(res.Calls) != 3 || res.Calls[0].ID == "call 1" || res.Calls[0].ID == "" || res.Calls[1].ID == "" || res.Calls[2].ID != "x_2" {
		t.Fatalf("calls %+v", res.Calls)
	}
	if len(res.Diagnostics) != 1 || !strings.Contains(res.Diagnostics[0].Message, "call ID") {
		t.Errorf("diagnostics %+v, want one on the ID", res.Diagnostics)
	}
}

// With argument streaming, the first call of a block streams while it
// arrives, in each spelling (its fragments come before the block ends).
func TestJSONArrayStreamsArguments(t *testing.T) {
	for _, g := range goldens {
		var deltas []string
		for i := 0; i < len(g.doc); i += 4 {
			deltas = append(deltas, g.doc[i:min(i+4, len(g.doc))])
		}
		st := streamtest.CompareStreaming(t, g.f, twoTools, deltas)
		if st.Calls != 2 || st.Streamed < 1 || st.Retracted != 0 || st.Resent != 0 {
			t.Errorf("%s: %+v, want 2 calls, the first streamed", g.f.name, st)
		}
	}
}

var arrayDocs = func() []string {
	docs := []string{"<TOOLCALL>", "</TOOLCALL>", "<|tools_prefix|>", "<|tools_suffix|>", "<tool_calls>", "</tool_calls>", "<|tool_call|>", "functools", "<|START_ACTION|>", "<|END_ACTION|>", `[{"name": "f", "arguments": {"a": [1, "]"]}}]`, `{"f": {}}`, `functools{"name": "f", "arguments": {"a": 1}}`}
	for _, g := range goldens {
		docs = append(docs, g.doc)
	}
	return docs
}()

// Split invariance, argument streaming and quiet deltas hold for any mix
// of the spellings' text in any split.
func TestJSONArrayProperties(t *testing.T) {
	for _, f := range []toy{nemotron, apertus, apriel, granite, functools, cohere} {
		t.Run(f.name, func(t *testing.T) {
			streamtest.CheckFormatRequest(t, f, twoTools, arrayDocs)
		})
	}
}

// FuzzJSONArray checks the stream's promises for each spelling on any
// document in random deltas.
func FuzzJSONArray(f *testing.F) {
	for i, d := range arrayDocs {
		f.Add(d, uint64(i))
	}
	f.Fuzz(func(t *testing.T, doc string, seed uint64) {
		deltas := streamtest.SeededSplit(doc, seed)
		for _, f := range []toy{nemotron, apertus, apriel, granite, functools, cohere} {
			streamtest.Compare(t, f, twoTools, deltas)
		}
	})
}

// Any calls, written as an array in each spelling, read back as
// themselves, in any split.
func TestJSONArrayRoundTrip(t *testing.T) {
	for _, f := range []toy{nemotron, apertus, apriel, granite, functools, cohere} {
		t.Run(f.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				calls := streamtest.Calls().Draw(t, "calls")
				text := "Sure. " + arrayOf(f, calls)
				res := stream.Parse(f, text, toolcall.Request{}, stream.WithPolicy(policy.Policy{Mode: policy.All}))
				if len(res.Calls) != len(calls) || res.Content != "Sure." {
					t.Fatalf("%q: %d calls, content %q, diagnostics %v", text, len(res.Calls), res.Content, res.Diagnostics)
				}
				for i := range calls {
					if res.Calls[i].Name != calls[i].Name || !streamtest.JSONEqual(res.Calls[i].Arguments, calls[i].Arguments) {
						t.Fatalf("%q: call %d is %+v, want %+v", text, i, res.Calls[i], calls[i])
					}
				}
				streamtest.Compare(t, f, toolcall.Request{}, streamtest.Split(t, text), stream.WithPolicy(policy.Policy{Mode: policy.All}))
			})
		})
	}
}

// Prose costs no allocation per Feed in any of the spellings.
func TestJSONArrayProseAllocs(t *testing.T) {
	for _, f := range []toy{nemotron, apertus, apriel, granite, functools, cohere} {
		if n := streamtest.ProseFeedAllocs(f, twoTools); n != 0 {
			t.Errorf("%s: %.1f allocations per prose Feed", f.name, n)
		}
	}
}

// arrayOf writes calls as a JSON array of call objects in f's spelling.
func arrayOf(f toy, calls []toolcall.Call) string {
	var b strings.Builder
	b.WriteString(f.table.Markers[0].Text)
	b.WriteByte('[')
	for i, c := range calls {
		if i > 0 {
			b.WriteString(", ")
		}
		name, _ := json.Marshal(c.Name)
		switch f.name {
		case "apertus":
			fmt.Fprintf(&b, `{%s: %s}`, name, c.Arguments)
		case "cohere":
			fmt.Fprintf(&b, `{"tool_call_id": "%d", "tool_name": %s, "parameters": %s}`, i, name, c.Arguments)
		default:
			fmt.Fprintf(&b, `{"name": %s, "arguments": %s}`, name, c.Arguments)
		}
	}
	b.WriteByte(']')
	if len(f.table.Markers) > 2 {
		b.WriteString(f.table.Markers[2].Text)
	}
	return b.String()
}

// BenchmarkJSONArray parses eight small calls and one of 100 KB in each
// spelling, whole and in 4-byte deltas.
func BenchmarkJSONArray(b *testing.B) {
	var eight []toolcall.Call
	for _, city := range []string{"Paris", "Tokyo", "Lima", "Oslo", "Cairo", "Quito", "Hanoi", "Perth"} {
		eight = append(eight, toolcall.Call{Name: "get_weather", Arguments: `{"city":"` + city + `","unit":"celsius"}`})
	}
	req := toolcall.Request{Tools: streamtest.Tools("get_weather", "write_file")}
	for _, f := range []toy{nemotron, apertus, granite, cohere} {
		for _, doc := range []struct {
			name  string
			text  string
			calls int
		}{{"8Calls", arrayOf(f, eight), 8}, {"100KBCall", arrayOf(f, bigCall(100_000)), 1}} {
			for _, n := range []int{len(doc.text), 4} {
				mode := "whole"
				if n == 4 {
					mode = "4B"
				}
				b.Run(f.name+"/"+doc.name+"/"+mode, func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(int64(len(doc.text)))
					for b.Loop() {
						s := stream.New(f, req)
						calls := 0
						for i := 0; i < len(doc.text); i += n {
							for _, e := range s.Feed(doc.text[i:min(i+n, len(doc.text))]) {
								if e.Call != nil {
									calls++
								}
							}
						}
						for _, e := range s.Close() {
							if e.Call != nil {
								calls++
							}
						}
						if calls != doc.calls {
							b.Fatalf("%d calls", calls)
						}
					}
				})
			}
		}
	}
}

// With argument streaming, a model's ID written before the arguments
// (Cohere's tool_call_id) is the streamed call's; one written after them
// (Apriel's id) comes too late for the call's announcement, which gets
// the stream's own ID; a call handed on whole keeps the model's.
func TestJSONArrayStreamedIDs(t *testing.T) {
	for _, tc := range []struct {
		f    toy
		doc  string
		want []string // "": the stream's own
	}{
		{cohere, goldens[5].doc, []string{"0", "1"}},
		{apriel, goldens[2].doc, []string{"", "f5G6h7J8k"}},
	} {
		s := stream.New(tc.f, twoTools, stream.WithArgumentStreaming())
		var ids []string
		take := func(evs []toolcall.Event) {
			for _, e := range evs {
				if e.Call != nil {
					ids = append(ids, e.Call.ID)
				}
			}
		}
		for i := 0; i < len(tc.doc); i += 4 {
			take(s.Feed(tc.doc[i:min(i+4, len(tc.doc))]))
		}
		take(s.Close())
		if len(ids) != len(tc.want) {
			t.Fatalf("%s: IDs %q", tc.f.name, ids)
		}
		for i, w := range tc.want {
			if w != "" && ids[i] != w || w == "" && (ids[i] == "" || ids[i] == goldens[2].ids[i]) {
				t.Errorf("%s: call %d has ID %q, want %q (\"\": the stream's own)", tc.f.name, i, ids[i], w)
			}
		}
	}
}

// With Keys.ArrayOnly, one call object where the array must stand is
// content with a diagnostic, and with argument streaming no call is
// announced for it (none to retract).
func TestJSONArrayOnly(t *testing.T) {
	doc := `functools{"name": "write_note", "arguments": {"path": "a", "text": "` + strings.Repeat("b", 40) + `"}}`
	res := stream.Parse(functools, doc, twoTools)
	if len(res.Calls) != 0 || res.Content != doc || len(res.Diagnostics) != 1 || !strings.Contains(res.Diagnostics[0].Message, "not an array") {
		t.Fatalf("%+v", res)
	}
	st := streamtest.CompareStreaming(t, functools, twoTools, strings.Split(doc, ""))
	if st.Calls != 0 || st.Streamed != 0 || st.Retracted != 0 {
		t.Errorf("%+v, want no call announced", st)
	}
	// The same object in a table that takes one alone is a call.
	if res := stream.Parse(granite, `<|tool_call|>{"name": "f"}`, twoTools); len(res.Calls) != 1 {
		t.Errorf("granite: %+v", res)
	}
}
