package solaropen_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// block writes one call as the model does.
func block(id, name, args string) string {
	return "<|tool_call:begin|>" + id + "<|tool_call:name|>" + name + "<|tool_call:args|>" + args + "<|tool_call:end|>"
}

// withID is a call with the model's ID.
func withID(id, name, args string) toolcall.Call {
	c := call(name, args)
	c.ID = id
	return c
}

const noteArgs, orderArgs = formatstest.NoteArgs, formatstest.OrderArgs

var (
	note  = withID("a1B2c3D4e", "write_note", `{"path":"notes/todo.txt","text":"She said \"hi\"\nthen <b>left</b>"}`)
	order = withID("f5G6h7J8k", "lookup_order", `{"order_id":42,"status":"shipped","options":{"include_items":true,"fields":["sku","qty"],"max_price":19.5}}`)
)

// TestGoldenTurns reads the assistant turns of the goldens
// (testdata/templates/golden/solar_open) as the template writes them,
// after the <|begin|>assistant the prompt ends with, the model's IDs
// kept.
func TestGoldenTurns(t *testing.T) {
	streamtest.Run(t, solaropen.Format, []streamtest.Case{
		{Name: "tools: two calls", Input: "<|tool_calls|>" + block("a1B2c3D4e", "write_note", noteArgs) + block("f5G6h7J8k", "lookup_order", orderArgs) + "<|calls|>",
			Calls: []toolcall.Call{note, order}},
		{Name: "reasoning_call: one call", Input: "<|tool_calls|>" + block("f5G6h7J8k", "lookup_order", `{"order_id": 42}`) + "<|calls|>",
			Calls: []toolcall.Call{withID("f5G6h7J8k", "lookup_order", `{"order_id":42}`)}},
		{Name: "tools_answered: an answer", Input: "<|content|>Saved the note; order 42 has shipped.<|end|>", Content: "Saved the note; order 42 has shipped."},
	}, stream.WithIDs(func(c toolcall.Call) string { return c.ID }))
}

// Cases from the peers, each named after its source.
func TestPeers(t *testing.T) {
	weather := block("a1b2c3d4e5", "get_weather", `{"city": "Seoul"}`)
	streamtest.Run(t, solaropen.Format, []tc{
		// vLLM tests/tool_parsers/test_solar_open_tool_parser.py
		// (a pull request's, oesni/vllm)
		{"vLLM: no tool calls", "Hello, how can I help you today?", nil, "Hello, how can I help you today?", nil},
		{"vLLM: single tool call", "<|tool_calls|>" + weather, nil, "", []toolcall.Call{call("get_weather", `{"city":"Seoul"}`)}},
		{"vLLM: parallel tool calls", "<|tool_calls|>" + weather + block("f6g7h8i9j0", "get_time", `{"tz": "UTC"}`), nil, "",
			[]toolcall.Call{call("get_weather", `{"city":"Seoul"}`), call("get_time", `{"tz":"UTC"}`)}},
		{"vLLM: without the section's marker", weather, nil, "", []toolcall.Call{call("get_weather", `{"city":"Seoul"}`)}},
		{"vLLM: empty arguments", "<|tool_calls|>" + block("a1b2c3d4e5", "get_weather", "{}"), nil, "", []toolcall.Call{call("get_weather", `{}`)}},
		{"vLLM: Python literal arguments", "<|tool_calls|>" + block("a1b2c3d4e5", "get_weather", `{'city': 'Seoul', 'days': 3}`), nil, "",
			[]toolcall.Call{call("get_weather", `{"city":"Seoul","days":3}`)}},
		{"vLLM: content before the calls", "Let me check.<|end|><|begin|>assistant<|tool_calls|>" + weather, nil, "Let me check.",
			[]toolcall.Call{call("get_weather", `{"city":"Seoul"}`)}},
		{"vLLM: unicode arguments", "<|tool_calls|>" + block("a1b2c3d4e5", "get_weather", `{"city": "서울"}`), nil, "", []toolcall.Call{call("get_weather", `{"city":"서울"}`)}},
		{"vLLM: a '<' in the arguments", "<|tool_calls|>" + block("a1b2c3d4e5", "get_weather", `{"a": "<b>"}`), nil, "", []toolcall.Call{call("get_weather", `{"a":"<b>"}`)}},
		// vLLM keeps malformed arguments as the call's raw text; a call
		// whose arguments do not parse is content here (package doc).
		{"malformed arguments are content", "<|tool_calls|>" + block("a1b2c3d4e5", "get_weather", `{"city": "Seoul", broken`), nil,
			block("a1b2c3d4e5", "get_weather", `{"city": "Seoul", broken`), nil},
		// vLLM sends 100000 brackets to pass Python's recursion limit;
		// 2000 pass the reader's depth limit.
		{"deeply nested arguments are content", "<|tool_calls|>" + block("a1b2c3d4e5", "get_weather", strings.Repeat("[", 2000)), nil,
			block("a1b2c3d4e5", "get_weather", strings.Repeat("[", 2000)), nil},
		// Upstage's own vLLM (UpstageAI/vllm) and its tests: the text before
		// <|flush|> is content
		{"Upstage: content, <|flush|>, calls", "Checking the weather.<|flush|><|tool_calls|><|tool_call:begin|><|tool_call:name|>get_weather<|tool_call:args|>{\"city\": \"Seoul\"}<|tool_call:end|><|calls|>", nil,
			"Checking the weather.", []toolcall.Call{call("get_weather", `{"city":"Seoul"}`)}},
		// vLLM's reasoning parser tests: reasoning, then calls
		{"vLLM: reasoning and tool calls", "<|think|>I should call a tool.<|end|><|begin|>assistant<|tool_calls|>" + weather, nil, "",
			[]toolcall.Call{call("get_weather", `{"city":"Seoul"}`)}},
	})
}

// The model's IDs are kept when well formed; a call without one, or with
// one an earlier call has, gets one of the stream's (vLLM's tests give
// the same).
func TestIDs(t *testing.T) {
	doc := "<|tool_calls|>" + block("0000000000", "f", "{}") + block("0000000000", "g", "{}") + block("", "h", "{}") + block("a1b2c3d4e5", "i", "{}") + "<|calls|>"
	res := stream.Parse(solaropen.Format, doc, toolcall.Request{})
	if len(res.Calls) != 4 {
		t.Fatalf("%+v", res)
	}
	ids := map[string]bool{}
	for _, c := range res.Calls {
		ids[c.ID] = true
	}
	if res.Calls[0].ID != "0000000000" || res.Calls[3].ID != "a1b2c3d4e5" || len(ids) != 4 {
		t.Errorf("IDs %q %q %q %q, want the model's where well formed and new, all four different", res.Calls[0].ID, res.Calls[1].ID, res.Calls[2].ID, res.Calls[3].ID)
	}
}

func TestSolarOpen(t *testing.T) {
	streamtest.Run(t, solaropen.Format, []tc{
		{"content", "<|content|>Hello.<|end|>", nil, "Hello.", nil},
		{"bare content, as the stream starts", "Hello.", nil, "Hello.", nil},
		{"content, then calls after a new assistant message", "<|content|>Let me check.<|end|><|begin|>assistant<|tool_calls|>" + block("a", "f", "{}") + "<|calls|>", nil,
			"Let me check.", []toolcall.Call{call("f", `{}`)}},
		{"whitespace around the parts", "<|tool_calls|>" + block(" x1 ", " f ", " {\"a\": 1} ") + "<|calls|>", nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"no arguments", "<|tool_calls|>" + block("x1", "f", "") + "<|calls|>", nil, "", []toolcall.Call{call("f", `{}`)}},
		{"arguments as a JSON string", "<|tool_calls|>" + block("x1", "f", `"{\"a\": 1}"`) + "<|calls|>", nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"other markers in a string", "<|tool_calls|>" + block("x1", "say", `{"text": "<|tool_calls|><|think|><|tool_call:name|>{"}`) + "<|calls|>", nil, "",
			[]toolcall.Call{call("say", `{"text":"<|tool_calls|><|think|><|tool_call:name|>{"}`)}},
		{"the turn's end in a string ends the call", "<|tool_calls|>" + block("x1", "say", `{"text": "<|calls|>"}`), nil,
			`<|tool_call:begin|>x1<|tool_call:name|>say<|tool_call:args|>{"text": "<|calls|>`, nil},
		{"the call's end marker ends it, even in a string", "<|tool_calls|>" + block("x1", "say", `{"text": "<|tool_call:end|>"}`) + "<|calls|>", nil,
			`<|tool_call:begin|>x1<|tool_call:name|>say<|tool_call:args|>{"text": "<|tool_call:end|>"}`, nil},
		{"a call whose end marker is missing ends where the next begins", "<|tool_calls|><|tool_call:begin|>x1<|tool_call:name|>f<|tool_call:args|>{}" + block("x2", "g", "{}"), nil, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"unbalanced arguments spoil their call only", "<|tool_calls|>" + block("x1", "f", `{"a": [1}`) + block("x2", "g", "{}") + "<|calls|>", nil,
			block("x1", "f", `{"a": [1}`), []toolcall.Call{call("g", `{}`)}},
		{"pretty-printed", "<|tool_calls|>" + block("x1", "f", "{\n  \"a\": [1, 2]\n}") + "<|calls|>", nil, "", []toolcall.Call{call("f", `{"a":[1,2]}`)}},
		{"a stray end marker is dropped", "Done.<|tool_call:end|>", nil, "Done.", nil},
		{"a partial marker at the end is prose", "Hi <|tool_ca", nil, "Hi <|tool_ca", nil},
		{"a section with no calls", "<|tool_calls|><|calls|>", nil, "", nil},
		{"no name is content", "<|tool_calls|>" + block("x1", "", "{}"), nil, block("x1", "", "{}"), nil},
		{"no name marker is content", "<|tool_call:begin|>x1 f<|tool_call:args|>{}<|tool_call:end|>", nil, "<|tool_call:begin|>x1 f<|tool_call:args|>{}<|tool_call:end|>", nil},
		{"arguments that are no object are content", "<|tool_calls|>" + block("x1", "f", "[1]"), nil, block("x1", "f", "[1]"), nil},
		{"a call the end cuts is content", "<|tool_calls|><|tool_call:begin|>x1<|tool_call:name|>f<|tool_call:args|>{\"a\": 1", nil,
			"<|tool_call:begin|>x1<|tool_call:name|>f<|tool_call:args|>{\"a\": 1", nil},
		{"a call whose end marker is missing at the end is read", "<|tool_calls|><|tool_call:begin|>x1<|tool_call:name|>f<|tool_call:args|>{\"a\": 1}", nil,
			"", []toolcall.Call{call("f", `{"a":1}`)}},
	})
}

// The model's reasoning, <|think|> ... <|end|>, is reasoning; the text
// or calls after it are not.
func TestReasoning(t *testing.T) {
	req := toolcall.Request{}
	streamtest.ExpectReasoning(t, solaropen.Format, req, "<|think|>The user wants order 42.<|end|><|begin|>assistant<|content|>Let me check.<|end|><|begin|>assistant<|tool_calls|>"+block("x1", "lookup_order", `{"order_id": 42}`)+"<|calls|>",
		"The user wants order 42.", "Let me check.", []toolcall.Call{call("lookup_order", `{"order_id":42}`)})
	// The text's or the calls' marker ends reasoning whose <|end|> is
	// missing (vLLM's reasoning parser ends it there too).
	streamtest.ExpectReasoning(t, solaropen.Format, req, "<|think|>Easy.<|content|>4.<|end|>", "Easy.", "4.", nil)
	streamtest.ExpectReasoning(t, solaropen.Format, req, "<|think|>Need it.<|tool_calls|>"+block("x1", "f", "{}")+"<|calls|>", "Need it.", "", []toolcall.Call{call("f", `{}`)})
	// The prompt with reasoning effort low closes an empty reasoning.
	streamtest.ExpectReasoning(t, solaropen.Format, req, "<|content|>4.<|end|>", "", "4.", nil, stream.ForPrompt(toolcall.Prompt{}))
	// A think tag in a call's string is data.
	streamtest.ExpectReasoning(t, solaropen.Format, req, "<|tool_calls|>"+block("x1", "say", `{"text": "<|think|>"}`)+"<|calls|>", "", "", []toolcall.Call{call("say", `{"text":"<|think|>"}`)})
}

// What follows the end of the turn (<|calls|>, or a message of another
// role a server that did not stop there wrote) is dropped, with an
// end_of_turn diagnostic.
func TestEndOfTurn(t *testing.T) {
	for _, doc := range []string{
		"<|tool_calls|>" + block("x1", "f", "{}") + "<|calls|><|begin|>tool<|tool_response|>made up",
		"<|content|>Sure.<|end|><|begin|>user<|content|>more<|end|>",
		"<|content|>Sure.<|end|><|begin|>system<|content|>" + block("x2", "g", "{}"),
	} {
		if res := streamtest.EndOfTurn(t, solaropen.Format, doc, 5); strings.Contains(res.Content, "<|") || strings.Contains(res.Content, "more") || len(res.Calls) > 1 {
			t.Errorf("%q: content %q, calls %+v", doc, res.Content, res.Calls)
		}
	}
}

var documents = []string{
	"<|think|>Plan.<|end|><|begin|>assistant<|tool_calls|>" + block("a1B2c3D4e", "write_note", noteArgs) + block("f5G6h7J8k", "lookup_order", orderArgs) + "<|calls|>",
	"<|content|>Hi {x} [y].<|end|><|begin|>assistant<|tool_calls|>" + block("x1", "f", `{"a": [1, "}"]}`) + "<|calls|>",
	"<|content|>Sure.<|end|><|begin|>user<|content|>more",
	"<|tool_call:begin|>", "<|tool_call:name|>", "<|tool_call:args|>", "<|tool_call:end|>", "<|tool_calls|>", "<|calls|>", "<|think|>", "<|end|>", "<|begin|>assistant", "<|content|>", "<|flush|>", `{"a": 1}`,
}

// Split invariance, argument streaming and quiet deltas hold for any mix
// of the format's text in any split.
func TestProperties(t *testing.T) {
	streamtest.CheckFormatRequest(t, solaropen.Format, toolcall.Request{Tools: streamtest.Tools("f", "g")}, documents)
}

// FuzzSolarOpen checks the stream's promises on any document in random
// deltas.
func FuzzSolarOpen(f *testing.F) {
	streamtest.Fuzz(f, solaropen.Format, toolcall.Request{Tools: streamtest.Tools("f")}, documents, stream.StartInReasoning())
}

// With argument streaming, the calls stream while they arrive (the
// first's arguments are stable only at their end, in one fragment).
func TestStreamsArguments(t *testing.T) {
	streamtest.CheckStreamsArguments(t, solaropen.Format, toolcall.Request{Tools: streamtest.Tools("write_note", "lookup_order")}, documents[0], 2)
}

func TestProseFeedDoesNotAllocate(t *testing.T) {
	streamtest.CheckProseFeed(t, solaropen.Format, toolcall.Request{})
}

// BenchmarkSmallCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: Solar Open's one section against
// Hermes's eight blocks, the yardstick. The request offers no schemas:
// the parse alone.
func BenchmarkSmallCalls(b *testing.B) {
	formatstest.BenchWeatherCalls(b, formatstest.WeatherCalls(), solaropen.Format, hermes.Format)
}
