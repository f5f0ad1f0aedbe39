package stream_test

import (
	"cmp"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// hostileFormats are the formats the adversarial texts run against.
var hostileFormats = []toolcall.Format{pythonic.Format, llama4.Format, lfm2.Format, olmo3.Format}

// markers are every format's markers, for texts made of their pieces.
var markers = []string{
	"<|tool_call_start|>", "<|tool_call_end|>", "<function_calls>", "</function_calls>",
	"<|python_start|>", "<|python_end|>", "<function=f>", "</function>", "<|eot|>", "<|eom|>",
	"<|eot_id|>", "<|im_end|>", "<think>", "</think>",
}

// hostileText is one adversarial model text, made to a size.
type hostileText struct {
	name string
	make func(f toolcall.Format, size int) string
	// perByte bounds the bytes a whole-text Parse allocates per byte of
	// text: 24 when 0. Text that is calls allocates what the calls own.
	perByte float64
}

func repeatTo(unit string, size int) string { return strings.Repeat(unit, max(1, size/len(unit))) }

var hostileTexts = func() []hostileText {
	texts := []hostileText{
		{name: "open brackets", make: func(_ toolcall.Format, n int) string { return repeatTo("[", n) }},
		{name: "open parens", make: func(_ toolcall.Format, n int) string { return repeatTo("(", n) }},
		{name: "open braces", make: func(_ toolcall.Format, n int) string { return repeatTo("{", n) }},
		{name: "less-than signs", make: func(_ toolcall.Format, n int) string { return repeatTo("<", n) }},
		{name: "indexing in prose", make: func(_ toolcall.Format, n int) string { return repeatTo("x[0] ", n) }},
		{name: "an unclosed string", make: func(_ toolcall.Format, n int) string { return "[f(a='" + repeatTo("x", n) }},
		{name: "unclosed strings", make: func(_ toolcall.Format, n int) string { return repeatTo(`[f(a="`, n) }},
		{name: "deep nesting", make: func(_ toolcall.Format, n int) string { return "[f(a=" + repeatTo("[", n-6) }},
		{name: "deep JSON nesting", make: func(_ toolcall.Format, n int) string { return `{"name": "f", "arguments": ` + repeatTo(`{"a":`, n-30) }},
		{name: "tiny calls", make: func(f toolcall.Format, n int) string {
			one, _ := f.(toolcall.Renderer).RenderCalls([]toolcall.Call{{Name: "f", Arguments: "{}"}})
			return repeatTo(one+" ", n)
		}, perByte: 200},
		// With argument streaming, every call of these lists is announced
		// while the list is open, then withdrawn: each at most once.
		{name: "a list of calls that never closes", make: func(_ toolcall.Format, n int) string { return "[" + repeatTo("f(a=1), ", n-1) }, perByte: 200},
		{name: "a list of calls and broken ones", make: func(_ toolcall.Format, n int) string { return "[" + repeatTo("f(a=1), f(1, a=), ", n-2) + "]" }, perByte: 200},
	}
	for _, m := range markers {
		texts = append(texts,
			hostileText{name: "whole " + m, make: func(_ toolcall.Format, n int) string { return repeatTo(m, n) }},
			hostileText{name: "partial " + m, make: func(_ toolcall.Format, n int) string { return repeatTo(m[:len(m)-1], n) }})
	}
	return texts
}()

// split cuts text into deltas of n bytes.
func split(text string, n int) []string {
	var ds []string
	for i := 0; i < len(text); i += n {
		ds = append(ds, text[i:min(i+n, len(text))])
	}
	return ds
}

type outcome struct {
	content, reasoning string
	calls              []toolcall.Call
	events             int
}

func feedAll(f toolcall.Format, req toolcall.Request, deltas []string, opts ...stream.Option) outcome {
	s := stream.New(f, req, append(opts, stream.WithIDs(func(c toolcall.Call) string { return fmt.Sprint(c.Index) }))...)
	var o outcome
	var content, reasoning strings.Builder
	take := func(evs []toolcall.Event) {
		o.events += len(evs)
		for _, e := range evs {
			switch {
			case e.Call != nil:
				o.calls = append(o.calls, *e.Call)
			case e.Reasoning != "":
				reasoning.WriteString(e.Reasoning)
			default:
				content.WriteString(e.Content)
			}
		}
	}
	for _, d := range deltas {
		take(s.Feed(d))
	}
	take(s.Close())
	o.content, o.reasoning = content.String(), reasoning.String()
	return o
}

// allocated returns the bytes fn allocates.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// newFormats are the formats added on the block machine and harmony; they
// run the hostile texts, with their own markers, at 64 KiB.
var newFormats = []toolcall.Format{hermes.Format, qwen3coder.Format, harmony.Format, glm45.Format, deepseek.Format, kimik2.Format, mistral.Format, llama3json.Format}

// newMarkers are the new formats' markers.
var newMarkers = []string{
	"<tool_call>", "</tool_call>", "<|im_start|>", "<function=", "<parameter=", "</parameter>", "<arg_key>", "<arg_value>", "</arg_value>",
	"<|channel|>", "<|message|>", "<|start|>", "<|end|>", "<|call|>", " to=functions.f", "<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>",
	"<｜tool▁sep｜>", "<|tool_calls_section_begin|>", "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "[TOOL_CALLS]", "[ARGS]",
	"<|python_tag|>", "{\"name\": ", "[THINK]",
}

// TestAdversarialNewFormats is TestAdversarialTexts for the new formats.
func TestAdversarialNewFormats(t *testing.T) {
	size := 64 << 10
	if testing.Short() {
		size = 16 << 10
	}
	texts := append([]hostileText{}, hostileTexts...)
	for _, m := range newMarkers {
		texts = append(texts,
			hostileText{name: "whole " + m, make: func(_ toolcall.Format, n int) string { return repeatTo(m, n) }},
			hostileText{name: "partial " + m, make: func(_ toolcall.Format, n int) string { return repeatTo(m[:len(m)-1], n) }})
	}
	checkHostile(t, newFormats, texts, size)
}

// TestAdversarialTexts: each hostile text, whole and in 1- and 4-byte
// deltas, gives the same outcome, a bounded number of events, and, whole,
// allocates a bounded multiple of its size.
func TestAdversarialTexts(t *testing.T) {
	size := 1 << 20 // a mebibyte of each text, about 100k tiny calls
	if testing.Short() {
		size = 64 << 10
	}
	checkHostile(t, hostileFormats, hostileTexts, size)
}

func checkHostile(t *testing.T, formats []toolcall.Format, texts []hostileText, size int) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	for _, f := range formats {
		for _, ht := range texts {
			t.Run(f.Name()+"/"+ht.name, func(t *testing.T) {
				text := ht.make(f, size)
				var whole outcome
				bytes := allocated(func() { whole = feedAll(f, req, []string{text}) })
				perByte := float64(bytes) / float64(len(text))
				calls := len(whole.calls)
				limit := cmp.Or(ht.perByte, 24)
				if calls > len(text)/64 { // text that is calls allocates what the calls own
					limit = max(limit, 200)
				}
				if perByte > limit {
					t.Errorf("whole: %.1f bytes allocated per byte of text, over %.1f", perByte, limit)
				}
				if whole.events > 2*calls+4 {
					t.Errorf("whole: %d events for %d calls", whole.events, calls)
				}
				for _, n := range []int{1, 4} {
					deltas := split(text, n)
					got := feedAll(f, req, deltas)
					if got.content != whole.content || got.reasoning != whole.reasoning || len(got.calls) != calls {
						t.Fatalf("%d-byte deltas: content %d bytes, reasoning %d, %d calls; whole: %d, %d, %d",
							n, len(got.content), len(got.reasoning), len(got.calls), len(whole.content), len(whole.reasoning), calls)
					}
					for i := range got.calls {
						if got.calls[i] != whole.calls[i] {
							t.Fatalf("%d-byte deltas: call %d is %+v, whole gave %+v", n, i, got.calls[i], whole.calls[i])
						}
					}
					if got.events > 2*len(deltas)+2*calls+4 {
						t.Errorf("%d-byte deltas: %d events for %d feeds and %d calls", n, got.events, len(deltas), calls)
					}
				}
				// With argument streaming: the same outcome, each call (or
				// candidate withdrawn) a few events more, at most one
				// fragment a call a Feed.
				deltas := split(text, 4)
				got := feedAll(f, req, deltas, stream.WithArgumentStreaming())
				if got.content != whole.content || len(got.calls) != calls {
					t.Fatalf("4-byte deltas, argument streaming: content %d bytes, %d calls; whole: %d, %d", len(got.content), len(got.calls), len(whole.content), calls)
				}
				for i := range got.calls {
					if got.calls[i] != whole.calls[i] {
						t.Fatalf("4-byte deltas, argument streaming: call %d is %+v, whole gave %+v", i, got.calls[i], whole.calls[i])
					}
				}
				if got.events > 4*len(deltas)+4*calls+4 {
					t.Errorf("4-byte deltas, argument streaming: %d events for %d feeds and %d calls", got.events, len(deltas), calls)
				}
			})
		}
	}
}

// BenchmarkAdversarial parses each hostile text at 64 KiB and 1 MiB, whole
// and in 4-byte deltas, and reports ns and bytes allocated per byte of
// text: flat ns/byte across sizes is linear time.
func BenchmarkAdversarial(b *testing.B) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	for _, f := range hostileFormats {
		for _, ht := range hostileTexts {
			for _, size := range []int{64 << 10, 1 << 20} {
				text := ht.make(f, size)
				for _, mode := range []struct {
					name   string
					deltas []string
				}{{"whole", []string{text}}, {"4B", split(text, 4)}} {
					name := fmt.Sprintf("%s/%s/%dKiB/%s", f.Name(), strings.ReplaceAll(ht.name, " ", "_"), size>>10, mode.name)
					b.Run(name, func(b *testing.B) {
						var before, after runtime.MemStats
						runtime.ReadMemStats(&before)
						for b.Loop() {
							s := stream.New(f, req)
							for _, d := range mode.deltas {
								s.Feed(d)
							}
							s.Close()
						}
						runtime.ReadMemStats(&after)
						n := float64(b.N) * float64(len(text))
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/byte")
						b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/byte")
					})
				}
			}
		}
	}
}
