package block_test

import (
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// A marker the end of the response cuts right after a call is dropped
// when it is an end marker's start, and content when it is a start
// marker's: the response's text is never lost without a word.
func TestCutMarkerAfterACall(t *testing.T) {
	const call = `<tool_call>{"name": "f", "arguments": {}}</tool_call>`
	for _, tt := range []struct {
		text, content string
	}{
		{call + "</tool_c", ""},
		{call + "<tool_c", "<tool_c"},
	} {
		res := stream.Parse(hermes.Format, tt.text, toolcall.Request{}, stream.StartOutsideReasoning())
		if len(res.Calls) != 1 || res.Content != tt.content {
			t.Errorf("%q: calls %+v, content %q; want one call, content %q", tt.text, res.Calls, res.Content, tt.content)
		}
	}
}

// nestedFormat has a dropped end of turn, <end>, that begins its call
// marker, <end>\n<call>, as GigaChat 3's <|message_sep|> begins its
// call header.
var nestedFormat = &block.Format{
	TurnEnds: true,
	Markers: []block.Marker{
		{Text: "<end>\n<call>", Role: block.Opens},
		{Text: "<end>", EndsTurn: true},
	},
	Kinds: []block.Kind{block.JSONArray(block.NoToken, block.CallKeys)},
}

type nested struct{}

func (nested) Name() string { return "nested" }
func (nested) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	return block.NewDecoder(nestedFormat, req)
}

// A marker that begins a longer one waits for the bytes that tell them
// apart, in any split; where the longer one does not follow, the shorter
// one acts, and what was held after it is read as what follows it.
func TestNestedMarkers(t *testing.T) {
	for _, tt := range []struct {
		doc, content string
		calls, diags int
	}{
		{"Hi.<end>\n<call>{\"name\": \"f\"}<end>\n<call>{\"name\": \"g\"}<end>", "Hi.", 2, 0},
		{"Hi.<end>\n<cal", "Hi.", 0, 1},
		{"Hi.<end>\n", "Hi.", 0, 0},
		{"Hi.<end>\nnext turn", "Hi.", 0, 1},
		{"Hi.<end>", "Hi.", 0, 0},
	} {
		for seed := range uint64(8) {
			res := streamtest.Compare(t, nested{}, toolcall.Request{}, streamtest.SeededSplit(tt.doc, seed))
			if res.Content != tt.content || len(res.Calls) != tt.calls || len(res.Diagnostics) != tt.diags {
				t.Errorf("%q: content %q, calls %+v, diagnostics %+v", tt.doc, res.Content, res.Calls, res.Diagnostics)
			}
		}
	}
}

// A marker that begins a longer one must be dropped: the machine reads
// what it held after it as prose.
func TestNestedMarkerMustBeDropped(t *testing.T) {
	f := &block.Format{Markers: []block.Marker{{Text: "<a>b"}, {Text: "<a>", Role: block.Kept}}}
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	block.NewDecoder(f, &toolcall.Request{})
}
