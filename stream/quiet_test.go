package stream_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// scripted is a format whose decoder records the text of each Feed and,
// after each, says it reads the next room bytes without a trace while
// they hold no '"' that a backslash does not escape.
type scripted struct {
	room  int
	feeds *[]string
	nul   bool // NUL is a stop byte too, and nothing escapes
	// pair has '>' stop only where "</b>" may end (Quiet.Ends); with
	// apart, the bytes after an end go on apart (Quiet.Apart).
	pair, apart bool
	// prefix says the decoder holds a marker's start that "ab", "abcd"
	// or "xy>" may complete (Quiet.Prefix).
	prefix bool
	// then, with prefix, says the 6 bytes after the end are quiet while
	// they hold no '"' (Quiet.Then).
	then bool
}

func (f scripted) Name() string { return "scripted" }
func (f scripted) NewDecoder(*toolcall.Request) toolcall.Decoder {
	return &scriptedDecoder{f: f}
}

type scriptedDecoder struct {
	f     scripted
	quiet *protocol.Quiet
}

var quoteStop, nulStop = [256]bool{'"': true, '\\': true}, [256]bool{0: true, '"': true}
var gtStop, bEnds = [256]bool{'>': true}, []string{"</b>"}

func (d *scriptedDecoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	*d.f.feeds = append(*d.f.feeds, s)
	switch {
	case d.quiet != nil && d.f.prefix:
		*d.quiet = protocol.Quiet{Room: d.f.room, Stop: &gtStop, Ends: []string{"ab", "abcd", "xy>"}, Prefix: true}
		if d.f.then {
			d.quiet.Then = &protocol.Quiet{Room: 6, Stop: &quoteStop, Escape: '\\'}
		}
	case d.quiet != nil && d.f.pair:
		*d.quiet = protocol.Quiet{Room: d.f.room, Stop: &gtStop, Ends: bEnds, Apart: d.f.apart}
	case d.quiet != nil && d.f.nul:
		*d.quiet = protocol.Quiet{Room: d.f.room, Stop: &nulStop}
	case d.quiet != nil:
		*d.quiet = protocol.Quiet{Room: d.f.room, Stop: &quoteStop, Escape: '\\'}
	}
	return dst
}
func (d *scriptedDecoder) Close(dst []toolcall.Event) []toolcall.Event {
	*d.f.feeds = append(*d.f.feeds, "<close>")
	return dst
}
func (d *scriptedDecoder) Configure(c protocol.Config)        { d.quiet = c.Quiet }
func (d *scriptedDecoder) Diagnostics() []toolcall.Diagnostic { return nil }
func (d *scriptedDecoder) CallOffset(int) int                 { return -1 }
func (d *scriptedDecoder) InCandidate() bool                  { return true }

// TestQuietDeltasAreKept: what the stream hands its decoder when the
// decoder says which bytes it reads without a trace.
func TestQuietDeltasAreKept(t *testing.T) {
	tests := []struct {
		name   string
		room   int
		nul    bool
		pair   bool
		opts   []stream.Option
		deltas []string
		want   []string // the decoder's Feeds, then <close>
		prefix bool
		then   bool
		apart  bool
	}{
		{"a delta with the stop byte hands on those kept before it", 100, false, false, nil,
			[]string{"a", "bc", "d", `e"f`, "g"}, []string{"a", `bcde"f`, "g", "<close>"}, false, false, false},
		{"Close hands on what is kept", 100, false, false, nil,
			[]string{"a", "bc", "d"}, []string{"a", "bcd", "<close>"}, false, false, false},
		{"an escaped quote is kept, across deltas too", 100, false, false, nil,
			[]string{"a", `b\"c`, `d\`, `"e`, `\\`, `"`}, []string{"a", `b\"cd\"e\\"`, "<close>"}, false, false, false},
		{"an escaped backslash does not escape the quote", 100, false, false, nil,
			[]string{"a", `\\"`}, []string{"a", `\\"`, "<close>"}, false, false, false},
		{"no more than room bytes are kept", 4, false, false, nil,
			[]string{"a", "bc", "de", "fg", "h"}, []string{"a", "bcdefg", "h", "<close>"}, false, false, false},
		{"a long delta goes on at once", 1 << 20, false, false, nil,
			[]string{"a", "b", strings.Repeat("x", 300), "c"}, []string{"a", "b" + strings.Repeat("x", 300), "c", "<close>"}, false, false, false},
		{"nothing is kept while the stream reads reasoning", 100, false, false, []stream.Option{stream.StartInReasoning()},
			[]string{"a", "</think>", "b", "c", "d"}, []string{"b", "cd", "<close>"}, false, false, false},
		{"with argument streaming nothing is kept", 100, false, false, []stream.Option{stream.WithArgumentStreaming()},
			[]string{"a", "b", "c"}, []string{"a", "b", "c", "<close>"}, false, false, false},
		{"with no escape byte a NUL is no escape", 100, true, false, nil,
			[]string{"a", "b", "\x00", `"`, "c"}, []string{"a", "b\x00", `"`, "c", "<close>"}, false, false, false},
		{"with Ends, a stop byte counts only where an end may end", 100, false, true, nil,
			[]string{"a", "x>", "y", "</b", ">", "z"}, []string{"a", "x>y</b>", "z", "<close>"}, false, false, false},
		{"with Ends, the end may lie within a delta", 100, false, true, nil,
			[]string{"a", "xy", "a</b>c", "d"}, []string{"a", "xya</b>c", "d", "<close>"}, false, false, false},
		{"with Ends, an end that began before the kept bytes counts", 100, false, true, nil,
			[]string{"a</", "b>", "c", "d"}, []string{"a</", "b>", "cd", "<close>"}, false, false, false},
		{"with Ends, bytes that are no end's tail are kept", 100, false, true, nil,
			[]string{"a", "c>", "d"}, []string{"a", "c>d", "<close>"}, false, false, false},
		{"with Prefix, bytes that go on with an end are kept until it is complete", 100, false, false, nil,
			[]string{"q", "x", "y", ">", "z"}, []string{"q", "xy>", "z", "<close>"}, true, false, false},
		{"with Prefix, a byte that goes on with none is handed on", 100, false, false, nil,
			[]string{"q", "x", "w", "z"}, []string{"q", "xw", "z", "<close>"}, true, false, false},
		{"with Prefix, an end complete within a delta counts, though a longer one goes on", 100, false, false, nil,
			[]string{"q", "a", "bc", "z"}, []string{"q", "abc", "z", "<close>"}, true, false, false},
		{"with Then, the bytes after the end they complete are kept by its rule", 100, false, false, nil,
			[]string{"q", "x", "y>", "m", `\"n`, `o"`, "z"}, []string{"q", `xy>m\"no"`, "z", "<close>"}, true, true, false},
		{"with Then, bytes past the end within its delta count by its rule", 100, false, false, nil,
			[]string{"q", "xy>m", `"`, "z"}, []string{"q", `xy>m"`, "z", "<close>"}, true, true, false},
		{"with Then, an end that a longer one goes on from is handed on", 100, false, false, nil,
			[]string{"q", "ab", "c"}, []string{"q", "ab", "c", "<close>"}, true, true, false},
		{"with Then, no more than its room past the end are kept", 100, false, false, nil,
			[]string{"q", "xy>", "abc", "de", "fg", "h"}, []string{"q", "xy>abcdefg", "h", "<close>"}, true, true, false},
		{"with Then, no more than the room in all are kept", 6, false, false, nil,
			[]string{"q", "x", "y>", "ab", "c", "d", "e"}, []string{"q", "xy>abcd", "e", "<close>"}, true, true, false},
		{"with Apart, the bytes after an end go on as a delta of their own", 100, false, true, nil,
			[]string{"a", "xy", "a</b>c", "d"}, []string{"a", "xya</b>", "cd", "<close>"}, false, false, true},
		{"with Apart, the rest is cut once: an end in it hands it all on", 100, false, true, nil,
			[]string{"a", "x</b>y</b>z", "w"}, []string{"a", "x</b>", "y</b>z", "w", "<close>"}, false, false, true},
		{"with Apart, an end that began before the kept bytes hands the delta on", 100, false, true, nil,
			[]string{"a</", "b>c", "d"}, []string{"a</", "b>c", "d", "<close>"}, false, false, true},
		{"with Apart, an end at the delta's end leaves nothing to go on", 100, false, true, nil,
			[]string{"a", "x</b>", "y"}, []string{"a", "x</b>", "y", "<close>"}, false, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var feeds []string
			s := stream.New(scripted{room: tt.room, feeds: &feeds, nul: tt.nul, pair: tt.pair, prefix: tt.prefix, then: tt.then, apart: tt.apart}, toolcall.Request{}, tt.opts...)
			for _, d := range tt.deltas {
				s.Feed(d)
			}
			s.Close()
			if diff := cmp.Diff(tt.want, feeds); diff != "" {
				t.Errorf("the decoder's Feeds (-want +got):\n%s", diff)
			}
		})
	}
}

// TestKeptDeltasFillBuffers: a run of quiet deltas longer than one buffer
// reaches the decoder in pieces, every byte once, in order.
func TestKeptDeltasFillBuffers(t *testing.T) {
	var feeds []string
	s := stream.New(scripted{room: 1 << 20, feeds: &feeds}, toolcall.Request{})
	text := benchdata.Prose(200_000)
	for _, d := range benchdata.Deltas(text, 7) {
		s.Feed(d)
	}
	s.Close()
	got := strings.Join(feeds[:len(feeds)-1], "")
	if got != text {
		t.Fatalf("the decoder read %d bytes, not the %d fed", len(got), len(text))
	}
	if len(feeds) > 40 {
		t.Errorf("200 KB in 7-byte deltas reached the decoder in %d Feeds", len(feeds))
	}
}

// countingFormat counts its decoders' Feeds.
type countingFormat struct {
	toolcall.Format
	feeds *int
}

// Reasoning is the format's: the stream splits its think tags.
func (f countingFormat) Reasoning() toolcall.Reasoning {
	if r, ok := f.Format.(toolcall.Reasoner); ok {
		return r.Reasoning()
	}
	return toolcall.Reasoning{}
}

func (f countingFormat) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	d := f.Format.NewDecoder(req)
	return countingDecoder{d, d.(protocol.Reporter), f.feeds}
}

type countingDecoder struct {
	toolcall.Decoder
	protocol.Reporter
	feeds *int
}

func (d countingDecoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	*d.feeds++
	return d.Decoder.Feed(dst, s)
}

// TestLongArgumentsReachTheDecoderTogether: a 100 KB string argument
// streamed in 4-byte deltas reaches each reader in a few Feeds, not 25,000,
// and gives the call Parse gives.
func TestLongArgumentsReachTheDecoderTogether(t *testing.T) {
	long := benchdata.PythonSource(100_000)
	jsonArgs := `{"path": "a", "content": ` + strconv.Quote(long) + `}`
	tests := []struct {
		f    toolcall.Format
		text string
	}{
		{pythonic.Format, `[write_file(path="a", content=` + strconv.Quote(long) + `)]`},
		{pythonic.Format, `[write_file(path="a", content='''` + strings.ReplaceAll(long, `'`, `"`) + `''')]`},
		{llama4.Format, `<function=write_file>` + jsonArgs + `</function>`},
		{llama4.Format, `<|python_start|>[write_file(path="a", content=` + strconv.Quote(long) + `)]<|python_end|>`},
		{lfm2.Format, `<|tool_call_start|>[write_file(path="a", content=` + strconv.Quote(long) + `)]<|tool_call_end|>`},
		{hermes.Format, `<tool_call>{"name": "write_file", "arguments": ` + jsonArgs + `}</tool_call>`},
		{mistral.Format, `[TOOL_CALLS]write_file[ARGS]` + jsonArgs},
		{deepseek.Format, "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>write_file\n```json\n" + jsonArgs + "\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>"},
		{qwen3coder.Format, "<tool_call>\n<function=write_file>\n<parameter=path>\na\n</parameter>\n<parameter=content>\n" + strings.ReplaceAll(long, "<", "&lt;") + "\n</parameter>\n</function>\n</tool_call>"},
		{harmony.Format, `<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>` + jsonArgs + `<|call|>`},
	}
	for _, tt := range tests {
		t.Run(tt.f.Name(), func(t *testing.T) {
			feeds := 0
			s := stream.New(countingFormat{tt.f, &feeds}, toolcall.Request{}, stream.StartOutsideReasoning())
			var calls []toolcall.Call
			for _, d := range benchdata.Deltas(tt.text, 4) {
				for _, e := range s.Feed(d) {
					if e.Call != nil {
						calls = append(calls, *e.Call)
					}
				}
			}
			for _, e := range s.Close() {
				if e.Call != nil {
					calls = append(calls, *e.Call)
				}
			}
			want := stream.Parse(tt.f, tt.text, toolcall.Request{}, stream.StartOutsideReasoning())
			if len(want.Calls) != 1 || len(calls) != 1 || calls[0].Arguments != want.Calls[0].Arguments {
				t.Fatalf("calls %d, Parse gave %d (%v)", len(calls), len(want.Calls), want.Diagnostics)
			}
			if feeds > 100 {
				t.Errorf("%d deltas reached the decoder in %d Feeds", len(tt.text)/4, feeds)
			}
		})
	}
}

// TestMarkersAndHeadsAreKeptWhole: a block's opening marker, begun in
// prose (after a call, or held by the think splitter as the start of a
// think tag), and what follows it up to where its body says something
// matters (for a value body, its head and object: the whole call; for a
// call list, its first name), reach the decoder in one Feed (the splitter hands the bytes it
// held on in one of their own; a marker among several that open different
// kinds of block is handed on once complete).
func TestMarkersAndHeadsAreKeptWhole(t *testing.T) {
	tests := []struct {
		name   string
		f      toolcall.Format
		deltas []string
		want   int // the decoder's Feeds after the first call's delta
	}{
		{"a marker after a call", mistral.Format,
			[]string{`[TOOL_CALLS]f[ARGS]{}`, "[TOO", "L_CA", "LLS]", "get_", "weat", "her[", "ARGS", "]{\"c", `":1}`}, 1},
		{"a marker after a think tag's start", mistral.Format,
			[]string{`[TOOL_CALLS]f[ARGS]{}[T`, "OOL_", "CALL", "S]ge", "t_we", "athe", "r[AR", "GS]{", `"c":1}`}, 2},
		{"a marker after a think tag's first byte", mistral.Format,
			[]string{`[TOOL_CALLS]f[ARGS]{}[`, "TOOL", "_CAL", "LS]g", "et_w", "eath", "er[A", "RGS]", `{"c":1}`}, 2},
		{"a marker, then a body only its end ends", qwen3coder.Format,
			[]string{"<tool_call>\n<function=f>\n</function>\n</tool_call>", "<t", "ool_", "call", ">\n<f", "unct", "ion=", "f>\n<", "/fun", "ctio", "n>\n<", "/too", "l_ca", "ll>"}, 2},
		{"a call list's first name", llama4.Format,
			[]string{`[f(x=1)] `, "[get", "_wea", "ther", "(cit", `y="a`, `")]`}, 3},
		{"a pythonic call list's first name", pythonic.Format,
			[]string{`[f(x=1)] `, "[get", "_wea", "ther", "(cit", `y="a`, `")]`}, 3},
		{"a Harmony header", harmony.Format,
			[]string{`<|channel|>commentary to=functions.f<|message|>{}<|call|>`, "<|st", "art|", ">ass", "ista", "nt<|", "chan", "nel|", ">com", "ment", "ary ", "to=f", "unct", "ions", ".f<|", "mess", "age|", ">{}<", "|cal", "l|>"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			feeds := 0
			s := stream.New(countingFormat{tt.f, &feeds}, toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}, {Name: "get_weather"}}})
			calls := 0
			lead := "Hi. " // the stream has decided it does not start in reasoning
			if tt.f == harmony.Format {
				lead = "<|channel|>final<|message|>Hi.<|end|><|start|>assistant" // a Harmony message
			}
			s.Feed(lead)
			first := -1 // the Feeds before the second call
			for k, d := range tt.deltas {
				if k == 1 {
					first = feeds
				}
				for _, e := range s.Feed(d) {
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
			if calls != 2 || feeds-first != tt.want {
				t.Errorf("%d calls, the second in %d Feeds, want 2 calls, the second in %d", calls, feeds-first, tt.want)
			}
		})
	}
}

// emptyEndFormat's decoders say, Feed by Feed, a Prefix quiet and an Ends
// quiet read apart, each with an empty end, and hand each delta on as
// content.
type emptyEndFormat struct{}

func (emptyEndFormat) Name() string { return "empty-end" }
func (emptyEndFormat) NewDecoder(*toolcall.Request) toolcall.Decoder {
	return new(emptyEndDecoder)
}

// emptyEndDecoder is keepAllDecoder with a Feed of its own.
type emptyEndDecoder struct {
	keepAllDecoder
	feeds int
}

func (d *emptyEndDecoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	d.feeds++
	*d.quiet = protocol.Quiet{Room: 100, Stop: &gtStop, Ends: []string{"", "ab"}, Prefix: true, Then: &protocol.Quiet{Room: 5, Stop: &gtStop}}
	if d.feeds%2 == 0 {
		*d.quiet = protocol.Quiet{Room: 100, Stop: &gtStop, Ends: []string{"c>", ""}, Apart: true}
	}
	return append(dst, toolcall.Event{Content: s})
}

// A decoder's Quiet with an empty end neither panics the stream nor loses
// a byte.
func TestQuietWithAnEmptyEnd(t *testing.T) {
	s := stream.New(emptyEndFormat{}, toolcall.Request{})
	var got strings.Builder
	for _, d := range []string{"x", "a", "b", "c>", "", "d>", "z"} {
		for _, e := range s.Feed(d) {
			got.WriteString(e.Content)
		}
	}
	for _, e := range s.Close() {
		got.WriteString(e.Content)
	}
	if got.String() != "xabc>d>z" {
		t.Errorf("content %q, want %q", got.String(), "xabc>d>z")
	}
}

// The stream's diagnostics of a call and the decoder's of the text after
// it stand in the text's order, however the decoder's Feeds cut the text:
// here the stream hands a Mistral call's delta on through the call's '}'
// and the rest apart (Quiet.Apart), where every delta to the decoder reads
// past the call in one Feed.
func TestDiagnosticsInTextOrder(t *testing.T) {
	doc := `[TOOL_CALLS]g[ARGS]{} bye[TOOL_CALLS]g[ARGS]{} bye[TOOL_CALLS][TOOL_CALLS]x`
	deltas := []string{doc[:30], doc[30:]}
	streamtest.CompareQuiet(t, mistral.Format, toolcall.Request{}, deltas)
	s := stream.New(mistral.Format, toolcall.Request{})
	for _, d := range deltas {
		s.Feed(d)
	}
	s.Close()
	var got []string
	for _, d := range s.Diagnostics() {
		got = append(got, d.Kind+"@"+strconv.Itoa(d.Offset))
	}
	if want := []string{"policy@37", "syntax@62"}; !slices.Equal(got, want) {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
}
