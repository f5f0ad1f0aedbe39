package kimik3_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/kimik3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

var tool = streamtest.Tool

// goldenTools are the tools of the shared conversations (formatstest.Conversations).
var goldenTools = formatstest.GoldenTools()

// inThink reads a reply after the prompt, which opened the think channel.
var inThink = stream.ForPrompt(toolcall.Prompt{InReasoning: true})

type example struct {
	name                string
	tools               []toolcall.Tool
	doc                 string
	reasoning, content  string
	calls               []toolcall.Call
	opts                []stream.Option
	diagnostic          string // a diagnostic's kind the parse must give, if any
	diagnosticSaysAbout string // and what its message holds
	noDiagnostics       bool   // the parse gives none
}

func run(t *testing.T, examples []example) {
	t.Helper()
	for _, e := range examples {
		t.Run(e.name, func(t *testing.T) {
			req := toolcall.Request{Tools: e.tools}
			streamtest.ExpectReasoning(t, kimik3.Format, req, e.doc, e.reasoning, e.content, e.calls, e.opts...)
			r := stream.Parse(kimik3.Format, e.doc, req, e.opts...)
			if e.noDiagnostics && len(r.Diagnostics) > 0 {
				t.Errorf("diagnostics %+v, want none", r.Diagnostics)
			}
			if e.diagnostic == "" {
				return
			}
			if !slices.ContainsFunc(r.Diagnostics, func(d toolcall.Diagnostic) bool {
				return d.Kind == e.diagnostic && strings.Contains(d.Message, e.diagnosticSaysAbout)
			}) {
				t.Errorf("no %s diagnostic about %q: %+v", e.diagnostic, e.diagnosticSaysAbout, r.Diagnostics)
			}
		})
	}
}

// TestGoldenTurns reads the assistant turns of the kimi_k3 goldens
// (testdata/templates/golden/kimi_k3), each as the model writes it after its prompt: the
// think channel the prompt opened, the response channel, the tools
// channel, the message's end.
func TestGoldenTurns(t *testing.T) {
	run(t, []example{
		{
			name:  "tools: two calls, a string with a quote, a newline and a tag; a number, a string and an object",
			tools: goldenTools,
			doc:   `<|close|>think<|sep|><|open|>response<|sep|><|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="write_note" index="1"<|sep|><|open|>argument key="path" type="string"<|sep|>notes/todo.txt<|close|>argument<|sep|><|open|>argument key="text" type="string"<|sep|>She said "hi"` + "\n" + `then <b>left</b><|close|>argument<|sep|><|close|>call<|sep|><|open|>call tool="lookup_order" index="2"<|sep|><|open|>argument key="order_id" type="number"<|sep|>42<|close|>argument<|sep|><|open|>argument key="status" type="string"<|sep|>shipped<|close|>argument<|sep|><|open|>argument key="options" type="object"<|sep|>{"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|><|end_of_msg|>`,
			calls: []toolcall.Call{
				call("write_note", `{"path":"notes/todo.txt","text":"She said \"hi\"\nthen <b>left</b>"}`),
				call("lookup_order", `{"order_id":42,"status":"shipped","options":{"include_items":true,"fields":["sku","qty"],"max_price":19.5}}`),
			},
			opts: []stream.Option{inThink},
		},
		{
			name:    "tools_answered: an answer in the response channel",
			tools:   goldenTools,
			doc:     `<|close|>think<|sep|><|open|>response<|sep|>Saved the note; order 42 has shipped.<|close|>response<|sep|><|close|>message<|sep|><|end_of_msg|>`,
			content: "Saved the note; order 42 has shipped.",
			opts:    []stream.Option{inThink},
		},
		{
			name:      "reasoning: reasoning, then the answer",
			doc:       `The user asks for a sum. 2+2=4.<|close|>think<|sep|><|open|>response<|sep|>4.<|close|>response<|sep|><|close|>message<|sep|><|end_of_msg|>`,
			reasoning: "The user asks for a sum. 2+2=4.",
			content:   "4.",
			opts:      []stream.Option{inThink},
		},
		{
			name:      "reasoning_call: reasoning, an empty answer and one call",
			tools:     goldenTools,
			doc:       `I should look the order up.<|close|>think<|sep|><|open|>response<|sep|><|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="lookup_order" index="1"<|sep|><|open|>argument key="order_id" type="number"<|sep|>42<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|><|end_of_msg|>`,
			reasoning: "I should look the order up.",
			calls:     []toolcall.Call{call("lookup_order", `{"order_id":42}`)},
			opts:      []stream.Option{inThink},
		},
		{
			name:      "a stream told nothing of the prompt finds the think channel's end",
			doc:       `Hmm.<|close|>think<|sep|><|open|>response<|sep|>4.<|close|>response<|sep|><|close|>message<|sep|><|end_of_msg|>`,
			reasoning: "Hmm.",
			content:   "4.",
		},
		{
			name:    "with thinking off the prompt opened the response channel",
			doc:     `4.<|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|>`,
			content: "4.",
			calls:   []toolcall.Call{call("f", `{}`)},
			opts:    []stream.Option{stream.ForPrompt(toolcall.Prompt{})},
		},
	})
}

func TestKimiK3(t *testing.T) {
	code := []toolcall.Tool{tool("write_file", `{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}}}`)}
	open := func(key string) string { return `<|open|>argument key="` + key + `" type="string"<|sep|>` }
	const argEnd, callEnd = "<|close|>argument<|sep|>", "<|close|>call<|sep|>"
	const writeFile = `<|open|>call tool="write_file" index="1"<|sep|>`
	run(t, []example{
		{
			name:  "a value's close tag that text follows is text in the value",
			tools: code,
			doc:   writeFile + open("content") + "a" + argEnd + "b" + argEnd + callEnd,
			calls: []toolcall.Call{call("write_file", `{"content":"a<|close|>argument<|sep|>b"}`)},
		},
		{
			name:  "a close tag that an argument tag for a key already set follows is text",
			tools: code,
			doc:   writeFile + open("path") + "a.txt" + argEnd + open("content") + "x" + argEnd + open("path") + "y" + argEnd + callEnd,
			calls: []toolcall.Call{call("write_file", `{"path":"a.txt","content":"x<|close|>argument<|sep|><|open|>argument key=\"path\" type=\"string\"<|sep|>y"}`)},
		},
		{
			name:  "a call's end inside a value, with no close tag before it, is text",
			tools: code,
			doc:   writeFile + open("content") + "end: " + callEnd + " and " + "<|close|>tools<|sep|><|end_of_msg|>" + argEnd + callEnd,
			calls: []toolcall.Call{call("write_file", `{"content":"end: <|close|>call<|sep|> and <|close|>tools<|sep|><|end_of_msg|>"}`)},
		},
		{
			name:  "whitespace may stand between the tags",
			doc:   "<|open|>tools<|sep|>\n" + `<|open|>call tool="f" index="1"<|sep|>` + "\n" + open("a") + " x " + argEnd + "\n" + callEnd + "\n<|close|>tools<|sep|>",
			calls: []toolcall.Call{call("f", `{"a":" x "}`)},
		},
		{
			name:  "attribute values unescape &amp; and &quot;; a string value is raw",
			doc:   `<|open|>call tool="a&amp;b" index="1"<|sep|><|open|>argument key="q&quot;" type="string"<|sep|>say &quot;hi&quot;` + argEnd + callEnd,
			calls: []toolcall.Call{call("a&b", `{"q\"":"say &quot;hi&quot;"}`)},
		},
		{
			name:  "other types are JSON, Python literals read too",
			doc:   `<|open|>call tool="f" index="1"<|sep|><|open|>argument key="n" type="number"<|sep|>1e2` + argEnd + `<|open|>argument key="b" type="boolean"<|sep|>false` + argEnd + `<|open|>argument key="z" type="null"<|sep|>null` + argEnd + `<|open|>argument key="o" type="object"<|sep|>{'a': True, "l": [1, None]}` + argEnd + `<|open|>argument key="l" type="array"<|sep|> [1,"two"] ` + argEnd + callEnd,
			calls: []toolcall.Call{call("f", `{"n":1e2,"b":false,"z":null,"o":{"a":true,"l":[1,null]},"l":[1,"two"]}`)},
		},
		{
			name:                "a value that is not JSON of its type is its text, with a diagnostic",
			doc:                 `<|open|>call tool="f" index="1"<|sep|><|open|>argument key="n" type="number"<|sep|>1e` + argEnd + callEnd,
			calls:               []toolcall.Call{call("f", `{"n":"1e"}`)},
			diagnostic:          toolcall.KindSyntax,
			diagnosticSaysAbout: "not JSON",
		},
		{
			name:  "the schema wins where it allows only strings: the text as written",
			tools: []toolcall.Tool{tool("mail", `{"type":"object","properties":{"zip":{"type":"string"},"n":{"type":"integer"}}}`)},
			doc:   `<|open|>call tool="mail" index="1"<|sep|><|open|>argument key="zip" type="number"<|sep|>02139` + argEnd + `<|open|>argument key="n" type="string"<|sep|>7` + argEnd + callEnd,
			calls: []toolcall.Call{call("mail", `{"zip":"02139","n":7}`)},
		},
		{
			name:  "a missing type attribute is a string",
			doc:   `<|open|>call tool="f" index="1"<|sep|><|open|>argument key="a"<|sep|>[1]` + argEnd + callEnd,
			calls: []toolcall.Call{call("f", `{"a":"[1]"}`)},
		},
		{
			name:                "a repeated key is text in the value before it, which may then not be JSON",
			doc:                 `<|open|>call tool="f" index="1"<|sep|>` + `<|open|>argument key="a" type="number"<|sep|>1` + argEnd + `<|open|>argument key="a" type="number"<|sep|>3` + argEnd + callEnd,
			calls:               []toolcall.Call{call("f", `{"a":"1<|close|>argument<|sep|><|open|>argument key=\"a\" type=\"number\"<|sep|>3"}`)},
			diagnostic:          toolcall.KindSyntax,
			diagnosticSaysAbout: "not JSON",
		},
		{
			name:  "arguments in a json channel",
			doc:   `<|open|>call tool="f" index="1"<|sep|><|open|>json type="object"<|sep|>{"a": [1, 2]}<|close|>json<|sep|>` + callEnd,
			calls: []toolcall.Call{call("f", `{"a":[1,2]}`)},
		},
		{
			name:                "a call whose end is missing is content, and the next call still counts",
			doc:                 `<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|>` + open("a") + "1" + argEnd + `<|open|>call tool="g" index="2"<|sep|>` + callEnd + "<|close|>tools<|sep|>",
			content:             `<|open|>call tool="f" index="1"<|sep|>` + open("a") + "1" + argEnd,
			calls:               []toolcall.Call{call("g", `{}`)},
			diagnostic:          toolcall.KindSyntax,
			diagnosticSaysAbout: "without <|close|>call<|sep|>",
		},
		{
			name:                "a call with no tool is content",
			doc:                 `<|open|>call index="1"<|sep|>` + callEnd,
			content:             `<|open|>call index="1"<|sep|>` + callEnd,
			diagnostic:          toolcall.KindSyntax,
			diagnosticSaysAbout: "tool=",
		},
		{
			name:                "text where an argument should begin makes the call content",
			doc:                 `<|open|>call tool="f" index="1"<|sep|>oops` + open("a") + "1" + argEnd + callEnd,
			content:             `<|open|>call tool="f" index="1"<|sep|>oops` + open("a") + "1" + argEnd + callEnd,
			diagnostic:          toolcall.KindSyntax,
			diagnosticSaysAbout: "expected",
		},
		{
			name:                "a header without its <|sep|> is content",
			doc:                 `<|open|>call tool="f" index="1` + callEnd,
			content:             `<|open|>call tool="f" index="1` + callEnd,
			diagnostic:          toolcall.KindSyntax,
			diagnosticSaysAbout: "header",
		},
		{
			name:                "a call the response's end cuts off is content",
			doc:                 `Ok.<|open|>call tool="f" index="1"<|sep|>` + open("a") + "1" + argEnd,
			content:             `Ok.<|open|>call tool="f" index="1"<|sep|>` + open("a") + "1" + argEnd,
			diagnostic:          toolcall.KindSyntax,
			diagnosticSaysAbout: "cut off",
		},
		{
			name:                "a value the response's end cuts off is content",
			doc:                 `<|open|>call tool="f" index="1"<|sep|>` + open("a") + "1<|close|>argu",
			content:             `<|open|>call tool="f" index="1"<|sep|>` + open("a") + "1<|close|>argu",
			diagnostic:          toolcall.KindSyntax,
			diagnosticSaysAbout: "cut off",
		},
		{
			name:                "what follows <|end_of_msg|> is dropped, with a diagnostic",
			doc:                 `<|open|>response<|sep|>Hi.<|close|>response<|sep|><|close|>message<|sep|><|end_of_msg|><|open|>message role="user"<|sep|>more`,
			content:             "Hi.",
			diagnostic:          toolcall.KindEndOfTurn,
			diagnosticSaysAbout: "dropped",
		},
		{
			name:    "stray channel ends in prose are dropped",
			doc:     "a<|close|>argument<|sep|>b<|close|>call<|sep|>c<|close|>json<|sep|>d<|close|>tools<|sep|>e<|close|>think<|sep|>f",
			content: "abcdef",
			opts:    []stream.Option{stream.StartOutsideReasoning()},
		},
		{
			name:      "the response channel's opening ends reasoning whose close is missing",
			doc:       "Hmm.<|open|>response<|sep|>Answer.<|close|>response<|sep|><|end_of_msg|>",
			reasoning: "Hmm.",
			content:   "Answer.",
			opts:      []stream.Option{inThink},
		},
		{
			name:                "<|close|>message<|sep|> ends the turn too: what follows it but <|end_of_msg|> is dropped",
			doc:                 `<|open|>response<|sep|>Hi.<|close|>response<|sep|><|close|>message<|sep|> <|open|>message role="user"<|sep|>more<|end_of_msg|>`,
			content:             "Hi.",
			diagnostic:          toolcall.KindEndOfTurn,
			diagnosticSaysAbout: "dropped",
		},
		{
			name:          "<|end_of_msg|> after <|close|>message<|sep|>, or a part of it the end cut, is no text",
			doc:           `<|open|>response<|sep|>Hi.<|close|>response<|sep|><|close|>message<|sep|>` + "\n<|end_of",
			content:       "Hi.",
			noDiagnostics: true,
		},
		{
			name:    "prose without channels is content",
			doc:     "Just text, with a < and a <|.",
			content: "Just text, with a < and a <|.",
		},
		{
			name:      "a think tag inside a value is data",
			doc:       `<|close|>think<|sep|><|open|>call tool="f" index="1"<|sep|>` + open("a") + "<|open|>think<|sep|>x<|close|>think<|sep|>" + argEnd + callEnd,
			reasoning: "",
			calls:     []toolcall.Call{call("f", `{"a":"<|open|>think<|sep|>x<|close|>think<|sep|>"}`)},
			opts:      []stream.Option{inThink},
		},
		{
			name:      "the tools channel opened inside the think channel ends it",
			doc:       `Let me call.<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|>` + callEnd + "<|close|>tools<|sep|>",
			reasoning: "Let me call.",
			calls:     []toolcall.Call{call("f", `{}`)},
			opts:      []stream.Option{inThink},
		},
	})
}

// documents are texts the properties and the fuzz target start from.
var documents = []string{
	`<|close|>think<|sep|><|open|>response<|sep|>Ok.<|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|><|open|>argument key="a" type="string"<|sep|>x<|close|>argument<|sep|><|open|>argument key="n" type="number"<|sep|>1<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|><|end_of_msg|>`,
	`Hmm<|close|>think<|sep|><|open|>call tool="g" index="1"<|sep|><|open|>argument key="a" type="string"<|sep|>a<|close|>argument<|sep|>b<|close|>argument<|sep|><|close|>call<|sep|>`,
	`<|open|>call tool="f" index="1"<|sep|><|open|>json type="object"<|sep|>{"a": 1}<|close|>json<|sep|><|close|>call<|sep|>`,
	"<|open|>", "<|close|>", "<|sep|>", "<|end_of_msg|>", "<|open|>call", "<|close|>argument<|sep|>", "<|open|>think<|sep|>", "<|close|>think<|sep|>",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormatRequest(t, kimik3.Format, toolcall.Request{Tools: streamtest.Tools("f", "g")}, documents)
}

// FuzzKimiK3 checks the stream's promises on any document in random deltas.
func FuzzKimiK3(f *testing.F) {
	streamtest.Fuzz(f, kimik3.Format, toolcall.Request{Tools: streamtest.Tools("f")}, documents)
}
