package streamtest

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// FuzzDeltas seeds f with docs, each with its index for the seed, and
// runs check on any document cut into deltas at places drawn from the
// seed (SeededSplit): the body of a format's go test -fuzz target.
func FuzzDeltas(f *testing.F, docs []string, check func(t *testing.T, doc string, deltas []string)) {
	for i, d := range docs {
		f.Add(d, uint64(i))
	}
	f.Fuzz(func(t *testing.T, doc string, seed uint64) {
		check(t, doc, SeededSplit(doc, seed))
	})
}

// Fuzz is FuzzDeltas with Compare for check: the stream's promises hold
// for format and req, with no option and with each of starts (where the
// prompt left reasoning, say).
func Fuzz(f *testing.F, format toolcall.Format, req toolcall.Request, docs []string, starts ...stream.Option) {
	FuzzDeltas(f, docs, func(t *testing.T, doc string, deltas []string) {
		Compare(t, format, req, deltas)
		for _, o := range starts {
			Compare(t, format, req, deltas, o)
		}
	})
}

// EndOfTurn reads doc, cut into deltas at places drawn from seed, with
// Compare for f, no tools and opts, checks that it gives one diagnostic,
// an end_of_turn, and returns the result for the caller's checks of what
// the turn held.
func EndOfTurn(t TB, f toolcall.Format, doc string, seed uint64, opts ...stream.Option) toolcall.Result {
	t.Helper()
	res := Compare(t, f, toolcall.Request{}, SeededSplit(doc, seed), opts...)
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Kind != toolcall.KindEndOfTurn {
		t.Errorf("%q: diagnostics %+v, want one end_of_turn", doc, res.Diagnostics)
	}
	return res
}

// CheckEndOfTurnCall: doc, one call, an end-of-turn token and what a
// server that did not stop there wrote, reads (EndOfTurn, seed 3) as the
// call alone, no content, and one end_of_turn diagnostic.
func CheckEndOfTurnCall(t TB, f toolcall.Format, doc string, opts ...stream.Option) {
	t.Helper()
	if res := EndOfTurn(t, f, doc, 3, opts...); len(res.Calls) != 1 || res.Content != "" {
		t.Errorf("%q: calls %+v, content %q", doc, res.Calls, res.Content)
	}
}

// CheckEndOfTurnCalls is CheckEndOfTurnCall on each of docs, save that
// the content may be whitespace (the line breaks a format leaves around
// its block): one call, blank content, one end_of_turn diagnostic.
func CheckEndOfTurnCalls(t TB, f toolcall.Format, docs []string, opts ...stream.Option) {
	t.Helper()
	for _, doc := range docs {
		if res := EndOfTurn(t, f, doc, 3, opts...); len(res.Calls) != 1 || strings.TrimSpace(res.Content) != "" {
			t.Errorf("%q: calls %+v, content %q", doc, res.Calls, res.Content)
		}
	}
}

// CheckStreamsArguments reads doc in 4-byte deltas with argument
// streaming (CompareStreaming, with opts) and checks that it gives calls
// calls (one at least, when calls is 0), at least one of them streamed
// while it arrived, none withdrawn and none sent again whole.
func CheckStreamsArguments(t TB, f toolcall.Format, req toolcall.Request, doc string, calls int, opts ...stream.Option) {
	t.Helper()
	st := CompareStreaming(t, f, req, benchdata.Deltas(doc, 4), opts...)
	if calls == 0 && st.Calls < 1 || calls > 0 && st.Calls != calls || st.Streamed < 1 || st.Retracted != 0 || st.Resent != 0 {
		t.Errorf("%q: %+v, want %d calls (0: any), one at least streamed", doc, st, calls)
	}
}

// CheckProseFeed: a Feed of prose to a stream of f and req allocates
// nothing in steady state (ProseFeedAllocs).
func CheckProseFeed(t TB, f toolcall.Format, req toolcall.Request) {
	t.Helper()
	if allocs := ProseFeedAllocs(f, req); allocs != 0 {
		t.Errorf("a Feed of prose allocates %.2f times", allocs)
	}
}

// CallsNeed: Parse of doc with f gives no call unless doc holds marker.
func CallsNeed(t TB, f toolcall.Format, doc, marker string) {
	t.Helper()
	if r := stream.Parse(f, doc, toolcall.Request{}); len(r.Calls) > 0 && !strings.Contains(doc, marker) {
		t.Errorf("%q gives calls %v without %s", doc, r.Calls, marker)
	}
}

// StreamingCase is a row of CheckStreamingCases's table: a document, the
// tools the request offers, how many calls it gives and how many of
// those stream while they arrive.
type StreamingCase struct {
	Name            string
	Tools           []toolcall.Tool
	Doc             string
	Calls, Streamed int
}

// CheckStreamingCases: each case's document, in 1-, 3- and 7-byte deltas
// with argument streaming (CompareStreaming, with opts), gives its calls,
// as many of them streamed as it says, none withdrawn and none sent again
// whole.
func CheckStreamingCases(t TB, f toolcall.Format, cases []StreamingCase, opts ...stream.Option) {
	t.Helper()
	for _, tc := range cases {
		for _, n := range []int{1, 3, 7} {
			st := CompareStreaming(t, f, toolcall.Request{Tools: tc.Tools}, benchdata.Deltas(tc.Doc, n), opts...)
			if st.Calls != tc.Calls || st.Streamed != tc.Streamed || st.Retracted != 0 || st.Resent != 0 {
				t.Errorf("%s in %d-byte deltas: %+v, want %d calls, %d streamed", tc.Name, n, st, tc.Calls, tc.Streamed)
			}
		}
	}
}
