package stream_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// tinyCalls renders as many calls f() as fit in size bytes in f's syntax,
// all at once (one call list where the format writes lists).
func tinyCalls(f toolcall.Format, size int) string {
	render := func(n int) string {
		calls := make([]toolcall.Call, n)
		for i := range calls {
			calls[i] = toolcall.Call{Name: "f", Arguments: "{}"}
		}
		text, err := f.(toolcall.Renderer).RenderCalls(calls)
		if err != nil {
			panic(err)
		}
		return text
	}
	a, b := render(100), render(200)
	per := float64(len(b)-len(a)) / 100
	n := int(float64(size-len(a)) / per)
	text := render(100 + n)
	for len(text) > size {
		n -= 1 + n/1000
		text = render(100 + n)
	}
	return text
}

// maxTinyPerByte bounds what a whole-text Parse of a mebibyte of tiny
// calls allocates per byte, with the default limit of calls.
const maxTinyPerByte = 40

// TestTinyCallsCostTheirText: a mebibyte of tiny calls, in every format,
// hands on at most the default limit of calls (1,024); the rest is content
// with a "limit" diagnostic, and nothing of the text is lost; and the
// parse allocates at most 40 bytes per byte of text, not what a hundred
// thousand calls would own.
func TestTinyCallsCostTheirText(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	for _, f := range hostileFormats {
		text := tinyCalls(f, 1<<20)
		var res toolcall.Result
		allocMu.Lock()
		bytes := allocated(func() { res = stream.Parse(f, text, req) })
		bytes = min(bytes, allocated(func() { res = stream.Parse(f, text, req) }))
		allocMu.Unlock()
		perByte := float64(bytes) / float64(len(text))
		limits := 0
		for _, d := range res.Diagnostics {
			if d.Kind == toolcall.KindLimit {
				limits++
			}
		}
		t.Logf("%-12s %7d bytes: %4d calls, %7d bytes of content, %5.1f B/byte", f.Name(), len(text), len(res.Calls), len(res.Content), perByte)
		switch {
		case len(res.Calls) > toolcall.DefaultMaxCalls:
			t.Errorf("%s: %d calls, over the limit of %d", f.Name(), len(res.Calls), toolcall.DefaultMaxCalls)
		case res.Content == "" || !strings.HasSuffix(text, res.Content):
			t.Errorf("%s: the calls past the limit are not the content's end: %d bytes of content", f.Name(), len(res.Content))
		case limits == 0:
			t.Errorf("%s: no limit diagnostic", f.Name())
		}
		if perByte > maxTinyPerByte {
			t.Errorf("%s: %.1f bytes allocated per byte of a mebibyte of tiny calls, over %d", f.Name(), perByte, maxTinyPerByte)
		}
	}
}

// Past WithLimits' MaxCalls the rest of the response is content: calls in
// blocks of their own are handed on up to the limit, and a list whose
// calls would pass it is content whole; whole and in every split alike.
func TestMaxCalls(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	three := stream.WithLimits(toolcall.Limits{MaxCalls: 3})
	f3 := []toolcall.Call{{Name: "f", Arguments: "{}"}, {Name: "f", Arguments: "{}"}, {Name: "f", Arguments: "{}"}}
	for _, tc := range []struct {
		format, doc, content string
		calls                []toolcall.Call
	}{
		{"hermes", strings.Repeat("<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>", 5) + " Done.",
			strings.Repeat("<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>", 2) + " Done.", f3},
		{"hermes", strings.Repeat("<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>", 3) + " Done.", "Done.", f3},
		{"pythonic", "[f(), f()] [f()] [f(), f()] Done.", "[f(), f()] Done.", f3},
		{"pythonic", "Sure. [f(), f(), f(), f()]", "Sure. [f(), f(), f(), f()]", nil},
		{"llama4", "f()\nf()\nf()\nf()", "f()", f3},
		{"mistral", strings.Repeat("[TOOL_CALLS]f[ARGS]{}", 4), "[TOOL_CALLS]f[ARGS]{}", f3},
	} {
		f, _ := toolcall.Lookup(tc.format)
		t.Run(fmt.Sprint(tc.format, len(tc.doc)), func(t *testing.T) {
			opts := []stream.Option{three, stream.WithPolicy(policy.Policy{Mode: policy.All})}
			streamtest.Expect(t, f, req, tc.doc, tc.content, tc.calls, opts...)
			for _, deltas := range streamtest.Splits(tc.doc) {
				s := stream.New(f, req, opts...)
				for _, d := range deltas {
					s.Feed(d)
				}
				s.Close()
				limits := 0
				for _, d := range s.Diagnostics() {
					if d.Kind == toolcall.KindLimit {
						limits++
					}
				}
				if limits != 1 {
					t.Fatalf("fed as %q: %d limit diagnostics, want 1: %+v", deltas, limits, s.Diagnostics())
				}
			}
		})
	}
}
