package formatstest

import (
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// GoldenTools returns the tools of the goldens' conversations
// (Conversations) with their schemas: write_note, whose arguments are
// NoteArgs, and lookup_order, whose arguments are OrderArgs.
func GoldenTools() []toolcall.Tool {
	return []toolcall.Tool{
		streamtest.Tool("write_note", `{"type":"object","properties":{"path":{"type":"string"},"text":{"type":"string"}},"required":["path","text"]}`),
		streamtest.Tool("lookup_order", `{"type":"object","properties":{"order_id":{"type":"integer"},"status":{"type":"string","enum":["open","shipped","cancelled"]},`+
			`"options":{"type":"object","properties":{"include_items":{"type":"boolean"},"fields":{"type":"array","items":{"type":"string"}},"max_price":{"type":"number"}}}},"required":["order_id"]}`),
	}
}

// Expecters returns a format test's two expect helpers for f and opts
// (streamtest.Expecter): one parses with no tools, the other with
// GoldenTools, whose schemas type the arguments.
func Expecters(f toolcall.Format, opts ...stream.Option) (expect, expectGolden func(t streamtest.TB, doc, reasoning, content string, calls ...toolcall.Call)) {
	return streamtest.Expecter(f, toolcall.Request{}, opts...), streamtest.Expecter(f, toolcall.Request{Tools: GoldenTools()}, opts...)
}
