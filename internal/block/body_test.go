package block_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// A block's body read on the way (the call list, run or JSON value it
// starts with, by the reader that also finds where the body ends) gives
// the calls Decode gives reading the body whole, in any deltas, also when
// the response ends inside the end marker.
func TestBodyReadOnTheWayIsDecode(t *testing.T) {
	piece := rapid.SampledFrom([]string{
		`{"name": "f", "arguments": {"a": 1}}`, `{"name":"g","arguments":{}}`, `[f(a=1)]`, `[f(a="x"), g(b=[1, 2])]`,
		`[`, `]`, `{`, `}`, `(`, `)`, `"`, `'`, `\`, `,`, `:`, ` `, "\n", `<`, `<x`, `a`, `1`, `f(`, `"a": `, `{"name": "f"`,
		`"</tool_call>"`, `"<|tool_call_end|>"`, `[f(a=1<)]`, `{"name": "f", "arguments": {"a": 1 <}}`, `'it's'`, `"say "hi""`, `é`, `[{"name": "f", "arguments": {}}]`,
		`f(a=1)`, `g(b="x", c=[1, 2])`, `h()`, `f(a=1`, `; `, `, `, "\n", `bad text`, `g(b='it's')`, `"</function_calls>"`, `f(a=f(b=1))`, `x.y(z=1)`,
	})
	formats := []struct {
		f          toolcall.Format
		start, end string
	}{{hermes.Format, "<tool_call>", "</tool_call>"}, {lfm2.Format, "<|tool_call_start|>", "<|tool_call_end|>"}, {olmo3.Format, "<function_calls>", "</function_calls>"}}
	rapid.Check(t, func(t *rapid.T) {
		fm := formats[rapid.IntRange(0, len(formats)-1).Draw(t, "format")]
		body := strings.Join(rapid.SliceOfN(piece, 1, 12).Draw(t, "pieces"), "")
		if strings.Contains(body, fm.end) || strings.Contains(body, fm.start) {
			t.Skip("the body holds the format's own markers")
		}
		if !endsInCode(body) {
			t.Skip("the end marker would stand inside a string: it is data, and the block goes on")
		}
		text := fm.start + body + fm.end
		if cut := rapid.IntRange(0, 2*len(fm.end)).Draw(t, "end marker cut at"); cut < len(fm.end) {
			// The response ends inside the end marker: it counts as a
			// missing one, and the block is read without it.
			text = fm.start + body + fm.end[:cut]
			// So is any start of the end marker the text ends with, also
			// one the body's own pieces wrote ("<" after a list).
			body = strings.TrimPrefix(text, fm.start)
			for k := len(fm.end) - 1; k > 0; k-- {
				if strings.HasSuffix(body, fm.end[:k]) {
					body = body[:len(body)-k]
					break
				}
			}
		}
		req := toolcall.Request{}
		var want []string
		p := pythonic.ForRequest(&req, toolcall.DefaultMaxDepth)
		items, err := block.Decode(body, &p, func(name string) bool { return req.Match(name) >= 0 })
		for _, it := range items {
			if it.Call != nil {
				want = append(want, it.Call.Name+" "+it.Call.Arguments)
			}
		}
		got := streamedCalls(t, fm.f, req, text)
		if err != nil {
			want = nil
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%q: calls %q, Decode %q (%v)", text, got, want, err)
		}
	})
}

// The JSON value of a value body (ScanValue) that the scan read on the way
// is what parsing the body's value at its end gives (Machine.ReadValue and
// jsoncall.Value agree), in any deltas.
func TestValueReadOnTheWayIsParsed(t *testing.T) {
	piece := rapid.SampledFrom([]string{
		`{"a": 1}`, `{"a": "x", "b": [1, 2]}`, `{`, `}`, `[`, `]`, `"`, `'`, `\`, `,`, `:`, ` `, "\n", `<`, `<x`,
		`a`, `1`, `"a": `, `"</f>"`, `"<f>"`, `{"a": 1 <}`, `"say "hi""`, `é`, `\u00e9`, `"\/"`, `True`, `None`,
	})
	var mismatch string
	read := func(m *block.Machine, body string) ([]block.Item, error) {
		open := strings.IndexByte(body, '{')
		if open < 0 {
			return nil, errors.New("no value")
		}
		got, gerr := m.ReadValue(body, open)
		want, werr := jsoncall.Value(strings.TrimSpace(body[open:]), m.Parser())
		if string(got) != string(want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			mismatch = fmt.Sprintf("%q: read on the way %q (%v), parsed %q (%v)", body, got, gerr, want, werr)
		}
		if gerr != nil {
			return nil, gerr
		}
		c := toolcall.Call{Name: "f", Arguments: string(got)}
		return []block.Item{{Call: &c}}, nil
	}
	f := &block.Format{
		Markers: []block.Marker{{Text: "</f>"}, {Text: "<f>", Role: block.Opens}},
		Kinds:   []block.Kind{{End: 0, Scan: block.ScanValue, Read: read}},
	}
	rapid.Check(t, func(t *rapid.T) {
		mismatch = ""
		text := "<f>" + strings.Join(rapid.SliceOfN(piece, 1, 10).Draw(t, "pieces"), "") + "</f>"
		d := block.NewDecoder(f, &toolcall.Request{})
		for rest := text; rest != ""; {
			n := min(len(rest), rapid.IntRange(1, 6).Draw(t, "delta"))
			d.Feed(nil, rest[:n])
			rest = rest[n:]
		}
		d.Close(nil)
		if mismatch != "" {
			t.Fatal(mismatch)
		}
	})
}

// endsInCode reports whether a code body's scan, fed body, ends outside
// any string, so that an end marker after it ends the block: the scan's
// Recognizer starts again after each candidate it closes, and after a
// bracket that does not match it tracks strings no more.
func endsInCode(body string) bool {
	var r pythonic.Recognizer
	r.Reset(toolcall.DefaultMaxDepth)
	for body != "" {
		n, st := r.Feed(body)
		body = body[n:]
		switch st {
		case pythonic.Closed:
			r.Reset(toolcall.DefaultMaxDepth)
		case pythonic.Mismatch, pythonic.TooDeep:
			return true
		}
	}
	return r.InCode()
}

// An OLMo 3 response that is nothing but calls, read call by call by a
// CallRun whose reader reads the whole run on the way, gives the calls
// Decode gives reading the run whole (when every call names a requested
// tool; else none), in any deltas.
func TestRunReadOnTheWayIsDecode(t *testing.T) {
	call := rapid.SampledFrom([]string{
		`f(a=1)`, `g(b="x, y")`, `h()`, `f(a=[1, 2], b={'k': None})`, `g(b='it\'s')`, `f(a=)`, `g(1 2)`,
		`f(a="(")`, `h(x=f(y=1))`, `other(a=1)`, `f(a=1, a=2)`, `g(b="""tri"ple""")`, `f (a=1)`, `g(é=1)`,
		`f(a="<|im_end|>")`, `g(b=[1, (2, 3)])`, `h(x=1.5e3, y=-2, z=True)`,
	})
	sep := rapid.SampledFrom([]string{", ", "; ", "\n", " ", ",", ";\n", ""})
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}, {Name: "g"}, {Name: "h"}, {Name: "é"}}}
	rapid.Check(t, func(t *rapid.T) {
		calls := rapid.SliceOfN(call, 1, 6).Draw(t, "calls")
		text := calls[0]
		for _, c := range calls[1:] {
			text += sep.Draw(t, "separator") + c
		}
		text += rapid.SampledFrom([]string{"", "\n", ", "}).Draw(t, "trailing")
		doc := text + rapid.SampledFrom([]string{"", "<|im_end|>", "<|endoftext|>"}).Draw(t, "end")
		p := pythonic.ForRequest(&req, toolcall.DefaultMaxDepth)
		items, err := block.Decode(text, &p, func(name string) bool { return req.Match(name) >= 0 })
		var want []string
		for _, it := range items {
			if it.Call == nil || !req.IsKnownTool(it.Call.Name) {
				want = nil
				break
			}
			want = append(want, it.Call.Name+" "+it.Call.Arguments)
		}
		if err != nil {
			want = nil
		}
		if got := streamedCalls(t, olmo3.Format, req, doc); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%q: calls %q, Decode %q (%v)", doc, got, want, err)
		}
	})
}

// streamedCalls streams doc in deltas of 1 to 6 bytes and returns its
// calls, each as its name and arguments.
func streamedCalls(t *rapid.T, f toolcall.Format, req toolcall.Request, doc string) []string {
	s := stream.New(f, req, stream.StartOutsideReasoning())
	var got []string
	take := func(evs []toolcall.Event) {
		for _, e := range evs {
			if e.Call != nil {
				got = append(got, e.Call.Name+" "+e.Call.Arguments)
			}
		}
	}
	for rest := doc; rest != ""; {
		n := min(len(rest), rapid.IntRange(1, 6).Draw(t, "delta"))
		take(s.Feed(rest[:n]))
		rest = rest[n:]
	}
	take(s.Close())
	return got
}
