package formatstest

import (
	"strings"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// Array spells the blocks of a format that writes its calls as one JSON
// array of {"name", "arguments"} objects between two markers (Apriel's,
// Nemotron Nano v2's): the rows of ArrayCases, ArrayGoldenTurns and
// ArrayReasoningCases, the documents and promises of ArrayDocuments
// and ArrayPromises, and what CheckArray runs.
type Array struct {
	// Open and Close are a block's markers; TurnEnd ends the turn.
	Open, Close, TurnEnd string
	// OpenCut, CloseCut and TurnEndCut are the markers cut short, as the
	// end of a response may cut them.
	OpenCut, CloseCut, TurnEndCut string
	// Newline is true where the template writes a newline before a block
	// that opens the turn (it always writes one after content).
	Newline bool
	// IDs is true where the template writes each call's ID after its
	// arguments (the goldens' a1B2c3D4e and f5G6h7J8k).
	IDs bool
	// ReasoningEnd ends the reasoning the prompt opened, as the model
	// writes it, the blanks around it included: the rows of
	// ArrayReasoningCases.
	ReasoningEnd string
	// NextTurn is what a server that did not stop at TurnEnd writes
	// after it and a newline: the next turn's header and text
	// (CheckArray's end of turn).
	NextTurn string
}

// turn writes an assistant turn as the template does: content, the
// block of calls (if any), a newline, TurnEnd and a newline.
func (s Array) turn(content string, calls ...string) string {
	if len(calls) == 0 {
		return content + "\n" + s.TurnEnd + "\n"
	}
	if content != "" || s.Newline {
		content += "\n"
	}
	return content + s.Open + "[" + strings.Join(calls, ", ") + "]" + s.Close + "\n" + s.TurnEnd + "\n"
}

// call writes a call object as the template does, with its ID when the
// template writes IDs and the call has one.
func (s Array) call(name, args, id string) string {
	c := `{"name": "` + name + `", "arguments": ` + args
	if s.IDs && id != "" {
		c += `, "id": "` + id + `"`
	}
	return c + "}"
}

// ArrayGoldenTurns are the assistant turns of the goldens
// (testdata/templates/golden) as a template that s spells writes them,
// from the turn's first byte to the newline after TurnEnd: the "tools"
// conversation's two calls, its one call, a small call, two answers, and
// content then calls.
func ArrayGoldenTurns(s Array) []streamtest.Case {
	c := streamtest.Call
	const id1, id2 = "a1B2c3D4e", "f5G6h7J8k"
	return []streamtest.Case{
		{Name: "tools: two calls", Input: s.turn("", s.call("write_note", NoteArgs, id1), s.call("lookup_order", OrderArgs, id2)),
			Calls: []toolcall.Call{Note, Order}},
		{Name: "tools_one_call: one call", Input: s.turn("", s.call("lookup_order", OrderArgs, id2)), Calls: []toolcall.Call{Order}},
		{Name: "reasoning_call: one small call", Input: s.turn("", s.call("lookup_order", `{"order_id": 42}`, id2)),
			Calls: []toolcall.Call{c("lookup_order", `{"order_id":42}`)}},
		{Name: "tools_answered: an answer", Input: s.turn("Saved the note; order 42 has shipped."), Content: "Saved the note; order 42 has shipped."},
		{Name: "reasoning: an answer", Input: s.turn("4."), Content: "4."},
		{Name: "content then calls, as the template joins them", Input: s.turn("Checking.", s.call("f", "{}", ""), s.call("g", `{"a": 1}`, "")),
			Content: "Checking.", Calls: []toolcall.Call{c("f", `{}`), c("g", `{"a":1}`)}},
	}
}

// ArrayDocuments are documents in the syntax s spells, for a format's
// promises and fuzz seeds: the "tools" golden turn, reasoning then an
// answer and a call, one call object for the array with its arguments as
// a JSON string, s's markers and two JSON fragments; then extra.
func ArrayDocuments(s Array, extra ...string) []string {
	return append([]string{
		ArrayGoldenTurns(s)[0].Input,
		"Thinking." + s.ReasoningEnd + "Sure.\n" + s.Open + `[{"name": "f", "arguments": {"a": [1, "]"]}}]` + s.Close,
		s.Open + s.call("g", `"{\"x\": 1}"`, "z9") + s.Close,
		s.Open, s.Close, s.TurnEnd, `[{"name": "f"}]`, `{"name": "f", "arguments": {}}`,
	}, extra...)
}

// ArrayPromises are the promises (streamtest.CheckPromises) a format that
// s spells keeps on docs, read on a stream that starts outside reasoning:
// the first document streams the two calls of the goldens' "tools"
// conversation, and a block whose arguments are no object is content
// with an "arguments" diagnostic.
func ArrayPromises(s Array, docs []string) streamtest.Promises {
	return streamtest.Promises{
		Documents: docs,
		Streams:   docs[:1], StreamsRequest: toolcall.Request{Tools: streamtest.Tools(Note.Name, Order.Name)}, Calls: 2,
		NotCalls: map[string]string{s.Open + `[{"name": "f", "arguments": [1]}]` + s.Close: "arguments"},
		Options:  []stream.Option{stream.StartOutsideReasoning()},
	}
}

// ArrayReasoningCases are the reasoning rows every format that s
// spells keeps: after the prompt opened the reasoning, the model ends it,
// answers and calls; a stream told nothing of the prompt reads it alike
// (the template opens the reasoning); a call before the reasoning's end
// ends it; a prompt that leaves reasoning closed makes the answer
// content; the reasoning's end marker in a call's string is data.
func ArrayReasoningCases(s Array) []streamtest.ReasoningCase {
	c := streamtest.Call
	in, out := stream.StartInReasoning(), stream.StartOutsideReasoning()
	marker := strings.TrimSpace(s.ReasoningEnd)
	return []streamtest.ReasoningCase{
		{Name: "the model ends the reasoning, answers and calls", Start: in,
			Doc:       "The user wants order 42." + s.ReasoningEnd + s.turn("Let me check.", s.call("lookup_order", `{"order_id": 42}`, "")),
			Reasoning: "The user wants order 42.", Content: "Let me check.", Calls: []toolcall.Call{c("lookup_order", `{"order_id":42}`)}},
		{Name: "a stream told nothing of the prompt reads it alike",
			Doc: "Easy." + s.ReasoningEnd + "4.\n" + s.TurnEnd, Reasoning: "Easy.", Content: "4."},
		{Name: "a call before the reasoning's end ends it", Start: in,
			Doc: "I need the order.\n" + s.Open + `[{"name": "f", "arguments": {}}]` + s.Close, Reasoning: "I need the order.", Calls: []toolcall.Call{c("f", `{}`)}},
		{Name: "a prompt that leaves reasoning closed makes the answer content", Start: stream.ForPrompt(toolcall.Prompt{}),
			Doc: "4.\n" + s.TurnEnd, Content: "4."},
		{Name: "the reasoning's end in a call's string is data", Start: out,
			Doc: s.Open + `[{"name": "say", "arguments": {"text": "` + marker + `"}}]` + s.Close, Calls: []toolcall.Call{c("say", `{"text":`+streamtest.JSONString(marker)+`}`)}},
	}
}

// ArrayCases are the rows every format that s spells keeps, as read on a
// stream that starts outside reasoning: one object for the array, the
// arguments as a JSON string, under "parameters" or missing; two blocks;
// the end marker in a string; non-ASCII and Python literals; the end
// marker missing or cut, the end of turn cut; an empty array, a stray
// end marker, a partial marker at the end; and blocks that are not calls
// (broken JSON, a cut-off call, a name that is no string, text after the
// array, prose where the end marker should be, no JSON), content.
func ArrayCases(s Array) []streamtest.Case {
	c := streamtest.Call
	calls := func(cs ...toolcall.Call) []toolcall.Call { return cs }
	o, cl := s.Open, s.Close
	block := func(body string) string { return o + body + cl }
	content := func(name, doc string) streamtest.Case { return streamtest.Case{Name: name, Input: doc, Content: doc} }
	return []streamtest.Case{
		{Name: "one call object, no array", Input: block(`{"name": "f", "arguments": {"a": 1}}`), Calls: calls(c("f", `{"a":1}`))},
		{Name: "arguments as a JSON string", Input: block(`[{"name": "f", "arguments": "{\"a\": 1}"}]`), Calls: calls(c("f", `{"a":1}`))},
		{Name: "no arguments", Input: block(`[{"name": "get_time"}]`), Calls: calls(c("get_time", `{}`))},
		{Name: "parameters for arguments", Input: block(`[{"name": "f", "parameters": {"a": 1}}]`), Calls: calls(c("f", `{"a":1}`))},
		{Name: "two blocks", Input: block(`[{"name": "f"}]`) + block(`[{"name": "g"}]`), Calls: calls(c("f", `{}`), c("g", `{}`))},
		{Name: "the end marker in a string", Input: block(`[{"name": "say", "arguments": {"text": "` + cl + `]"}}]`),
			Calls: calls(c("say", `{"text":`+streamtest.JSONString(cl+"]")+`}`))},
		{Name: "non-ASCII arguments", Input: block(`[{"name": "f", "arguments": {"city": "Zürich 東京"}}]`), Calls: calls(c("f", `{"city":"Zürich 東京"}`))},
		{Name: "Python literals", Input: block(`[{'name': 'f', 'arguments': {'ok': True}}]`), Calls: calls(c("f", `{"ok":true}`))},
		{Name: "the end marker missing at the end of the turn", Input: o + `[{"name": "f", "arguments": {}}]` + s.TurnEnd, Calls: calls(c("f", `{}`))},
		{Name: "the end marker missing at the end", Input: o + `[{"name": "f", "arguments": {}}]`, Calls: calls(c("f", `{}`))},
		{Name: "the end marker cut at the end is dropped", Input: o + `[{"name": "f", "arguments": {}}]` + s.CloseCut, Calls: calls(c("f", `{}`))},
		{Name: "the end of turn cut at the end is dropped", Input: block(`[{"name": "f", "arguments": {}}]`) + s.TurnEndCut, Calls: calls(c("f", `{}`))},
		{Name: "an empty array", Input: block("[]") + "Hi", Content: "Hi"},
		{Name: "a stray end marker is dropped", Input: "Done." + cl, Content: "Done."},
		content("a partial marker at the end is prose", "Hi "+s.OpenCut),

		content("broken JSON is content", block(`[{"name": "f", "arguments": {"a": }]`)),
		content("a cut-off call is content", o+`[{"name": "f", "arguments": {"a": 1}}, {"name": "g"`),
		content("a name that is no string is content", block(`[{"name": 5, "arguments": {}}]`)),
		content("text after the array is content", block(`[{"name": "f"}] and more`)),
		content("a missing end marker, then prose, is content", o+"[{\"name\": \"f\"}]\nDone."),
		content("not JSON is content", block("call f now")),
	}
}

// GoldenTurns are the assistant turns of the goldens
// (testdata/templates/golden) as a model that writes its calls as a
// does writes them, from the turn's first byte: lead, then the array of
// the "tools" conversation's two calls, of its one call or of a small
// call, then afterCalls; or an answer of the "tools_answered" or the
// "reasoning" conversation, then afterAnswer.
func (a JSONArray) GoldenTurns(lead, afterCalls, afterAnswer string) []streamtest.Case {
	turn := func(calls ...toolcall.Call) string { return lead + a.write(calls...) + afterCalls }
	note, order := toolcall.Call{Name: Note.Name, Arguments: NoteArgs}, toolcall.Call{Name: Order.Name, Arguments: OrderArgs}
	small := toolcall.Call{Name: Order.Name, Arguments: `{"order_id": 42}`}
	return []streamtest.Case{
		{Name: "tools: two calls", Input: turn(note, order), Calls: []toolcall.Call{Note, Order}},
		{Name: "tools_one_call: one call", Input: turn(order), Calls: []toolcall.Call{Order}},
		{Name: "reasoning_call: one small call", Input: turn(small), Calls: []toolcall.Call{streamtest.Call(Order.Name, `{"order_id":42}`)}},
		{Name: "tools_answered: an answer", Input: "Saved the note; order 42 has shipped." + afterAnswer, Content: "Saved the note; order 42 has shipped."},
		{Name: "reasoning: an answer", Input: "4." + afterAnswer, Content: "4."},
	}
}
