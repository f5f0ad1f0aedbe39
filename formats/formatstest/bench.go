package formatstest

import (
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Writer is a format and one way it writes calls: what BenchCalls reads.
type Writer struct {
	// Name names the writer's sub-benchmarks; the format's name when empty.
	Name string
	// Format reads what Render writes.
	Format toolcall.Format
	// Render writes calls; the format's RenderCalls when nil.
	Render func([]toolcall.Call) (string, error)
}

// WeatherCalls returns eight small get_weather calls, one a city, with
// no IDs: the calls the benchmarks of small calls render.
func WeatherCalls() []toolcall.Call {
	var calls []toolcall.Call
	for _, city := range []string{"Paris", "Tokyo", "Lima", "Oslo", "Cairo", "Quito", "Hanoi", "Perth"} {
		calls = append(calls, toolcall.Call{Name: "get_weather", Arguments: `{"city":"` + city + `","unit":"celsius"}`})
	}
	return calls
}

// BenchCalls runs a sub-benchmark NAME/whole and one NAME/4B for each
// writer: what the writer writes for calls, read with req and opts in one
// delta and in 4-byte deltas, bytes and allocations reported; a read that
// gives other than len(calls) calls fails.
func BenchCalls(b *testing.B, req toolcall.Request, calls []toolcall.Call, writers []Writer, opts ...stream.Option) {
	b.Helper()
	for _, w := range writers {
		render, name := w.Render, w.Name
		if render == nil {
			render = w.Format.(toolcall.Renderer).RenderCalls
		}
		if name == "" {
			name = w.Format.Name()
		}
		text, err := render(calls)
		if err != nil {
			b.Fatal(err)
		}
		for _, mode := range []struct {
			name string
			size int
		}{{"whole", len(text)}, {"4B", 4}} {
			deltas := benchdata.Deltas(text, mode.size)
			b.Run(name+"/"+mode.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					if n := benchdata.Calls(stream.New(w.Format, req, opts...), deltas); n != len(calls) {
						b.Fatalf("%d calls, want %d", n, len(calls))
					}
				}
			})
		}
	}
}

// BenchWeatherCalls is BenchCalls on calls (WeatherCalls, say) read with
// a request that offers get_weather and write_file without schemas, the
// parse alone: in f's syntax and, to compare with, in yardstick's.
func BenchWeatherCalls(b *testing.B, calls []toolcall.Call, f, yardstick toolcall.Format, opts ...stream.Option) {
	b.Helper()
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}, {Name: "write_file"}}}
	BenchCalls(b, req, calls, []Writer{{Format: f}, {Format: yardstick}}, opts...)
}

// BenchDeltas reads text with f, req and opts in 4-byte deltas, bytes
// and allocations reported: with prose for text, the prose path, which
// allocates nothing per Feed.
func BenchDeltas(b *testing.B, f toolcall.Format, req toolcall.Request, text string, opts ...stream.Option) {
	b.Helper()
	deltas := benchdata.Deltas(text, 4)
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		benchdata.Calls(stream.New(f, req, opts...), deltas)
	}
}
