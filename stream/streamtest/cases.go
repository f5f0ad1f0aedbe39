package streamtest

import (
	"math/rand/v2"
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Case is one row of a format's behaviour table: a document, the names of
// the tools the request offers, and what it must parse to.
type Case struct {
	Name    string
	Input   string
	Tools   []string
	Content string
	Calls   []toolcall.Call
}

// Call is a call as a Case writes it: a name and JSON arguments.
func Call(name, args string) toolcall.Call { return toolcall.Call{Name: name, Arguments: args} }

// Tools returns tools with the given names and no schemas.
func Tools(names ...string) []toolcall.Tool {
	var ts []toolcall.Tool
	for _, n := range names {
		ts = append(ts, toolcall.Tool{Name: n})
	}
	return ts
}

// Row is a format's own row type for a behaviour table: a type whose
// underlying type is Case's, defined in the format's tests so that their
// rows need no keys (type tc streamtest.Case).
type Row interface {
	~struct {
		Name    string
		Input   string
		Tools   []string
		Content string
		Calls   []toolcall.Call
	}
}

// Run runs each case as a subtest with Expect.
func Run[C Row](t *testing.T, f toolcall.Format, cases []C, opts ...stream.Option) {
	t.Helper()
	for _, row := range cases {
		c := Case(row)
		t.Run(c.Name, func(t *testing.T) {
			Expect(t, f, toolcall.Request{Tools: Tools(c.Tools...)}, c.Input, c.Content, c.Calls, opts...)
		})
	}
}

// SeededSplit cuts doc into deltas of 1 to 8 bytes at places drawn from
// seed, so a go test -fuzz target can vary splits with its input.
func SeededSplit(doc string, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, seed>>32))
	var deltas []string
	for rest := doc; rest != ""; {
		k := min(len(rest), 1+r.IntN(8))
		deltas = append(deltas, rest[:k])
		rest = rest[k:]
	}
	return deltas
}

// ProseFeedAllocs feeds prose to a stream in 4-byte deltas and returns the
// allocations per Feed once the stream's buffers are warm; the library
// promises 0.
func ProseFeedAllocs(f toolcall.Format, req toolcall.Request) float64 {
	const text = "Plain prose, with commas (and parens) and 'quotes'. "
	var ds []string
	for range 40 {
		for i := 0; i < len(text); i += 4 {
			ds = append(ds, text[i:min(i+4, len(text))])
		}
	}
	s := stream.New(f, req)
	for _, d := range ds[:20] {
		s.Feed(d)
	}
	i := 20
	return testing.AllocsPerRun(len(ds)-21, func() {
		s.Feed(ds[i])
		i++
	})
}

// ProseFeedAllocsAfter feeds first to a new stream of f (made with opts),
// then prose in 4-byte deltas, and returns the allocations per Feed of
// the prose in steady state: with first opening a channel (reasoning,
// say), what a Feed of prose in that channel allocates; the library
// promises 0.
func ProseFeedAllocsAfter(f toolcall.Format, req toolcall.Request, first string, opts ...stream.Option) float64 {
	s := stream.New(f, req, opts...)
	s.Feed(first)
	deltas := benchdata.Deltas(benchdata.Prose(4000), 4)
	i := 0
	return testing.AllocsPerRun(500, func() {
		s.Feed(deltas[i%len(deltas)])
		i++
	})
}
