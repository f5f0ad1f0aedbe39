package minimaxm3_test

import (
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/minimaxm3"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// eightCalls renders benchdata's eight small calls in f's syntax (stream's
// BenchmarkSmallCalls reads the same).
func eightCalls(tb testing.TB, f toolcall.Format) string {
	text, err := f.(toolcall.Renderer).RenderCalls(benchdata.SmallCalls())
	if err != nil {
		tb.Fatal(err)
	}
	return text
}

var weather = toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}

// BenchmarkSmallCalls parses eight small calls, whole and in 4-byte
// deltas, in MiniMax-M3's syntax and, to compare with, in Hermes'.
func BenchmarkSmallCalls(b *testing.B) {
	for _, f := range []toolcall.Format{minimaxm3.Format, hermes.Format} {
		text := eightCalls(b, f)
		for _, mode := range []struct {
			name string
			size int
		}{{"whole", len(text)}, {"4B", 4}} {
			deltas := benchdata.Deltas(text, mode.size)
			b.Run(f.Name()+"/"+mode.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					if n := benchdata.Calls(stream.New(f, weather, stream.StartOutsideReasoning()), deltas); n != 8 {
						b.Fatalf("%d calls, want 8", n)
					}
				}
			})
		}
	}
}

// BenchmarkLongValue reads one call whose value is 100 KB of text, in
// 4-byte deltas: the bytes of a value are read without a trace, so the
// stream hands them on in few Feeds.
func BenchmarkLongValue(b *testing.B) {
	text, err := minimaxm3.RenderCalls([]toolcall.Call{{Name: "write", Arguments: `{"content":` + quote(benchdata.Prose(100_000)) + `}`}})
	if err != nil {
		b.Fatal(err)
	}
	deltas := benchdata.Deltas(text, 4)
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if n := benchdata.Calls(stream.New(minimaxm3.Format, toolcall.Request{}, stream.StartOutsideReasoning()), deltas); n != 1 {
			b.Fatalf("%d calls, want 1", n)
		}
	}
}

// BenchmarkProse reads 100 KB of prose in 4-byte deltas: the prose path,
// which allocates nothing per Feed.
func BenchmarkProse(b *testing.B) {
	deltas := benchdata.Deltas(benchdata.Prose(100_000), 4)
	b.ReportAllocs()
	b.SetBytes(100_000)
	for b.Loop() {
		benchdata.Calls(stream.New(minimaxm3.Format, weather, stream.StartOutsideReasoning()), deltas)
	}
}

// TestProseFeedsAllocateNothing: a Feed of prose, or of reasoning, in
// steady state allocates nothing.
func TestProseFeedsAllocateNothing(t *testing.T) {
	if n := streamtest.ProseFeedAllocs(minimaxm3.Format, weather); n != 0 {
		t.Errorf("a prose Feed allocates %v times", n)
	}
	s := stream.New(minimaxm3.Format, weather, stream.StartInReasoning())
	s.Feed("Hmm")
	deltas := benchdata.Deltas(benchdata.Prose(4000), 4)
	i := 0
	if n := testing.AllocsPerRun(500, func() {
		s.Feed(deltas[i%len(deltas)])
		i++
	}); n != 0 {
		t.Errorf("a reasoning Feed allocates %v times", n)
	}
}
