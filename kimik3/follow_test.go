package kimik3_test

import (
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/kimik3"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestArgumentStreaming: calls stream while they arrive, in small deltas,
// and what streamed is what the calls end up holding: none is withdrawn
// or sent again whole.
func TestArgumentStreaming(t *testing.T) {
	const argEnd = "<|close|>argument<|sep|>"
	streamtest.CheckStreamingCases(t, kimik3.Format, []streamtest.StreamingCase{
		{Name: "the golden's two calls", Tools: goldenTools, Calls: 2, Streamed: 2,
			Doc: `<|close|>think<|sep|><|open|>response<|sep|><|close|>response<|sep|>` + goldenToolsChannel + `<|close|>message<|sep|><|end_of_msg|>`},
		{Name: "a value holding close tags and tags for keys already set", Calls: 1, Streamed: 1,
			Doc: `<|open|>call tool="f" index="1"<|sep|><|open|>argument key="a" type="string"<|sep|>x` + argEnd + ` y` + argEnd + `<|open|>argument key="a" type="string"<|sep|>z` + argEnd + ` <|open|>argument key="b" type="number"<|sep|>[1, 2]` + argEnd + `<|close|>call<|sep|>`},
		{Name: "a value the schema may type, and a JSON value, go whole", Tools: []toolcall.Tool{tool("f", `{"type":"object","properties":{"n":{"type":["string","null"]},"o":{"type":"object"}}}`)}, Calls: 1, Streamed: 1,
			Doc: `<|open|>call tool="f" index="1"<|sep|><|open|>argument key="n" type="string"<|sep|>null` + argEnd + `<|open|>argument key="o" type="object"<|sep|>{'k': True}` + argEnd + `<|open|>argument key="s" type="string"<|sep|>` + "long text\n\nwith newlines\n" + argEnd + `<|close|>call<|sep|>`},
	}, inThink)
}

// TestCorpusArgumentStreaming renders the calls of every case of the BFCL
// corpus (real tools and calls nobody here wrote) and streams them back in
// 7-byte deltas: each call streams, none is withdrawn or sent again whole.
func TestCorpusArgumentStreaming(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	var all streamtest.Streaming
	for _, c := range cases {
		calls := make([]toolcall.Call, len(c.Calls))
		for i, call := range c.Calls {
			calls[i] = toolcall.Call{Name: call.Name, Arguments: string(call.Arguments)}
		}
		text, err := kimik3.RenderCalls(calls)
		if err != nil {
			continue
		}
		st := streamtest.CompareStreaming(t, kimik3.Format, toolcall.Request{Tools: c.Tools}, benchdata.Deltas(text, 7))
		all.Calls += st.Calls
		all.Streamed += st.Streamed
		all.Retracted += st.Retracted
		all.Resent += st.Resent
	}
	if all.Calls == 0 || all.Retracted > 0 || all.Resent > 0 {
		t.Errorf("%d calls withdrawn, %d sent again whole, of %d", all.Retracted, all.Resent, all.Calls)
	}
	t.Logf("%d calls, %d streamed before their last delta", all.Calls, all.Streamed)
}
