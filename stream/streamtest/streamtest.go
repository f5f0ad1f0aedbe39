// Package streamtest checks a toolcall.Format against the stream's promises,
// so the authors of a format (ours or a user's own) can property-test it the
// way testing/fstest checks a file system.
//
// The properties, for any document and any way of splitting it into deltas:
//   - feeding the deltas never panics;
//   - every event has exactly one field set; every content and reasoning
//     event is non-empty and, when the document is valid UTF-8, valid UTF-8;
//   - the content events concatenate to Parse's Content, the reasoning events
//     to its Reasoning, and the calls are Parse's calls, same names and
//     arguments in the same order (split invariance: streaming equals
//     non-streaming);
//   - with argument streaming on (stream.WithArgumentStreaming), the same
//     holds, and every call is announced before its fragments, which
//     concatenate to its arguments (see CompareStreaming);
//   - the deltas a decoder says it reads without a trace, which the stream
//     keeps to hand on together (protocol.Quiet), change no Feed's events,
//     nor the diagnostics (see CompareQuiet).
//
// Use CheckFormat from a test, Property with rapid.Check or rapid.MakeFuzz,
// and Compare from a plain go test -fuzz target:
//
//	func TestMyFormat(t *testing.T) {
//		streamtest.CheckFormat(t, myFormat, []string{"<call>f(a=1)</call>"})
//	}
//
//	func FuzzMyFormatRapid(f *testing.F) {
//		f.Fuzz(rapid.MakeFuzz(streamtest.Property(myFormat, toolcall.Request{}, streamtest.Documents("<call>f(a=1)</call>"))))
//	}
//
//	func FuzzMyFormat(f *testing.F) {
//		f.Add("<call>f(a=1)</call>", uint64(1))
//		f.Fuzz(func(t *testing.T, doc string, seed uint64) {
//			streamtest.Compare(t, myFormat, toolcall.Request{}, streamtest.SeededSplit(doc, seed))
//		})
//	}
package streamtest

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
	"pgregory.net/rapid"
)

// TB is the part of testing.TB and *rapid.T that the checks use.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Compare feeds deltas to a new Stream for f and req and reports through t
// every way the outcome differs from Parse of their concatenation, or breaks
// an event rule. It returns Parse's result. The options apply to both.
func Compare(t TB, f toolcall.Format, req toolcall.Request, deltas []string, opts ...stream.Option) toolcall.Result {
	t.Helper()
	doc := strings.Join(deltas, "")
	want := stream.Parse(f, doc, req, opts...)
	checkEvents(t, doc, want)
	s := stream.New(f, req, opts...)
	var text texts
	var calls []toolcall.Call
	take := func(evs []toolcall.Event) {
		for _, e := range evs {
			checkEvent(t, doc, e)
			if e.Call != nil {
				calls = append(calls, *e.Call)
			}
			text.add(e)
		}
	}
	for _, d := range deltas {
		take(s.Feed(d))
	}
	take(s.Close())
	sameAs(t, deltas, "", text.content.String(), text.reasoning.String(), calls, want)
	CompareStreaming(t, f, req, deltas, opts...)
	CompareQuiet(t, f, req, deltas, opts...)
	return want
}

// texts gathers the content and the reasoning of events.
type texts struct{ content, reasoning strings.Builder }

func (x *texts) add(e toolcall.Event) {
	x.content.WriteString(e.Content)
	x.reasoning.WriteString(e.Reasoning)
}

// sameAs reports how what the deltas gave differs from Parse's result.
func sameAs(t TB, deltas []string, mode, content, reasoning string, calls []toolcall.Call, res toolcall.Result) {
	t.Helper()
	if content != res.Content {
		t.Fatalf("fed as %q%s:\ncontent %q\nParse   %q", deltas, mode, content, res.Content)
	}
	if reasoning != res.Reasoning {
		t.Fatalf("fed as %q%s:\nreasoning %q\nParse     %q", deltas, mode, reasoning, res.Reasoning)
	}
	want := res.Calls
	if len(calls) != len(want) {
		t.Fatalf("fed as %q%s: %d calls %v, Parse gave %d %v", deltas, mode, len(calls), calls, len(want), want)
	}
	for i := range calls {
		g, w := calls[i], want[i]
		if g.Name != w.Name || g.Arguments != w.Arguments || g.Index != w.Index {
			t.Fatalf("fed as %q%s: call %d is %s %s (index %d), Parse gave %s %s (index %d)", deltas, mode, i, g.Name, g.Arguments, g.Index, w.Name, w.Arguments, w.Index)
		}
	}
}

// CompareStreaming feeds deltas to a new Stream with argument streaming on
// and reports through t every way it breaks that option's promises: every
// call is announced (CallStarted, its Index counting the calls handed on
// and the open ones before it) before its fragments and its Call event, the
// fragments of a call concatenate to its Arguments, a Retract names an
// announced call that had not ended, at most one fragment per call per
// Feed, and the calls and content are those Parse gives without the
// option. It returns what happened to the calls.
func CompareStreaming(t TB, f toolcall.Format, req toolcall.Request, deltas []string, opts ...stream.Option) Streaming {
	t.Helper()
	doc := strings.Join(deltas, "")
	want := stream.Parse(f, doc, req, opts...)
	s := stream.New(f, req, append(slices.Clip(opts), stream.WithArgumentStreaming())...)
	var text texts
	var calls []toolcall.Call
	open := map[int]*strings.Builder{}
	early := map[int]int{} // the Feed of a call's first fragment
	feeds := 0
	names := map[int]toolcall.Call{}
	var st Streaming
	take := func(evs []toolcall.Event) {
		feeds++
		inFeed := map[int]bool{}
		for _, e := range evs {
			checkEvent(t, doc, e)
			d := e.Delta
			switch {
			case d != nil && d.Kind == toolcall.CallStarted:
				if _, ok := open[d.Index]; ok {
					t.Fatalf("fed as %q with argument streaming: call %d announced twice", deltas, d.Index)
				}
				before := 0 // open calls with a smaller Index
				for k := range open {
					if k < d.Index {
						before++
					}
				}
				if d.Index != len(calls)+before || d.Name == "" || d.ID == "" || d.Arguments != "" {
					t.Fatalf("fed as %q with argument streaming: announced %+v after %d calls, with %d open before it", deltas, *d, len(calls), before)
				}
				open[d.Index] = &strings.Builder{}
				names[d.Index] = toolcall.Call{Index: d.Index, ID: d.ID, Name: d.Name}
			case d != nil && d.Kind == toolcall.ArgumentsFragment:
				b, ok := open[d.Index]
				if !ok {
					t.Fatalf("fed as %q with argument streaming: a fragment %q for call %d, which is not announced", deltas, d.Arguments, d.Index)
				}
				if inFeed[d.Index] {
					t.Fatalf("fed as %q with argument streaming: two fragments for call %d in one Feed", deltas, d.Index)
				}
				if d.Arguments == "" {
					t.Fatalf("fed as %q with argument streaming: an empty fragment for call %d", deltas, d.Index)
				}
				inFeed[d.Index] = true
				if _, ok := early[d.Index]; !ok {
					early[d.Index] = feeds
				}
				b.WriteString(d.Arguments)
			case d != nil && d.Kind == toolcall.CallRetracted:
				if _, ok := open[d.Index]; !ok {
					t.Fatalf("fed as %q with argument streaming: retracted call %d, which is not announced", deltas, d.Index)
				}
				delete(open, d.Index)
				delete(early, d.Index)
				st.Retracted++
			case d != nil:
				t.Fatalf("fed as %q with argument streaming: a delta of kind %d", deltas, d.Kind)
			case e.Call != nil:
				b, ok := open[e.Call.Index]
				if !ok {
					t.Fatalf("fed as %q with argument streaming: call %d was not announced", deltas, e.Call.Index)
				}
				if a := names[e.Call.Index]; a.Name != e.Call.Name || a.ID != e.Call.ID {
					t.Fatalf("fed as %q with argument streaming: call announced as %+v ends as %+v", deltas, a, *e.Call)
				}
				if b.String() != e.Call.Arguments {
					t.Fatalf("fed as %q with argument streaming: call %d's fragments make %q, its Arguments are %q", deltas, e.Call.Index, b.String(), e.Call.Arguments)
				}
				if f, ok := early[e.Call.Index]; ok && f < feeds {
					st.Streamed++
				}
				delete(open, e.Call.Index)
				delete(early, e.Call.Index)
				calls = append(calls, *e.Call)
			}
			text.add(e)
		}
	}
	for _, d := range deltas {
		take(s.Feed(d))
	}
	take(s.Close())
	if len(open) > 0 {
		t.Fatalf("fed as %q with argument streaming: calls %v announced and never ended", deltas, open)
	}
	sameAs(t, deltas, " with argument streaming", text.content.String(), text.reasoning.String(), calls, want)
	st.Calls = len(calls)
	for _, d := range s.Diagnostics() {
		if d.Kind == toolcall.KindStream {
			st.Resent++
		}
	}
	return st
}

// Streaming counts what argument streaming did with the calls of one
// response.
type Streaming struct {
	Calls     int // calls handed on
	Streamed  int // calls with a fragment in a Feed before the one that completed them
	Retracted int // announced calls withdrawn
	Resent    int // calls withdrawn and sent again whole (their fragments were not theirs)
}

func checkEvents(t TB, doc string, res toolcall.Result) {
	t.Helper()
	for i, c := range res.Calls {
		if c.Index != i {
			t.Fatalf("call %d has Index %d", i, c.Index)
		}
		if c.Name == "" || c.ID == "" || c.Arguments == "" {
			t.Fatalf("call %d is incomplete: %+v", i, c)
		}
	}
	if utf8.ValidString(doc) && !utf8.ValidString(res.Content) {
		t.Fatalf("content %q of a valid UTF-8 document is not valid UTF-8", res.Content)
	}
	if res.Content != strings.TrimSpace(res.Content) {
		t.Fatalf("content %q has whitespace at an end", res.Content)
	}
	if res.Reasoning != strings.TrimSpace(res.Reasoning) {
		t.Fatalf("reasoning %q has whitespace at an end", res.Reasoning)
	}
}

func checkEvent(t TB, doc string, e toolcall.Event) {
	t.Helper()
	set := 0
	for _, ok := range []bool{e.Call != nil, e.Content != "", e.Reasoning != "", e.Delta != nil} {
		if ok {
			set++
		}
	}
	switch {
	case set != 1:
		t.Fatalf("event sets %d fields, not one: %+v", set, e)
	case utf8.ValidString(doc) && (!utf8.ValidString(e.Content) || !utf8.ValidString(e.Reasoning)):
		t.Fatalf("event %+v is not valid UTF-8", e)
	}
}

// Split draws a way of cutting doc into deltas: sometimes whole, sometimes
// byte by byte, mostly at a few random places (including inside UTF-8
// sequences and markers).
func Split(t *rapid.T, doc string) []string {
	switch rapid.IntRange(0, 9).Draw(t, "split kind") {
	case 0:
		return []string{doc}
	case 1:
		out := make([]string, len(doc))
		for i := range len(doc) {
			out[i] = doc[i : i+1]
		}
		return out
	}
	n := rapid.IntRange(0, min(len(doc), 12)).Draw(t, "cuts")
	cuts := make([]int, 0, n+2)
	cuts = append(cuts, 0)
	for range n {
		cuts = append(cuts, rapid.IntRange(0, len(doc)).Draw(t, "cut"))
	}
	cuts = append(cuts, len(doc))
	slices.Sort(cuts)
	out := make([]string, 0, len(cuts)-1)
	for i := 1; i < len(cuts); i++ {
		out = append(out, doc[cuts[i-1]:cuts[i]])
	}
	return out
}

// Property returns a rapid property: draw a document from docs and the
// request from reqs, split it, and Compare.
func Property(f toolcall.Format, req toolcall.Request, docs *rapid.Generator[string]) func(*rapid.T) {
	return func(t *rapid.T) {
		doc := docs.Draw(t, "doc")
		Compare(t, f, req, Split(t, doc))
	}
}

// CheckFormat runs Property with rapid for f, with a request that offers no
// tools, over documents made of the given ones, their fragments, prose,
// whitespace and stray structural characters (see Documents).
func CheckFormat(t *testing.T, f toolcall.Format, docs []string) {
	t.Helper()
	CheckFormatRequest(t, f, toolcall.Request{}, docs)
}

// CheckFormatRequest is CheckFormat for a given request (tools offered,
// tool_choice, parallel_tool_calls).
func CheckFormatRequest(t *testing.T, f toolcall.Format, req toolcall.Request, docs []string) {
	t.Helper()
	rapid.Check(t, Property(f, req, Documents(docs...)))
}

var (
	prose = []string{"Sure", "let me check", "the weather", "is", "ok.", "naïve", "café", "😀", "✓", "über", "(see above)", "x = 1", "a, b", "it's", `"quoted"`, "[note]", "[1, 2]", "{braces}", "C:\\path", "<b>", "a < b", "|", "->"}
	space = []string{" ", "  ", "\n", "\n\n", "\t", " \n ", "\u00a0", "\u3000"}
	stray = []rune("[](){}'\",;:=<|>/\\-_. \n0123456789abcxyzé😀")
)

// Documents returns a generator of documents that mix the given documents,
// fragments of them (prefixes and suffixes, so partial markers and cut
// calls), prose with unicode, whitespace runs and stray structural
// characters.
func Documents(docs ...string) *rapid.Generator[string] {
	var pieces []*rapid.Generator[string]
	pieces = append(pieces, rapid.SampledFrom(prose), rapid.SampledFrom(space), rapid.StringOfN(rapid.SampledFrom(stray), 1, 6, -1))
	if len(docs) > 0 {
		whole := rapid.SampledFrom(docs)
		pieces = append(pieces, whole, whole, whole,
			rapid.Custom(func(t *rapid.T) string {
				d := whole.Draw(t, "fragment of")
				i := rapid.IntRange(0, len(d)).Draw(t, "at")
				if rapid.Bool().Draw(t, "prefix") {
					return d[:i]
				}
				return d[i:]
			}))
	}
	piece := rapid.OneOf(pieces...)
	return rapid.Custom(func(t *rapid.T) string {
		parts := rapid.SliceOfN(piece, 0, 16).Draw(t, "pieces")
		return strings.Join(parts, "")
	})
}
