package dsml_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var outside = stream.StartOutsideReasoning()

// TestValues: what a value is, by its tag and its text.
func TestValues(t *testing.T) {
	streamtest.Run(t, dsml.Format, []tc{
		{"a string is verbatim: blanks, newlines, quotes, backslashes", block(invoke("f", p("s", "true", " a \"b\" \\n\n c "))), nil, "",
			[]toolcall.Call{call("f", `{"s":" a \"b\" \\n\n c "}`)}},
		{"a string that looks like JSON stays a string", block(invoke("f", p("s", "true", "42"), p("t", "true", `{"a":1}`))), nil, "",
			[]toolcall.Call{call("f", `{"s":"42","t":"{\"a\":1}"}`)}},
		{"an empty string", block(invoke("f", p("s", "true", ""))), nil, "", []toolcall.Call{call("f", `{"s":""}`)}},
		{"JSON with blanks around it", block(invoke("f", p("n", "false", " \n[1, 2]\n "))), nil, "", []toolcall.Call{call("f", `{"n":[1,2]}`)}},
		{"Python's literals", block(invoke("f", p("a", "false", "True"), p("b", "false", "None"), p("c", "false", "{'k': False}"))), nil, "",
			[]toolcall.Call{call("f", `{"a":true,"b":null,"c":{"k":false}}`)}},
		{"string=false that is no JSON is text", block(invoke("f", p("a", "false", "hello world"))), nil, "", []toolcall.Call{call("f", `{"a":"hello world"}`)}},
		{"no string attribute: text", block(invoke("f", parStart+`a">1`+parEnd)), nil, "", []toolcall.Call{call("f", `{"a":"1"}`)}},
		{"spaces before string=", block(invoke("f", parStart+`a"   string="false">1`+parEnd)), nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		// in a call to an offered tool, a key given again is text in the
		// value before it (the literal-tag rule): a file's text never sets
		// an argument again
		{"a repeated key", block(invoke("f", p("a", "true", "1"), p("b", "true", "2"), p("a", "false", "3"))), []string{"f"}, "",
			[]toolcall.Call{call("f", `{"a":"1","b":`+streamtest.JSONString("2"+parEnd+"\n"+parStart+`a" string="false">3`)+`}`)}},
		{"non-ASCII names and values", block(invoke("天气", p("城市", "true", "杭州"))), nil, "", []toolcall.Call{call("天气", `{"城市":"杭州"}`)}},
		{"a dotted and hyphenated name", block(invoke("web.search-v2", p("q", "true", "go"))), nil, "", []toolcall.Call{call("web.search-v2", `{"q":"go"}`)}},
	}, outside)
	// The schema types text the tag leaves untyped; a string the tag says
	// is one stays one where the schema allows a string; string=false
	// that is no JSON (a zip code's leading zero) stays text.
	req := toolcall.Request{Tools: []toolcall.Tool{tool("f", `{"type":"object","properties":{"n":{"type":"integer"},"u":{"type":["string","object"]},"z":{"type":"string"}}}`)}}
	streamtest.Expect(t, dsml.Format, req, block(invoke("f", parStart+`n">7`+parEnd, p("u", "true", `{"a":1}`), p("z", "false", "01234"))),
		"", []toolcall.Call{call("f", `{"n":7,"u":"{\"a\":1}","z":"01234"}`)}, outside)
}

// TestLiteralTags: a value may hold the format's own tags; they end it
// only where the literal-tag rule says (see the package doc).
func TestLiteralTags(t *testing.T) {
	write := func(path, content string) toolcall.Call {
		b, _ := json.Marshal(map[string]string{"path": path, "content": content})
		return toolcall.Call{Name: "write", Arguments: string(b)}
	}
	req := toolcall.Request{Tools: []toolcall.Tool{tool("write", `{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)}}
	for _, tt := range []struct {
		name, content string
	}{
		{"the close tag, then text", "a" + parEnd + "b"},
		{"the close tag, then a key already set", "a" + parEnd + "\n" + p("path", "true", "/etc/passwd")},
		{"a key already set with no close tag before it", "a" + p("path", "true", "x") + "b"},
		{"the value's own key with no close tag before it", "a" + p("content", "false", "1") + "b"},
		{"the invoke's end, then a close tag", "a" + invEnd + "b" + parEnd + "c"},
		{"the block's tags", fcStart + invStart + "g\">" + fcEnd + "c"},
		{"another spelling's tags", v41(block(invoke("g", p("a", "true", "b"))))},
		{"an end of turn", "a" + eos + "b"},
		{"a lone '<' and partial tags", "< </ </｜ </｜DSML｜param <｜DSML｜"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			doc := block(invoke("write", p("path", "true", "a.txt"), p("content", "true", tt.content)))
			want := write("a.txt", tt.content)
			if tt.content == "a"+eos+"b" { // the end of turn ends the response, a value or not
				want = write("a.txt", tt.content)
			}
			streamtest.Expect(t, dsml.Format, req, doc, "", []toolcall.Call{want}, outside)
		})
	}
	streamtest.Run(t, dsml.Format, []tc{
		// a fresh key after a close tag ends the value
		{"the close tag, then a fresh key", block(invoke("f", p("a", "true", "1")+p("b", "true", "2"))), nil, "", []toolcall.Call{call("f", `{"a":"1","b":"2"}`)}},
		// a parameter's tag with no close tag before it is text
		{"a parameter's tag with no close tag before it", block(invoke("f", parStart+`a" string="true">1`+"\n"+p("b", "true", "2"))), nil, "",
			[]toolcall.Call{call("f", `{"a":`+streamtest.JSONString("1\n"+p("b", "true", "2")[:len(p("b", "true", "2"))-len(parEnd)])+`}`)}},
	}, outside)
}

// TestBlocks: blocks, their ends, and what is around them.
func TestBlocks(t *testing.T) {
	one := block(invoke("f", p("a", "true", "1")))
	f1 := call("f", `{"a":"1"}`)
	streamtest.Run(t, dsml.Format, []tc{
		{"prose, a block, prose", "Let me check.\n\n" + one + "\n\nDone.", nil, "Let me check.\n\n\n\nDone.", []toolcall.Call{f1}},
		{"two blocks", one + "\n" + v4(one), nil, "", []toolcall.Call{f1, f1}},
		{"a missing block end at the end", strings.TrimSuffix(one, fcEnd), nil, "", []toolcall.Call{f1}},
		{"a missing block end before the next block", strings.TrimSuffix(one, fcEnd) + v41(one), nil, "", []toolcall.Call{f1, f1}},
		{"a missing block end before the end of turn", strings.TrimSuffix(one, fcEnd) + eos + "runaway", nil, "", []toolcall.Call{f1}},
		{"the end of turn ends the response", one + eos + "<｜User｜>more", nil, "", []toolcall.Call{f1}},
		{"stray end tags are dropped", "a" + fcEnd + "b" + v41(fcEnd), nil, "ab", nil},
		{"a tag without ｜DSML｜ is text", "<function_calls>\n<invoke name=\"f\">\n</invoke>\n</function_calls>", nil,
			"<function_calls>\n<invoke name=\"f\">\n</invoke>\n</function_calls>", nil},
		{"an invoke outside a block is text", invoke("f") + "x", nil, invoke("f") + "x", nil},
	}, outside)
}

// TestBroken: what does not read is content, verbatim, with a diagnostic;
// an invoke without its end tag is no call.
func TestBroken(t *testing.T) {
	one := invoke("f", p("a", "true", "1"))
	for _, tt := range []struct {
		name, doc, content string
		calls              []toolcall.Call
	}{
		{"an empty block", fcStart + "\n" + fcEnd, fcStart + "\n" + fcEnd, nil},
		{"text in a block", fcStart + "hello" + fcEnd, fcStart + "hello" + fcEnd, nil},
		{"a bad string attribute", block(invoke("f", parStart+`a" string="maybe">1`+parEnd)), block(invoke("f", parStart+`a" string="maybe">1`+parEnd)), nil},
		{"another attribute", block(invoke("f", parStart+`a" type="int">1`+parEnd)), block(invoke("f", parStart+`a" type="int">1`+parEnd)), nil},
		{"an empty key", block(invoke("f", p("", "true", "1"))), block(invoke("f", p("", "true", "1"))), nil},
		{"a name that is none", block(invoke("{{name}}")), block(invoke("{{name}}")), nil},
		{"another spelling's invoke", block(v41(one)), block(v41(one)), nil},
		{"broken JSON arguments", block(invStart + "f\">\n{\"a\": }\n" + invEnd + "\n"), block(invStart + "f\">\n{\"a\": }\n" + invEnd + "\n"), nil},
		{"text after the invokes", fcStart + "\n" + one + "tail" + fcEnd, "tail", []toolcall.Call{call("f", `{"a":"1"}`)}},
		{"an invoke without its end tag, at the end of turn", fcStart + "\n" + one + invStart + "g\">\n" + p("b", "true", "2") + "\n" + eos,
			invStart + "g\">\n" + p("b", "true", "2"), []toolcall.Call{call("f", `{"a":"1"}`)}},
		{"cut after a value", fcStart + "\n" + invStart + "g\">\n" + p("b", "true", "2") + "\n", fcStart + "\n" + invStart + "g\">\n" + p("b", "true", "2"), nil},
		{"cut in a value", fcStart + "\n" + invStart + "g\">\n" + parStart + `b" string="true">ab`, fcStart + "\n" + invStart + "g\">\n" + parStart + `b" string="true">ab`, nil},
		{"cut in a name", fcStart + "\n" + invStart + "ge", fcStart + "\n" + invStart + "ge", nil},
		{"cut in the second invoke", fcStart + "\n" + one + invStart + "g\">\n" + p("b", "true", "2"),
			invStart + "g\">\n" + p("b", "true", "2"), []toolcall.Call{call("f", `{"a":"1"}`)}},
		// a close tag that text follows is text: the value runs on to the
		// invoke's end, which a value without its close tag breaks
		{"text after a close tag", block(invStart + "f\">\n" + p("a", "true", "1") + " junk\n" + invEnd + "\n"),
			block(invStart + "f\">\n" + p("a", "true", "1") + " junk\n" + invEnd + "\n"), nil},
		{"a missing close tag before the invoke's end", block(invStart + "f\">\n" + parStart + `a" string="true">1` + invEnd + "\n"),
			block(invStart + "f\">\n" + parStart + `a" string="true">1` + invEnd + "\n"), nil},
		{"a missing close tag in the second invoke", fcStart + "\n" + one + invStart + "g\">\n" + parStart + `b" string="true">2` + invEnd + "\n" + fcEnd,
			invStart + "g\">\n" + parStart + `b" string="true">2` + invEnd, []toolcall.Call{call("f", `{"a":"1"}`)}},
		{"cut in the invoke's end tag", fcStart + "\n" + invStart + "g\">\n" + p("b", "true", "2") + "\n</｜DSML｜inv",
			fcStart + "\n" + invStart + "g\">\n" + p("b", "true", "2") + "\n</｜DSML｜inv", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			streamtest.Expect(t, dsml.Format, toolcall.Request{}, tt.doc, tt.content, tt.calls, outside)
			if r := stream.Parse(dsml.Format, tt.doc, toolcall.Request{}, outside); len(r.Diagnostics) == 0 {
				t.Errorf("no diagnostic: %+v", r)
			}
		})
	}
}

// TestReasoning: <think> ... </think>, opened by the prompt or by the
// model; a stream told nothing of the prompt holds the start until it can
// tell.
func TestReasoning(t *testing.T) {
	req := toolcall.Request{}
	one := block(invoke("f", p("a", "true", "1")))
	f1 := []toolcall.Call{call("f", `{"a":"1"}`)}
	streamtest.ExpectReasoning(t, dsml.Format, req, "Think.</think>\n\n"+one+eos, "Think.", "", f1)
	streamtest.ExpectReasoning(t, dsml.Format, req, "<think>Think.</think>Answer."+eos, "Think.", "Answer.", nil)
	streamtest.ExpectReasoning(t, dsml.Format, req, "Answer."+eos, "", "Answer.", nil)
	// a block opened before </think> ends the reasoning
	streamtest.ExpectReasoning(t, dsml.Format, req, "Think.\n\n"+one, "Think.", "", f1, stream.StartInReasoning())
	// a prompt's profile says where the output starts
	for _, p := range []string{dsml.ProfileV41, dsml.ProfileV32Speciale} {
		pr, err := dsml.RenderPrompt([]toolcall.Message{{Role: "user", Content: "Hi"}}, nil, toolcall.PromptOptions{Profile: p})
		if err != nil || !pr.InReasoning {
			t.Fatalf("%s: %+v %v", p, pr, err)
		}
		streamtest.ExpectReasoning(t, dsml.Format, req, "Think.</think>Hello.", "Think.", "Hello.", nil, stream.ForPrompt(pr))
	}
}

// promises are what the format owes on responses: the properties, with
// no tools offered, one and two, and no call without "｜DSML｜".
var promises = streamtest.Promises{
	Documents: []string{
		goldenTwoCalls + eos,
		"Think.</think>" + v41(goldenTwoCalls) + eos,
		"Let me check.\n\n" + v4(block(invoke("f", p("a", "true", "x"+parEnd+"y")))) + "\n\nDone.",
		block(invoke("f", p("a", "true", "1")+p("a", "false", "2"))),
		block(invStart + "f\">\n{\"a\": [1, {\"b\": null}]}\n" + invEnd + "\n"),
		fcStart + "\n" + invStart + "g\">\n" + p("b", "true", "2") + "\n",
		fcStart + "hello" + fcEnd + "tail",
		"a <｜DSML｜ b </｜DSML｜ <｜DSM <｜end▁of",
		block(invoke("f", parStart+`a" string="maybe">1`+parEnd)),
	},
	Requests: []toolcall.Request{{}, {Tools: streamtest.Tools("f")}, {Tools: streamtest.Tools("f", "lookup_order")}},
	Marker:   "｜DSML｜",
}

// TestPromises: any split into deltas gives what Parse gives, with no
// tools offered, one and two; prose costs no allocation per Feed.
func TestPromises(t *testing.T) { streamtest.CheckPromises(t, dsml.Format, promises) }

// FuzzDSML checks the promises on any document in random deltas.
func FuzzDSML(f *testing.F) { streamtest.FuzzPromises(f, dsml.Format, promises) }

// TestArgumentsStream: with argument streaming on, a block's first
// invoke's arguments go out while they arrive, never withdrawn or resent;
// what stops the follower makes the call come whole.
func TestArgumentsStream(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "write_note"}, {Name: "lookup_order"}, {Name: "f"}}}
	long := strings.Repeat("a long string value that goes on ", 8)
	for _, doc := range []string{
		goldenTwoCalls + eos,
		"Let me check. " + v41(goldenTwoCalls),
		block(invoke("f", p("s", "true", long+"<b> é "+parEnd+"x"), p("n", "false", "[1, {\"b\": null}]"), p("t", "true", long))),
	} {
		st := streamtest.CompareStreaming(t, dsml.Format, req, streamtest.SeededSplit(doc, 7))
		if st.Calls == 0 || st.Streamed == 0 || st.Retracted != 0 || st.Resent != 0 {
			t.Errorf("%q: %+v, want the first call streamed and none withdrawn", doc, st)
		}
	}
	for _, doc := range []string{
		block(invStart + "f\">\n{\"s\": \"" + long + "\"}\n" + invEnd + "\n"), // JSON arguments
		block(invoke("f", p("s", "true", long+invEnd+"x"))),                   // an invoke's end inside a value
	} {
		st := streamtest.CompareStreaming(t, dsml.Format, req, streamtest.SeededSplit(doc, 3))
		if st.Calls != 1 || st.Retracted != 0 || st.Resent != 0 {
			t.Errorf("%q: %+v, want one call, whole", doc, st)
		}
	}
	// The value's own key written again: the last value wins, at its
	// first place, and the call the follower began is sent again whole.
	st := streamtest.CompareStreaming(t, dsml.Format, req, streamtest.SeededSplit(block(invoke("f", p("s", "true", long), p("s", "true", "again"))), 3))
	if st.Calls != 1 {
		t.Errorf("a repeated key: %+v, want one call", st)
	}
	streamtest.Expect(t, dsml.Format, toolcall.Request{}, block(invoke("write", p("path", "true", "a.txt"), p("content", "true", "a"+parEnd+"\n"+p("content", "false", "1")))), "",
		[]toolcall.Call{streamtest.Call("write", `{"path":"a.txt","content":"1</｜DSML｜parameter>"}`)}, outside)
	// a block that does not read is withdrawn, and comes back as content
	doc := block(invoke("f", p("s", "true", long)) + "junk")
	if st := streamtest.CompareStreaming(t, dsml.Format, req, streamtest.SeededSplit(doc, 3)); st.Calls != 1 {
		t.Errorf("%q: %+v", doc, st)
	}
}

// TestLimits: nesting past the depth limit in a JSON value is text; a
// block past the pending limit is content, with a diagnostic.
func TestLimits(t *testing.T) {
	deep := block(invoke("f", p("a", "false", "[[[[1]]]]")))
	r := stream.Parse(dsml.Format, deep, toolcall.Request{}, outside, stream.WithLimits(toolcall.Limits{MaxDepth: 3}))
	if len(r.Calls) != 1 || r.Calls[0].Arguments != `{"a":"[[[[1]]]]"}` {
		t.Errorf("too deep: %+v", r)
	}
	long := block(invoke("f", p("a", "true", strings.Repeat("x", 5000))))
	r = stream.Parse(dsml.Format, long, toolcall.Request{}, outside, stream.WithLimits(toolcall.Limits{MaxPending: 1000}))
	if len(r.Calls) != 0 || !strings.HasPrefix(long, r.Content) || len(r.Content) < 5000 || len(r.Diagnostics) == 0 {
		t.Errorf("past the pending limit: %d calls, content of %d bytes, %v", len(r.Calls), len(r.Content), r.Diagnostics)
	}
}
