package formatstest

import (
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// weatherOnly offers get_weather without a schema: what the benchmarks
// of small calls and of prose read with, the parse alone.
var weatherOnly = toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}

// BenchSmallCalls is BenchCalls on benchdata.SmallCalls, read with a
// request that offers get_weather without a schema: in f's syntax and,
// to compare with, in yardstick's.
func BenchSmallCalls(b *testing.B, f, yardstick toolcall.Format, opts ...stream.Option) {
	b.Helper()
	BenchCalls(b, weatherOnly, benchdata.SmallCalls(), []Writer{{Format: f}, {Format: yardstick}}, opts...)
}

// BenchProse is BenchDeltas on 100 KB of prose between before and after
// (what opens and closes the channel f reads prose in, or nothing), read
// with the request of BenchSmallCalls.
func BenchProse(b *testing.B, f toolcall.Format, before, after string, opts ...stream.Option) {
	b.Helper()
	BenchDeltas(b, f, weatherOnly, before+benchdata.Prose(100_000)+after, opts...)
}

// ProseStart is where CheckProseFeeds reads prose: after First, fed to a
// stream made with Opts. With neither, from the stream's start, as
// streamtest.ProseFeedAllocs reads it.
type ProseStart struct {
	Name  string
	First string
	Opts  []stream.Option
}

// CheckProseFeeds: at each start, a Feed of prose in steady state
// allocates nothing, read with the request of BenchSmallCalls.
func CheckProseFeeds(t *testing.T, f toolcall.Format, starts ...ProseStart) {
	t.Helper()
	for _, s := range starts {
		var n float64
		if s.First == "" && s.Opts == nil {
			n = streamtest.ProseFeedAllocs(f, weatherOnly)
		} else {
			n = streamtest.ProseFeedAllocsAfter(f, weatherOnly, s.First, s.Opts...)
		}
		if n != 0 {
			t.Errorf("%s: a Feed allocates %v times", s.Name, n)
		}
	}
}
