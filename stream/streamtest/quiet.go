package streamtest

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// CompareQuiet feeds deltas to two new Streams for f and req: one as is,
// one whose decoder is never asked which bytes it reads without a trace
// (protocol.Config.Quiet), so that the stream hands it every delta. It
// reports through t every Feed, Close or diagnostic where they differ: a
// decoder's Quiet promises that keeping those bytes for it changes nothing
// a gateway sees, not even when. Calls get IDs from their Index in both.
func CompareQuiet(t TB, f toolcall.Format, req toolcall.Request, deltas []string, opts ...stream.Option) {
	t.Helper()
	ids := stream.WithIDs(func(c toolcall.Call) string { return fmt.Sprint("call_", c.Index) })
	opts = append(opts[:len(opts):len(opts)], ids)
	quiet := stream.New(f, req, opts...)
	every := stream.New(unquiet{f}, req, opts...)
	for i := 0; i <= len(deltas); i++ {
		var got, want []toolcall.Event
		if i < len(deltas) {
			got, want = quiet.Feed(deltas[i]), every.Feed(deltas[i])
		} else {
			got, want = quiet.Close(), every.Close()
		}
		if g, w := eventsText(got), eventsText(want); g != w {
			t.Fatalf("fed as %q: delta %d gave %s, or %s when every delta reaches the decoder", deltas, i, g, w)
		}
	}
	g, w := fmt.Sprint(quiet.Diagnostics()), fmt.Sprint(every.Diagnostics())
	if g != w {
		t.Fatalf("fed as %q: diagnostics %s, or %s when every delta reaches the decoder", deltas, g, w)
	}
}

// eventsText writes events for comparison.
func eventsText(evs []toolcall.Event) string {
	var b strings.Builder
	for _, e := range evs {
		switch {
		case e.Call != nil:
			fmt.Fprintf(&b, "call %+v; ", *e.Call)
		case e.Delta != nil:
			fmt.Fprintf(&b, "delta %+v; ", *e.Delta)
		default:
			fmt.Fprintf(&b, "content %q reasoning %q; ", e.Content, e.Reasoning)
		}
	}
	return b.String()
}

// unquiet is a format whose decoders are never asked which bytes they read
// without a trace. What a stream reads of a format besides its decoders
// (its reasoning tags, its default policy) passes through; a zero answer
// is what a format without them gives.
type unquiet struct{ toolcall.Format }

func (f unquiet) NewDecoder(req *toolcall.Request) toolcall.Decoder {
	d := f.Format.NewDecoder(req)
	if r, ok := d.(protocol.Reporter); ok {
		return unquietDecoder{d, r}
	}
	return d
}

func (f unquiet) Reasoning() toolcall.Reasoning {
	if r, ok := f.Format.(toolcall.Reasoner); ok {
		return r.Reasoning()
	}
	return toolcall.Reasoning{}
}

func (f unquiet) DefaultPolicy() policy.Mode {
	if d, ok := f.Format.(policy.Defaulter); ok {
		return d.DefaultPolicy()
	}
	return ""
}

type unquietDecoder struct {
	toolcall.Decoder
	rep protocol.Reporter
}

func (d unquietDecoder) Configure(c protocol.Config) {
	c.Quiet = nil
	d.rep.Configure(c)
}
func (d unquietDecoder) Diagnostics() []toolcall.Diagnostic { return d.rep.Diagnostics() }
func (d unquietDecoder) CallOffset(n int) int               { return d.rep.CallOffset(n) }
func (d unquietDecoder) InCandidate() bool                  { return d.rep.InCandidate() }
