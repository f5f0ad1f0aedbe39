package stream_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// eightCalls renders eight small get_weather calls in f's syntax (about
// 1 KB in most formats), as a model answering eight cities writes them.
func eightCalls(f toolcall.Format) string {
	var calls []toolcall.Call
	for i, city := range []string{"Paris", "Tokyo", "Lima", "Oslo", "Cairo", "Quito", "Hanoi", "Perth"} {
		calls = append(calls, toolcall.Call{ID: "call" + strconv.Itoa(i), Name: "get_weather", Arguments: `{"city":"` + city + `","unit":"celsius"}`})
	}
	text, err := f.(toolcall.Renderer).RenderCalls(calls)
	if err != nil {
		panic(err)
	}
	return text
}

// longCall renders one 100 KB write_file call in f's syntax.
func longCall(f toolcall.Format) string {
	args := `{"path":"a.py","content":` + strconv.Quote(benchdata.PythonSource(100_000)) + `}`
	text, err := f.(toolcall.Renderer).RenderCalls([]toolcall.Call{{ID: "call0", Name: "write_file", Arguments: args}})
	if err != nil {
		panic(err)
	}
	return text
}

var smallTools = toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}, {Name: "write_file"}}}

func parseIn(f toolcall.Format, text string, n int) {
	s := stream.New(f, smallTools)
	for i := 0; i < len(text); i += n {
		s.Feed(text[i:min(i+n, len(text))])
	}
	s.Close()
}

// BenchmarkSmallCalls parses eight small calls in every format, whole and
// in 4-byte deltas: the fixed cost of a call (the target is at most 100
// allocations for the eight).
func BenchmarkSmallCalls(b *testing.B) {
	for _, f := range hostileFormats {
		text := eightCalls(f)
		for _, mode := range []struct {
			name string
			n    int
		}{{"whole", len(text)}, {"4B", 4}} {
			b.Run(f.Name()+"/"+mode.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					parseIn(f, text, mode.n)
				}
			})
		}
	}
}

// BenchmarkPerDelta reports, for a 100 KB call and for eight small calls in
// every format, what each 4-byte delta costs above parsing the whole text
// at once: the price of streaming, per Feed. Each iteration parses the
// text both ways. ns/delta compares their means, which count the garbage
// collector's work for what the deltas allocate (on a small heap, as in a
// benchmark, it runs often); ns/delta-fastest compares the fastest
// iteration of each, which the collector and the machine disturb least.
func BenchmarkPerDelta(b *testing.B) {
	for _, f := range hostileFormats {
		for _, doc := range []struct {
			name string
			text string
		}{{"long", longCall(f)}, {"small", eightCalls(f)}} {
			b.Run(f.Name()+"/"+doc.name, func(b *testing.B) {
				var whole, deltas time.Duration
				fastWhole, fastDeltas := time.Duration(1<<62), time.Duration(1<<62)
				for b.Loop() {
					start := time.Now()
					parseIn(f, doc.text, len(doc.text))
					mid := time.Now()
					parseIn(f, doc.text, 4)
					w, d := mid.Sub(start), time.Since(mid)
					whole, deltas = whole+w, deltas+d
					fastWhole, fastDeltas = min(fastWhole, w), min(fastDeltas, d)
				}
				n := float64((len(doc.text) + 3) / 4)
				b.ReportMetric(float64((deltas-whole).Nanoseconds())/n/float64(b.N), "ns/delta")
				b.ReportMetric(float64((fastDeltas-fastWhole).Nanoseconds())/n, "ns/delta-fastest")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// The eight calls are what the benchmark says they are.
func TestEightCallsParse(t *testing.T) {
	for _, f := range hostileFormats {
		res := stream.Parse(f, eightCalls(f), smallTools)
		if len(res.Calls) != 8 || res.Calls[7].Arguments != `{"city":"Perth","unit":"celsius"}` {
			t.Errorf("%s: %d calls %v", f.Name(), len(res.Calls), res.Calls)
		}
		if res := stream.Parse(f, longCall(f), smallTools); len(res.Calls) != 1 || !strings.Contains(res.Calls[0].Arguments, "def ") {
			t.Errorf("%s: the long call gives %d calls", f.Name(), len(res.Calls))
		}
	}
}

// A stream gives its decoder back at Close for later streams to reuse:
// what it handed on (events, calls, diagnostics) stays as it was while
// later responses run through the same decoders.
func TestRecycledDecodersLeaveResultsAlone(t *testing.T) {
	type snapshot struct {
		content, reasoning string
		calls              []toolcall.Call
		diags              []toolcall.Diagnostic
	}
	take := func(evs []toolcall.Event, s *stream.Stream) snapshot {
		var sn snapshot
		for _, e := range evs {
			sn.content += e.Content
			sn.reasoning += e.Reasoning
			if e.Call != nil {
				sn.calls = append(sn.calls, *e.Call)
			}
		}
		sn.diags = append(sn.diags, s.Diagnostics()...)
		return sn
	}
	for _, f := range hostileFormats {
		text := "Sure. " + eightCalls(f) + " <think>x"
		type kept struct {
			evs  []toolcall.Event
			s    *stream.Stream
			want snapshot
		}
		var all []kept
		for _, n := range []int{len(text), 4, 7, -4} {
			var opts []stream.Option
			if n < 0 { // with argument streaming (its deltas are valid until the next Feed: not compared)
				n, opts = -n, []stream.Option{stream.WithArgumentStreaming()}
			}
			s := stream.New(f, smallTools, opts...)
			var evs []toolcall.Event
			for i := 0; i < len(text); i += n {
				evs = append(evs, s.Feed(text[i:min(i+n, len(text))])...)
			}
			evs = append(evs, s.Close()...)
			all = append(all, kept{evs, s, take(evs, s)})
		}
		for range 20 { // later responses, through the same decoders
			parseIn(f, longCall(f)[:3000], 5)
			parseIn(f, eightCalls(f), 3)
			s := stream.New(f, smallTools, stream.WithArgumentStreaming())
			for i := 0; i < len(text); i += 3 {
				s.Feed(text[i:min(i+3, len(text))])
			}
			s.Close()
		}
		for k, a := range all {
			if got := take(a.evs, a.s); fmt.Sprint(got) != fmt.Sprint(a.want) {
				t.Errorf("%s #%d: after later streams\n%v\nwas\n%v", f.Name(), k, got, a.want)
			}
		}
	}
}
