package toolparse_test

import (
	"testing"

	"github.com/toolparse/toolparse/internal/corpus"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// TestCorpusArgumentStreaming renders the calls of every BFCL case with
// every renderer and streams them back in 7-byte deltas with argument
// streaming on: the stream's promises hold (streamtest.CompareStreaming),
// no call is withdrawn, and none is sent again whole. It logs how many
// calls streamed before the delta that completed them, and how many were
// withdrawn when the text is cut short (the response ends inside the
// last call, as a client disconnect or a length limit does).
func TestCorpusArgumentStreaming(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			var all, cut streamtest.Streaming
			for _, c := range cases {
				calls := make([]toolcall.Call, len(c.Calls))
				for i, call := range c.Calls {
					calls[i] = toolcall.Call{Name: call.Name, Arguments: string(call.Arguments)}
				}
				text, err := r.render(calls)
				if err != nil {
					continue
				}
				req := toolcall.Request{Tools: c.Tools}
				st := streamtest.CompareStreaming(t, r.format, req, pieces(text, 7))
				all.Calls += st.Calls
				all.Streamed += st.Streamed
				all.Retracted += st.Retracted
				all.Resent += st.Resent
				if st.Resent > 0 && all.Resent < 3 {
					t.Logf("%s %q", c.ID, text)
				}
				st = streamtest.CompareStreaming(t, r.format, req, pieces(text[:len(text)*2/3], 7))
				cut.Calls += st.Calls
				cut.Retracted += st.Retracted
			}
			if all.Retracted > 0 || all.Resent > 0 {
				t.Errorf("%d calls withdrawn, %d sent again whole, of %d", all.Retracted, all.Resent, all.Calls)
			}
			t.Logf("%d calls: %d streamed before their last delta; cut at 2/3: %d withdrawn, %d calls", all.Calls, all.Streamed, cut.Retracted, cut.Calls)
		})
	}
}

func pieces(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

// TestCorpusArgumentStreamingSplits: the same, for calls drawn from the
// corpus, each renderer, and deltas cut anywhere (rapid).
func TestCorpusArgumentStreamingSplits(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Skip(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(cases).Draw(t, "case")
		r := rapid.SampledFrom(renderers).Draw(t, "renderer")
		calls := make([]toolcall.Call, len(c.Calls))
		for i, call := range c.Calls {
			calls[i] = toolcall.Call{Name: call.Name, Arguments: string(call.Arguments)}
		}
		text, err := r.render(calls)
		if err != nil {
			t.Skip(err)
		}
		st := streamtest.CompareStreaming(t, r.format, toolcall.Request{Tools: c.Tools}, streamtest.Split(t, text))
		if st.Retracted > 0 || st.Resent > 0 {
			t.Fatalf("%s in %s: %+v", c.ID, r.name, st)
		}
	})
}
