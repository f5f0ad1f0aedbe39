package apertus_test

import (
	"testing"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestGoldenTurns reads the assistant turns of the goldens
// (testdata/templates/golden/apertus) as the template writes them, from
// the turn's first byte to <|assistant_end|> (or to the calls' end, where
// the results follow in the same turn).
func TestGoldenTurns(t *testing.T) {
	streamtest.Run(t, apertus.Format, array.GoldenTurns("", "", "<|assistant_end|>"))
}

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

func TestApertus(t *testing.T) {
	streamtest.Run(t, apertus.Format, []tc{
		// llama.cpp tests/test-chat.cpp, Apertus-8B-Instruct (the
		// content, call, call-then-content cases; reasoning below).
		{"llama.cpp: content", "Hello, world!\nWhat's up?", nil, "Hello, world!\nWhat's up?", nil},
		{"llama.cpp: a call", `<|tools_prefix|>[{"special_function": {"arg1": 1}}]<|tools_suffix|>`, nil, "", []toolcall.Call{streamtest.Call("special_function", `{"arg1":1}`)}},
		{"llama.cpp: a call, then content", "<|tools_prefix|>[{\"special_function\": {\"arg1\": 1}}]<|tools_suffix|>Hello, world!\nWhat's up?", nil,
			"Hello, world!\nWhat's up?", []toolcall.Call{streamtest.Call("special_function", `{"arg1":1}`)}},

		{"one call object, no array", `<|tools_prefix|>{"f": {"a": 1}}<|tools_suffix|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"the name and arguments spelling", `<|tools_prefix|>[{"name": "f", "arguments": {"a": 1}}]<|tools_suffix|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"empty arguments", `<|tools_prefix|>[{"get_time": {}}]<|tools_suffix|>`, nil, "", []toolcall.Call{streamtest.Call("get_time", `{}`)}},
		{"pretty-printed", "<|tools_prefix|>[\n  {\n    \"f\": {\"a\": [1, 2]}\n  }\n]<|tools_suffix|>", nil, "", []toolcall.Call{streamtest.Call("f", `{"a":[1,2]}`)}},
		{"prose around", "Let me look.<|tools_prefix|>[{\"f\": {}}]<|tools_suffix|>Done.", nil, "Let me look.Done.", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"two blocks", `<|tools_prefix|>[{"f": {}}]<|tools_suffix|><|tools_prefix|>[{"g": {}}]<|tools_suffix|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`), streamtest.Call("g", `{}`)}},
		{"the end marker in a string", `<|tools_prefix|>[{"say": {"text": "<|tools_suffix|>]"}}]<|tools_suffix|>`, nil, "", []toolcall.Call{streamtest.Call("say", `{"text":"<|tools_suffix|>]"}`)}},
		{"non-ASCII arguments", `<|tools_prefix|>[{"f": {"city": "Zürich 東京"}}]<|tools_suffix|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"city":"Zürich 東京"}`)}},
		{"Python literals", `<|tools_prefix|>[{'f': {'ok': True}}]<|tools_suffix|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"ok":true}`)}},
		{"the end marker missing at the end of the turn", `<|tools_prefix|>[{"f": {}}]<|assistant_end|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"the end marker missing at the end", `<|tools_prefix|>[{"f": {}}]`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"the end marker cut at the end is dropped", `<|tools_prefix|>[{"f": {}}]<|tools_su`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`)}},
		{"an empty array", "<|tools_prefix|>[]<|tools_suffix|>Hi", nil, "Hi", nil},
		{"a stray end marker is dropped", "Done.<|tools_suffix|>", nil, "Done.", nil},
		{"a partial marker at the end is prose", "Hi <|tools_pre", nil, "Hi <|tools_pre", nil},

		{"broken JSON is content", `<|tools_prefix|>[{"f": {"a": }]<|tools_suffix|>`, nil, `<|tools_prefix|>[{"f": {"a": }]<|tools_suffix|>`, nil},
		{"a cut-off call is content", `<|tools_prefix|>[{"f": {"a": 1}}, {"g": {`, nil, `<|tools_prefix|>[{"f": {"a": 1}}, {"g": {`, nil},
		{"two names in one object is content", `<|tools_prefix|>[{"f": {}, "g": {}}]<|tools_suffix|>`, nil, `<|tools_prefix|>[{"f": {}, "g": {}}]<|tools_suffix|>`, nil},
		{"arguments that are no object are content", `<|tools_prefix|>[{"f": [1]}]<|tools_suffix|>`, nil, `<|tools_prefix|>[{"f": [1]}]<|tools_suffix|>`, nil},
		{"an empty name is content", `<|tools_prefix|>[{"": {}}]<|tools_suffix|>`, nil, `<|tools_prefix|>[{"": {}}]<|tools_suffix|>`, nil},
		{"text after the array is content", `<|tools_prefix|>[{"f": {}}] and more<|tools_suffix|>`, nil, `<|tools_prefix|>[{"f": {}}] and more<|tools_suffix|>`, nil},
		{"not JSON is content", "<|tools_prefix|>call f now<|tools_suffix|>", nil, "<|tools_prefix|>call f now<|tools_suffix|>", nil},
	})
}

// Reasoning stands between <|inner_prefix|> and <|inner_suffix|>, which
// the model opens itself.
func TestReasoning(t *testing.T) {
	req := toolcall.Request{}
	// llama.cpp tests/test-chat.cpp, Apertus-8B-Instruct: reasoning then
	// content; reasoning then a call; and then content after it.
	streamtest.ExpectReasoning(t, apertus.Format, req, "<|inner_prefix|>I'm\nthinking<|inner_suffix|>Hello, world!\nWhat's up?",
		"I'm\nthinking", "Hello, world!\nWhat's up?", nil)
	streamtest.ExpectReasoning(t, apertus.Format, req, `<|inner_prefix|>I'm`+"\n"+`thinking<|inner_suffix|><|tools_prefix|>[{"special_function": {"arg1": 1}}]<|tools_suffix|>`,
		"I'm\nthinking", "", []toolcall.Call{streamtest.Call("special_function", `{"arg1":1}`)})
	streamtest.ExpectReasoning(t, apertus.Format, req, "<|inner_prefix|>I'm\nthinking<|inner_suffix|><|tools_prefix|>[{\"special_function\": {\"arg1\": 1}}]<|tools_suffix|>Hello, world!\nWhat's up?",
		"I'm\nthinking", "Hello, world!\nWhat's up?", []toolcall.Call{streamtest.Call("special_function", `{"arg1":1}`)})
	// A call while the reasoning is open ends it.
	streamtest.ExpectReasoning(t, apertus.Format, req, `<|inner_prefix|>I need the order.<|tools_prefix|>[{"f": {}}]<|tools_suffix|>`,
		"I need the order.", "", []toolcall.Call{streamtest.Call("f", `{}`)})
	// A prompt with deliberation enabled leaves the reasoning closed.
	p, err := apertus.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi"}}, nil, toolcall.PromptOptions{Thinking: new(true)})
	if err != nil || p.InReasoning {
		t.Fatalf("%+v, %v", p, err)
	}
	streamtest.ExpectReasoning(t, apertus.Format, req, "<|inner_prefix|>Easy.<|inner_suffix|>4.<|assistant_end|>", "Easy.", "4.", nil, stream.ForPrompt(p))
	// A marker in a call's string is data.
	streamtest.ExpectReasoning(t, apertus.Format, req, `<|tools_prefix|>[{"say": {"text": "<|inner_suffix|>"}}]<|tools_suffix|>`,
		"", "", []toolcall.Call{streamtest.Call("say", `{"text":"<|inner_suffix|>"}`)})
}

// What follows <|assistant_end|> is the next turn a server that did not
// stop there wrote: dropped, with an end_of_turn diagnostic.
func TestEndOfTurn(t *testing.T) {
	streamtest.CheckEndOfTurnCall(t, apertus.Format, `<|tools_prefix|>[{"f": {}}]<|tools_suffix|><|assistant_end|><|user_start|>more`)
}

var documents = []string{
	"<|tools_prefix|>[{\"write_note\": " + formatstest.NoteArgs + "}, {\"lookup_order\": " + formatstest.OrderArgs + "}]<|tools_suffix|>",
	"<|inner_prefix|>Thinking.<|inner_suffix|>Sure.<|tools_prefix|>[{\"f\": {\"a\": [1, \"]\"]}}]<|tools_suffix|><|assistant_end|>",
	`<|tools_prefix|>{"name": "g", "arguments": "{\"x\": 1}"}<|tools_suffix|>`,
	"<|tools_prefix|>", "<|tools_suffix|>", "<|assistant_end|>", "<|inner_prefix|>", "<|inner_suffix|>", `[{"f": {}}]`, `{"f": {}, "g": {}}`,
}

// TestPromises: split invariance, argument streaming and quiet deltas
// hold for any mix of the format's text in any split; the first call of a block streams while it arrives, its name taken from its key; a Feed of prose
// allocates nothing; a block that is not calls comes back as content with a diagnostic.
func TestPromises(t *testing.T) {
	streamtest.CheckPromises(t, apertus.Format, streamtest.Promises{
		Documents: documents,
		Streams:   documents[:1], StreamsRequest: toolcall.Request{Tools: streamtest.Tools("write_note", "lookup_order")}, Calls: 2,
		NotCalls: map[string]string{`<|tools_prefix|>[{"f": {}, "g": {}}]<|tools_suffix|>`: "call"},
	})
}

// FuzzApertus checks the stream's promises on any document in random
// deltas, told the prompt left reasoning closed, opened it, or nothing.
func FuzzApertus(f *testing.F) {
	formatstest.FuzzArray(f, apertus.Format, documents)
}

// BenchmarkEightCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: Apertus's one array against
// Hermes's eight blocks, the yardstick. The request offers no schemas:
// the parse alone.
func BenchmarkEightCalls(b *testing.B) {
	formatstest.BenchWeatherCalls(b, formatstest.WeatherCalls(), apertus.Format, hermes.Format, stream.StartOutsideReasoning())
}
