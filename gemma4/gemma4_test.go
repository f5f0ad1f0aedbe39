package gemma4_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/gemma4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// The assistant turns of the goldens (gemma4/tools.txt, tools_answered.txt,
// tools_one_call.txt): what the model writes after <|turn>model\n, up to
// the <|tool_response> that ends its turn.
const (
	goldenTwoCalls = "<|tool_call>call:write_note{path:<|\"|>notes/todo.txt<|\"|>,text:<|\"|>She said \"hi\"\nthen <b>left</b><|\"|>}<tool_call|>" +
		"<|tool_call>call:lookup_order{options:{fields:[<|\"|>sku<|\"|>,<|\"|>qty<|\"|>],include_items:true,max_price:19.5},order_id:42,status:<|\"|>shipped<|\"|>}<tool_call|>"
	goldenOneCall = "<|tool_call>call:lookup_order{options:{fields:[<|\"|>sku<|\"|>,<|\"|>qty<|\"|>],include_items:true,max_price:19.5},order_id:42,status:<|\"|>shipped<|\"|>}<tool_call|>"
)

var (
	wantWrite  = streamtest.Call("write_note", `{"path":"notes/todo.txt","text":"She said \"hi\"\nthen <b>left</b>"}`)
	wantLookup = streamtest.Call("lookup_order", `{"options":{"fields":["sku","qty"],"include_items":true,"max_price":19.5},"order_id":42,"status":"shipped"}`)
)

// TestGoldenTurns reads the assistant turns the goldens hold.
func TestGoldenTurns(t *testing.T) {
	streamtest.Run(t, gemma4.Format, []tc{
		{"two calls (tools.txt)", goldenTwoCalls + "<|tool_response>", nil, "", []toolcall.Call{wantWrite, wantLookup}},
		{"one call (tools_one_call.txt)", goldenOneCall + "<|tool_response>", nil, "", []toolcall.Call{wantLookup}},
		{"a call without the response token", goldenOneCall, nil, "", []toolcall.Call{wantLookup}},
		{"an answer (tools_answered.txt)", "Saved the note; order 42 has shipped.<turn|>", nil, "Saved the note; order 42 has shipped.", nil},
		{"an answer (reasoning.txt)", "4.<turn|>", nil, "4.", nil},
	})
}

// TestReasoning: the thought channel is reasoning, with thinking on (the
// model opens it) and with thinking off (the prompt closed an empty one,
// and the model writes none).
func TestReasoning(t *testing.T) {
	req := toolcall.Request{}
	streamtest.ExpectReasoning(t, gemma4.Format, req,
		"<|channel>thought\nI should look the order up.\n<channel|><|tool_call>call:lookup_order{order_id:42}<tool_call|><|tool_response>",
		"I should look the order up.", "", []toolcall.Call{streamtest.Call("lookup_order", `{"order_id":42}`)})
	streamtest.ExpectReasoning(t, gemma4.Format, req,
		"<|channel>thought\nSimple.<channel|>6.<turn|>", "Simple.", "6.", nil)
	streamtest.ExpectReasoning(t, gemma4.Format, req, "6.<turn|>", "", "6.", nil)
}

// TestValues: the argument language, as the peers describe it.
func TestValues(t *testing.T) {
	streamtest.Run(t, gemma4.Format, []tc{
		{"no arguments", `<|tool_call>call:get_time{}<tool_call|>`, nil, "", []toolcall.Call{streamtest.Call("get_time", `{}`)}},
		{"bare values", `<|tool_call>call:f{a:1,b:-2.5e3,c:true,d:false,e:null}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("f", `{"a":1,"b":-2.5e3,"c":true,"d":false,"e":null}`)}},
		{"spaces and newlines between tokens", "<|tool_call>call:f{ a : 1 ,\n b : [ 1 , 2 ] }<tool_call|>", nil, "",
			[]toolcall.Call{streamtest.Call("f", `{"a":1,"b":[1,2]}`)}},
		{"a string is raw: quotes, backslashes, newlines", "<|tool_call>call:f{s:<|\"|>a \"b\" \\n c\nd<|\"|>}<tool_call|>", nil, "",
			[]toolcall.Call{streamtest.Call("f", `{"s":"a \"b\" \\n c\nd"}`)}},
		{"an empty string", `<|tool_call>call:f{s:<|"|><|"|>}<tool_call|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"s":""}`)}},
		{"the literal-tag rule: markers in a string are data", `<|tool_call>call:f{s:<|"|>x<tool_call|><|tool_call>call:g{}<turn|>y<|"|>}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("f", `{"s":"x<tool_call|><|tool_call>call:g{}<turn|>y"}`)}},
		{"nested objects and arrays", `<|tool_call>call:f{a:{b:{c:[[1],[<|"|>x<|"|>]]}},d:[]}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("f", `{"a":{"b":{"c":[[1],["x"]]}},"d":[]}`)}},
		{"a bare word is a string", `<|tool_call>call:f{unit:celsius}<tool_call|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"unit":"celsius"}`)}},
		{"a quoted key", `<|tool_call>call:f{<|"|>a b<|"|>:1}<tool_call|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a b":1}`)}},
		{"a trailing comma", `<|tool_call>call:f{a:[1,],}<tool_call|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":[1]}`)}},
		{"a hyphenated and dotted name", `<|tool_call>call:web.search-v2{q:<|"|>go<|"|>}<tool_call|>`, nil, "", []toolcall.Call{streamtest.Call("web.search-v2", `{"q":"go"}`)}},
	})
}

// TestOllamaCases has the cases of Ollama's gemma4 parser tests
// (model/parsers/gemma4_test.go) this reader takes as Ollama does.
func TestOllamaCases(t *testing.T) {
	streamtest.Run(t, gemma4.Format, []tc{
		{"multiple args", `<|tool_call>call:get_weather{location:<|"|>Paris<|"|>,units:<|"|>metric<|"|>}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("get_weather", `{"location":"Paris","units":"metric"}`)}},
		{"nested object", `<|tool_call>call:process{config:{enabled:true,name:<|"|>test<|"|>}}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("process", `{"config":{"enabled":true,"name":"test"}}`)}},
		{"quotes in a string", `<|tool_call>call:search{query:<|"|>say "hello", then "goodbye"<|"|>}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("search", `{"query":"say \"hello\", then \"goodbye\""}`)}},
		{"backslashes are text", `<|tool_call>call:search{query:<|"|>first \"quoted\" then "raw" C:\users\bob \u2603<|"|>}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("search", `{"query":"first \\\"quoted\\\" then \"raw\" C:\\users\\bob \\u2603"}`)}},
		{"structural characters in a string", `<|tool_call>call:f{query:<|"|>a,b:{c}[d]<|"|>}<tool_call|>`, nil, "", []toolcall.Call{streamtest.Call("f", `{"query":"a,b:{c}[d]"}`)}},
		{"a missing end marker at the end", `<|tool_call>call:search{query:<|"|>say "hello" and "bye"<|"|>}`, nil, "",
			[]toolcall.Call{streamtest.Call("search", `{"query":"say \"hello\" and \"bye\""}`)}},
		{"JSON strings beside Gemma's", `<|tool_call>call:search{query:"raw \"quoted\"",note:<|"|>gemma "quoted"<|"|>}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("search", `{"query":"raw \"quoted\"","note":"gemma \"quoted\""}`)}},
		{"a JSON string with key-like text", `<|tool_call>call:f{q:"keep , oldText: literal",note:<|"|>ok<|"|>}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("f", `{"q":"keep , oldText: literal","note":"ok"}`)}},
		{"an array of objects over lines", "<|tool_call>call:edit{edits:[\n  {newText:<|\"|>a\n<|\"|>,\n   oldText:<|\"|>b<|\"|>},\n  {newText:<|\"|>c<|\"|>,oldText:<|\"|>d<|\"|>}\n]}<tool_call|>", nil, "",
			[]toolcall.Call{streamtest.Call("edit", `{"edits":[{"newText":"a\n","oldText":"b"},{"newText":"c","oldText":"d"}]}`)}},
		{"repeated end markers", `<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|><tool_call|>Done.`, nil, "Done.",
			[]toolcall.Call{streamtest.Call("get_weather", `{"location":"Paris"}`)}},
		{"content then a call", `Let me check that for you.<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>`, nil, "Let me check that for you.",
			[]toolcall.Call{streamtest.Call("get_weather", `{"location":"Paris"}`)}},
		// FunctionGemma writes bare paths (a peer's debug script shows it).
		{"a bare path", `<start_function_call>call:Read{file_path:/tmp/test.txt}<end_function_call>`, nil, "",
			[]toolcall.Call{streamtest.Call("Read", `{"file_path":"/tmp/test.txt"}`)}},
	})
}

// TestOllamaDifferences: where Ollama's tests expect otherwise, what this
// reader does (see the package doc).
func TestOllamaDifferences(t *testing.T) {
	streamtest.Run(t, gemma4.Format, []tc{
		// Ollama keeps Done. as content; <|tool_response> ends the turn here.
		{"text after <|tool_response>", `<|tool_call>call:f{}<tool_call|><|tool_response>Done.`, nil, "", []toolcall.Call{streamtest.Call("f", `{}`)}},
		// Ollama repairs a string whose closing quote is missing; the
		// literal-tag rule reads on to the end, and the call is cut off.
		{"an unclosed string", `<|tool_call>call:bash{command:<|"|>ls}<tool_call|>`, nil, `<|tool_call>call:bash{command:<|"|>ls}<tool_call|>`, nil},
		// Ollama reads single-quoted values as strings; here the quotes are
		// part of a bare value.
		{"single quotes", `<|tool_call>call:grep{pattern:'abc'}<tool_call|>`, nil, "", []toolcall.Call{streamtest.Call("grep", `{"pattern":"'abc'"}`)}},
		// A channel that is not a thought is content (Ollama strips it).
		{"a channel without thought", `<|channel>x<channel|>y`, nil, `<|channel>x<channel|>y`, nil},
	})
}

// TestProseAndCalls: text around calls is content; calls anywhere.
func TestProseAndCalls(t *testing.T) {
	streamtest.Run(t, gemma4.Format, []tc{
		{"prose then a call", "Let me check.\n" + goldenOneCall, nil, "Let me check.", []toolcall.Call{wantLookup}},
		{"a call then prose", goldenOneCall + "Done.", nil, "Done.", []toolcall.Call{wantLookup}},
		{"prose that mentions the syntax", "Write call:f{a:1} to call f.", nil, "Write call:f{a:1} to call f.", nil},
		{"a lone quote token in prose is prose", `a <|"|> b`, nil, `a <|"|> b`, nil},
	})
}

// TestBroken: what does not parse is content, verbatim; a call the end
// cuts off is no call.
func TestBroken(t *testing.T) {
	streamtest.Run(t, gemma4.Format, []tc{
		{"no call: prefix", `<|tool_call>f{a:1}<tool_call|>ok`, nil, `<|tool_call>f{a:1}<tool_call|>ok`, nil},
		{"no braces", `<|tool_call>call:f<tool_call|>`, nil, `<|tool_call>call:f<tool_call|>`, nil},
		{"an unclosed object before the end marker", `<|tool_call>call:f{a:1<tool_call|>`, nil, `<|tool_call>call:f{a:1<tool_call|>`, nil},
		{"text after the arguments", `<|tool_call>call:f{a:1} extra<tool_call|>`, nil, `<|tool_call>call:f{a:1} extra<tool_call|>`, nil},
		{"a broken JSON string", `<|tool_call>call:f{a:"x\q"}<tool_call|>`, nil, `<|tool_call>call:f{a:"x\q"}<tool_call|>`, nil},
		{"cut inside a string", `<|tool_call>call:f{a:<|"|>abc`, nil, `<|tool_call>call:f{a:<|"|>abc`, nil},
		{"cut inside the object", `<|tool_call>call:f{a:1`, nil, `<|tool_call>call:f{a:1`, nil},
		{"cut in the name", `<|tool_call>call:f`, nil, `<|tool_call>call:f`, nil},
		{"a broken call, then a good one", `<|tool_call>call:f{a:}<tool_call|>` + goldenOneCall, nil, `<|tool_call>call:f{a:}<tool_call|>`, []toolcall.Call{wantLookup}},
		{"an empty block is nothing", `<|tool_call><tool_call|>x`, nil, `x`, nil},
	})
}

// TestBrokenIsDiagnosed: a block that does not parse says why.
func TestBrokenIsDiagnosed(t *testing.T) {
	for _, doc := range []string{`<|tool_call>call:f{a:1<tool_call|>`, `<|tool_call>call:f{a:<|"|>abc`, `<|tool_call>nothing<tool_call|>`} {
		r := stream.Parse(gemma4.Format, doc, toolcall.Request{})
		if len(r.Diagnostics) == 0 || r.Content != doc {
			t.Errorf("%q: content %q, diagnostics %+v: want the text back with a diagnostic", doc, r.Content, r.Diagnostics)
		}
	}
}

// TestEndMarkers: a missing end marker is tolerated where the arguments
// are complete; stray end markers are dropped, as Ollama's parser drops
// them.
func TestEndMarkers(t *testing.T) {
	streamtest.Run(t, gemma4.Format, []tc{
		{"a repeated end marker is dropped", goldenOneCall + "<tool_call|>", nil, "", []toolcall.Call{wantLookup}},
		{"an orphan end marker in prose is dropped", "ok<tool_call|> then", nil, "ok then", nil},
		{"a missing end marker between calls", `<|tool_call>call:f{a:1}<|tool_call>call:g{b:2}<tool_call|>`, nil, "",
			[]toolcall.Call{streamtest.Call("f", `{"a":1}`), streamtest.Call("g", `{"b":2}`)}},
		{"a missing end marker at the end", `<|tool_call>call:f{a:1}`, nil, "", []toolcall.Call{streamtest.Call("f", `{"a":1}`)}},
		{"the end of turn ends the response", goldenOneCall + "<turn|>more", nil, "", []toolcall.Call{wantLookup}},
	})
}

// TestFunctionGemma: FunctionGemma's frame and <escape> strings.
func TestFunctionGemma(t *testing.T) {
	streamtest.Run(t, gemma4.Format, []tc{
		{"one call", `<start_function_call>call:get_weather{city:<escape>Paris, "FR"<escape>,days:3}<end_function_call><start_function_response>`, nil, "",
			[]toolcall.Call{streamtest.Call("get_weather", `{"city":"Paris, \"FR\"","days":3}`)}},
		{"two calls and prose", `OK.<start_function_call>call:a{}<end_function_call><start_function_call>call:b{x:[<escape>y<escape>]}<end_function_call>`, nil, "OK.",
			[]toolcall.Call{streamtest.Call("a", `{}`), streamtest.Call("b", `{"x":["y"]}`)}},
		{"markers in an escape string are data", `<start_function_call>call:a{s:<escape><end_function_call><escape>}<end_function_call>`, nil, "",
			[]toolcall.Call{streamtest.Call("a", `{"s":"<end_function_call>"}`)}},
		{"the end of turn", `Hi.<end_of_turn>`, nil, "Hi.", nil},
	})
}

// TestSchemaTypes: a bare number is a string where the schema types its
// argument as a string only; a quoted string stays a string where the
// schema allows one.
func TestSchemaTypes(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(
		`{"type":"object","properties":{"zip":{"type":"string"},"version":{"type":"string"},"n":{"type":"integer"},"s":{"type":["string","integer"]}}}`)}}}
	doc := `<|tool_call>call:f{zip:01234,version:1.10,n:7,s:<|"|>42<|"|>}<tool_call|>`
	streamtest.Expect(t, gemma4.Format, req, doc, "", []toolcall.Call{streamtest.Call("f", `{"zip":"01234","version":"1.10","n":7,"s":"42"}`)})
}

// TestRenderCalls: RenderCalls writes what the goldens hold, and reads
// back.
func TestRenderCalls(t *testing.T) {
	got, err := gemma4.RenderCalls([]toolcall.Call{
		streamtest.Call("write_note", `{"path": "notes/todo.txt", "text": "She said \"hi\"\nthen <b>left</b>"}`),
		streamtest.Call("lookup_order", `{"order_id": 42, "status": "shipped", "options": {"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}}`),
	})
	if err != nil || got != goldenTwoCalls {
		t.Errorf("RenderCalls = %q, %v\nwant %q", got, err, goldenTwoCalls)
	}
	fg, err := gemma4.RenderFunctionGemmaCalls([]toolcall.Call{streamtest.Call("a", `{"s":"x"}`)})
	if want := `<start_function_call>call:a{s:<escape>x<escape>}<end_function_call>`; err != nil || fg != want {
		t.Errorf("RenderFunctionGemmaCalls = %q, %v, want %q", fg, err, want)
	}
	for _, bad := range []toolcall.Call{streamtest.Call("f", `{"s":"a<|\"|>b"}`), streamtest.Call("f", `[1]`), streamtest.Call("bad name", `{}`), streamtest.Call("f", `{`)} {
		if text, err := gemma4.RenderCalls([]toolcall.Call{bad}); err == nil {
			t.Errorf("RenderCalls(%v) = %q, want an error", bad, text)
		}
	}
}

// TestRenderKeys: keys no bare text holds, or that a bare key would read
// as something else (a JSON string's '"' first), are written quoted and
// read back.
func TestRenderKeys(t *testing.T) {
	for _, args := range []string{`{"\"":1}`, `{"\"a\"":1}`, `{"a b":1}`, `{" a":1}`, `{"a:b":1}`, `{"":1}`, `{"a\"":1}`} {
		text, err := gemma4.RenderCalls([]toolcall.Call{streamtest.Call("f", args)})
		if err != nil {
			t.Fatalf("%s: %v", args, err)
		}
		r := stream.Parse(gemma4.Format, text, toolcall.Request{})
		if len(r.Calls) != 1 || !streamtest.JSONEqual(r.Calls[0].Arguments, args) {
			t.Errorf("%s rendered as %q reads back as %+v", args, text, r)
		}
	}
}

// TestArgumentsStream: with argument streaming on, a call's arguments go
// out while they arrive (in small deltas; the stream batches the quiet
// ones, so a call must be long enough to span batches), never withdrawn
// or resent, for
// the goldens' calls, FunctionGemma's, and values that stop the follower
// only where the reader refuses them.
func TestArgumentsStream(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "write_note"}, {Name: "lookup_order"}, {Name: "a"}}}
	for _, doc := range []string{
		goldenTwoCalls,
		"Let me check. " + goldenOneCall + "<|tool_response>",
		`<start_function_call>call:a{s:<escape>x é <end_function_call> "y"<escape>,n:[1,{b:null}]}<end_function_call>`,
		`<|tool_call>call:a{ k : <|"|>v<|<|"<|"|> , <|"|>q k<|"|>:-1.5e3 ,l:[ ],s:<|"|>a long string value that goes on and on<|"|>,}<tool_call|>`,
	} {
		deltas := streamtest.SeededSplit(doc, 7)
		st := streamtest.CompareStreaming(t, gemma4.Format, req, deltas)
		if st.Calls == 0 || st.Streamed != st.Calls || st.Retracted != 0 || st.Resent != 0 {
			t.Errorf("%q: %+v, want every call streamed and none withdrawn", doc, st)
		}
	}
	// a call that does not parse is withdrawn, and comes back as content
	doc := `<|tool_call>call:a{s:<|"|>abcdefgh<|"|> oops}<tool_call|>`
	st := streamtest.CompareStreaming(t, gemma4.Format, req, streamtest.SeededSplit(doc, 3))
	if st.Calls != 0 {
		t.Errorf("%q: %+v, want no call", doc, st)
	}
}

// TestLimits: nesting past the depth limit, and a call past the pending
// limit, are content, with a diagnostic (past the limit the block is given
// up as prose, where its end marker is an orphan, dropped).
func TestLimits(t *testing.T) {
	deep := `<|tool_call>call:f{a:[[[[1]]]]}<tool_call|>`
	r := stream.Parse(gemma4.Format, deep, toolcall.Request{}, stream.WithLimits(toolcall.Limits{MaxDepth: 3}))
	if len(r.Calls) != 0 || r.Content != deep || len(r.Diagnostics) == 0 {
		t.Errorf("too deep: %+v", r)
	}
	if r := stream.Parse(gemma4.Format, deep, toolcall.Request{}); len(r.Calls) != 1 {
		t.Errorf("within the default depth: %+v", r)
	}
	long := `<|tool_call>call:f{a:<|"|>` + strings.Repeat("x", 5000) + `<|"|>}<tool_call|>`
	r = stream.Parse(gemma4.Format, long, toolcall.Request{}, stream.WithLimits(toolcall.Limits{MaxPending: 1000}))
	if len(r.Calls) != 0 || r.Content != strings.TrimSuffix(long, "<tool_call|>") || len(r.Diagnostics) == 0 {
		t.Errorf("past the pending limit: %d calls, content of %d bytes, %v", len(r.Calls), len(r.Content), r.Diagnostics)
	}
}

// promises are what the format owes on responses: the properties, with
// no tools offered, one and two, and no call without "call:".
var promises = streamtest.Promises{
	Documents: []string{
		goldenTwoCalls + "<|tool_response>",
		"Let me check.\n" + goldenOneCall + "<tool_call|>Done.",
		"<|channel>thought\nthink <|tool_call> here\n<channel|>" + goldenOneCall,
		`<|tool_call>call:f{s:<|"|>x<tool_call|>y<|"|>}<tool_call|>`,
		`<|tool_call>call:f{a:1<tool_call|>tail`,
		`<|tool_call>call:f{a:<|"|>cut`,
		`<start_function_call>call:a{s:<escape>x<escape>}<end_function_call>`,
		"<|tool_call>call:f{a:1}<turn|>after",
		`a <|"|> b <|tool <|tool_cal`,
	},
	Requests: []toolcall.Request{{}, {Tools: streamtest.Tools("f")}, {Tools: streamtest.Tools("f", "lookup_order")}},
	Marker:   "call:",
}

// TestPromises: any split into deltas gives what Parse gives, with no
// tools offered, one and two; prose costs no allocation per Feed.
func TestPromises(t *testing.T) { streamtest.CheckPromises(t, gemma4.Format, promises) }

// FuzzGemma4 checks the promises on any document in random deltas.
func FuzzGemma4(f *testing.F) { streamtest.FuzzPromises(f, gemma4.Format, promises) }
