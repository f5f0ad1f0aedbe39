package stream_test

import (
	"cmp"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	_ "github.com/toolparse/toolparse/formats" // every shipped format
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// hostileFormats are the formats the adversarial texts run against:
// every described format, and the stricter reading of those that have
// one (llama4 with its precision option).
var hostileFormats = func() []toolcall.Format {
	var fs []toolcall.Format
	for _, d := range toolcall.Descriptors() {
		fs = append(fs, d.Format)
		if d.Strict != nil {
			fs = append(fs, d.Strict)
		}
	}
	return fs
}()

// TestHostileFormatsAreEveryFormat: the adversarial tests cover the 12
// shipped formats and llama4's precise reading at least.
func TestHostileFormatsAreEveryFormat(t *testing.T) {
	if len(hostileFormats) < 13 {
		t.Errorf("%d hostile formats, want the 12 shipped and llama4.Precise at least", len(hostileFormats))
	}
}

// markers are every format's markers, for texts made of their pieces.
var markers = []string{
	"<|tool_call_start|>", "<|tool_call_end|>", "<function_calls>", "</function_calls>",
	"<|python_start|>", "<|python_end|>", "<function=f>", "</function>", "<|eot|>", "<|eom|>",
	"<|eot_id|>", "<|im_end|>", "<think>", "</think>",
	"<tool_call>", "</tool_call>", "<|im_start|>", "<function=", "<parameter=", "</parameter>", "<arg_key>", "<arg_value>", "</arg_value>",
	"<|channel|>", "<|message|>", "<|start|>", "<|end|>", "<|call|>", " to=functions.f", "<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>",
	"<｜tool▁sep｜>", "<|tool_calls_section_begin|>", "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "[TOOL_CALLS]", "[ARGS]",
	"<|python_tag|>", "{\"name\": ", "[THINK]",
	"<tool_calls>", "[BEGIN FINAL RESPONSE]", "Here are my reasoning steps:", "functools[",
	"<|message_sep|>\n\nfunction call<|role_sep|>\n", "<|message_sep|>", "<|function_call|>", "</s>",
	"<|tool_calls|>", "<|tool_call:begin|>", "<|tool_call:name|>", "<|tool_call:args|>", "<|tool_call:end|>", "<|calls|>", "<|think|>", "<|begin|>assistant",
	"]<]minimax[>[", "]<]minimax[>[<tool_call>", "]<]minimax[>[<item>", "[e~[",
}

// The sizes the hostile texts run at. go test ./... runs them at 64 KiB,
// a size that shows a quadratic path as a slow test and keeps the run
// short; with TOOLPARSE_LONG_TESTS=1 in the environment (.ci/run sets it)
// they run at a mebibyte too, and what each allocates per byte at both
// sizes is compared.
const (
	smallHostile = 64 << 10
	largeHostile = 1 << 20
)

// longTests reports whether the long runs were asked for.
func longTests() bool { return os.Getenv("TOOLPARSE_LONG_TESTS") == "1" }

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
	texts = append(texts,
		// Paths that once searched ahead per call or per argument: calls
		// whose end markers are missing (each searched to the section's
		// end), a section of nothing but call begins, one call with
		// thousands of distinct arguments (each compared with the ones
		// before), and calls that close within a few bytes (each searched
		// ahead to the pending limit for a '<').
		hostileText{name: "calls without end markers", make: func(f toolcall.Format, n int) string {
			one, _ := f.(toolcall.Renderer).RenderCalls([]toolcall.Call{{Name: "f", Arguments: `{"a":1}`}})
			for _, end := range callEnds {
				one = strings.ReplaceAll(one, end, "")
			}
			open, _ := sectionOf(f)
			if open != "" {
				one = strings.Replace(one, open, "", 1)
			}
			return open + repeatTo(one, n-len(open))
		}, perByte: 200},
		hostileText{name: "a section of call begins", make: func(f toolcall.Format, n int) string {
			open, begin := sectionOf(f)
			return open + repeatTo(begin, n-len(open))
		}},
		hostileText{name: "a call with many arguments", make: func(f toolcall.Format, n int) string {
			var args strings.Builder
			args.WriteString("{")
			for i := 0; args.Len() < n*3/4; i++ { // rendered with spaces, still under n
				if i > 0 {
					args.WriteString(",")
				}
				fmt.Fprintf(&args, `"p%d":"v"`, i)
			}
			args.WriteString("}")
			one, _ := f.(toolcall.Renderer).RenderCalls([]toolcall.Call{{Name: "f", Arguments: args.String()}})
			return one
		}, perByte: 200},
	)
	for _, m := range markers {
		texts = append(texts,
			hostileText{name: "whole " + m, make: func(_ toolcall.Format, n int) string { return repeatTo(m, n) }},
			hostileText{name: "partial " + m, make: func(_ toolcall.Format, n int) string { return repeatTo(m[:len(m)-1], n) }})
	}
	return texts
}()

// callEnds are the formats' call end markers, which "calls without end
// markers" leaves out.
var callEnds = []string{"<｜tool▁call▁end｜>", "<｜tool▁calls▁end｜>", "<|tool_call_end|>", "<|tool_calls_section_end|>", "]<]minimax[>[</invoke>", "]<]minimax[>[</tool_call>", "</tool_call>", "</function>", "<|python_end|>", "</function_calls>", "<|call|>", "</tool_calls>"}

// sectionOf returns a format's section opener and call begin: a section
// of call begins is the one and then the other over and over. Formats
// without sections give the first half of a rendered call for both.
func sectionOf(f toolcall.Format) (open, begin string) {
	switch f.Name() {
	case "deepseek":
		return "<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>"
	case "kimi_k2":
		return "<|tool_calls_section_begin|>", "<|tool_call_begin|>"
	case "minimax_m3":
		return "]<]minimax[>[<tool_call>\n", `]<]minimax[>[<invoke name="f">`
	}
	one, _ := f.(toolcall.Renderer).RenderCalls([]toolcall.Call{{Name: "f", Arguments: "{}"}})
	return "", one[:len(one)/2]
}

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
	feeds              int
}

// feedAll feeds text to a new stream in deltas of n bytes (whole when n is
// 0), cut as it goes: a mebibyte in 1-byte deltas is a million strings.
func feedAll(f toolcall.Format, req toolcall.Request, text string, n int, opts ...stream.Option) outcome {
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
	if n <= 0 {
		n = max(1, len(text))
	}
	for i := 0; i < len(text); i += n {
		take(s.Feed(text[i:min(i+n, len(text))]))
		o.feeds++
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

// TestAdversarialTexts: each hostile text, in every format, whole and in
// 1- and 4-byte deltas, with and without argument streaming, gives the
// same outcome, a bounded number of events, and, whole, allocates a
// bounded multiple of its size; in the long runs, at a mebibyte too, and
// then about as much per byte as at 64 KiB.
func TestAdversarialTexts(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	for _, f := range hostileFormats {
		t.Run(f.Name(), func(t *testing.T) {
			t.Parallel()
			for _, ht := range hostileTexts {
				t.Run(ht.name, func(t *testing.T) {
					small := checkHostile(t, f, req, ht, smallHostile)
					if !longTests() || t.Failed() {
						return
					}
					large := checkHostile(t, f, req, ht, largeHostile)
					// Linear memory is a flat figure; a quadratic path
					// would be 16 times it. Slices that grow by append
					// allocate up to 2x their final size when small and
					// up to 5x when large (the runtime's growth factor
					// drops from 2 to 1.25), hence the bound.
					if large > 3*small+1 {
						t.Errorf("%.1f bytes allocated per byte of text at 1 MiB, %.1f at 64 KiB", large, small)
					}
				})
			}
		})
	}
}

// allocMu keeps the formats' parallel runs out of a measure of what one
// whole-text parse allocates: the runtime counts the process's bytes.
var allocMu sync.RWMutex

// checkHostile runs one hostile text made to size and returns what its
// whole-text parse allocates per byte.
func checkHostile(t *testing.T, f toolcall.Format, req toolcall.Request, ht hostileText, size int) float64 {
	t.Helper()
	allocMu.RLock()
	text := ht.make(f, size)
	allocMu.RUnlock()
	var whole outcome
	allocMu.Lock() // nothing else allocates while this is measured
	// The least of two runs: the first parse of a text in a process may
	// fill pools that a collection emptied, which is not what the text costs.
	bytes := allocated(func() { whole = feedAll(f, req, text, 0) })
	bytes = min(bytes, allocated(func() { whole = feedAll(f, req, text, 0) }))
	allocMu.Unlock()
	allocMu.RLock()
	defer allocMu.RUnlock()
	perByte := float64(bytes) / float64(len(text))
	calls := len(whole.calls)
	limit := cmp.Or(ht.perByte, 24)
	if calls > len(text)/64 { // text that is calls allocates what the calls own
		limit = max(limit, 200)
	}
	if perByte > limit {
		t.Errorf("%d bytes, whole: %.1f bytes allocated per byte of text, over %.1f", size, perByte, limit)
	}
	if whole.events > 2*calls+4 {
		t.Errorf("%d bytes, whole: %d events for %d calls", size, whole.events, calls)
	}
	same := func(how string, got outcome) bool {
		if got.content != whole.content || got.reasoning != whole.reasoning || len(got.calls) != calls {
			t.Errorf("%d bytes, %s: content %d bytes, reasoning %d, %d calls; whole: %d, %d, %d",
				size, how, len(got.content), len(got.reasoning), len(got.calls), len(whole.content), len(whole.reasoning), calls)
			return false
		}
		for i := range got.calls {
			if got.calls[i] != whole.calls[i] {
				t.Errorf("%d bytes, %s: call %d is %+v, whole gave %+v", size, how, i, got.calls[i], whole.calls[i])
				return false
			}
		}
		return true
	}
	for _, n := range []int{1, 4} {
		got := feedAll(f, req, text, n)
		if !same(fmt.Sprintf("%d-byte deltas", n), got) {
			return perByte
		}
		if got.events > 2*got.feeds+2*calls+4 {
			t.Errorf("%d bytes, %d-byte deltas: %d events for %d feeds and %d calls", size, n, got.events, got.feeds, calls)
		}
	}
	// With argument streaming: the same outcome, each call (or candidate
	// withdrawn) a few events more, at most one fragment a call a Feed.
	got := feedAll(f, req, text, 4, stream.WithArgumentStreaming())
	if same("4-byte deltas, argument streaming", got) && got.events > 4*got.feeds+4*calls+4 {
		t.Errorf("%d bytes, 4-byte deltas, argument streaming: %d events for %d feeds and %d calls", size, got.events, got.feeds, calls)
	}
	return perByte
}

// BenchmarkAdversarial parses each hostile text at 64 KiB and 1 MiB, whole
// and in 4-byte deltas (with and without argument streaming), and reports ns and bytes allocated per byte of
// text: flat ns/byte across sizes is linear time.
func BenchmarkAdversarial(b *testing.B) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	for _, f := range hostileFormats {
		for _, ht := range hostileTexts {
			for _, size := range []int{64 << 10, 1 << 20} {
				text := ht.make(f, size)
				for _, mode := range []struct {
					name string
					n    int
					args bool
				}{{"whole", len(text), false}, {"4B", 4, false}, {"4B-args", 4, true}} {
					name := fmt.Sprintf("%s/%s/%dKiB/%s", f.Name(), strings.ReplaceAll(ht.name, " ", "_"), size>>10, mode.name)
					b.Run(name, func(b *testing.B) {
						var before, after runtime.MemStats
						runtime.ReadMemStats(&before)
						for b.Loop() {
							var opts []stream.Option
							if mode.args {
								opts = append(opts, stream.WithArgumentStreaming())
							}
							s := stream.New(f, req, opts...)
							for i := 0; i < len(text); i += mode.n {
								s.Feed(text[i:min(i+mode.n, len(text))])
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
