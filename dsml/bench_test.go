package dsml_test

import (
	"testing"

	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkEightCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: DSML's one block (V4.1's spelling)
// against Hermes's eight blocks, the yardstick. (The stream package's
// BenchmarkSmallCalls runs the same for every format.)
func BenchmarkEightCalls(b *testing.B) {
	var eight []toolcall.Call
	for _, city := range []string{"Paris", "Tokyo", "Lima", "Oslo", "Cairo", "Quito", "Hanoi", "Perth"} {
		eight = append(eight, toolcall.Call{Name: "get_weather", Arguments: `{"city":"` + city + `","unit":"celsius"}`})
	}
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}, {Name: "write_file"}}} // no schemas: the parse alone
	for _, f := range []struct {
		format toolcall.Format
		render func([]toolcall.Call) (string, error)
	}{{dsml.Format, dsml.RenderCalls}, {hermes.Format, hermes.RenderCalls}} {
		text, err := f.render(eight)
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range []int{len(text), 4} {
			mode := "whole"
			if n == 4 {
				mode = "4B"
			}
			b.Run(f.format.Name()+"/"+mode, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					s := stream.New(f.format, req, stream.StartOutsideReasoning())
					calls := 0
					for i := 0; i < len(text); i += n {
						for _, e := range s.Feed(text[i:min(i+n, len(text))]) {
							if e.Call != nil {
								calls++
							}
						}
					}
					for _, e := range s.Close() {
						if e.Call != nil {
							calls++
						}
					}
					if calls != len(eight) {
						b.Fatalf("%d calls", calls)
					}
				}
			})
		}
	}
}
