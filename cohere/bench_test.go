package cohere_test

import (
	"fmt"
	"testing"

	"github.com/toolparse/toolparse/cohere"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// eightCalls are eight small get_weather calls, as each format's
// RenderCalls writes them.
func eightCalls(render func([]toolcall.Call) (string, error)) string {
	var calls []toolcall.Call
	for i := range 8 {
		calls = append(calls, toolcall.Call{Name: "get_weather", Arguments: fmt.Sprintf(`{"city": "City %d", "unit": "celsius", "days": %d}`, i, i+1)})
	}
	text, err := render(calls)
	if err != nil {
		panic(err)
	}
	return text
}

var benchReq = toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}

// Eight small calls, whole and in 4-byte deltas, against Hermes' eight
// <tool_call> blocks (the goal: at most 1.5 times Hermes' time).
func BenchmarkEightCalls(b *testing.B) {
	for _, f := range []struct {
		name   string
		format toolcall.Format
		render func([]toolcall.Call) (string, error)
	}{
		{"cohere", cohere.Format, cohere.RenderCalls},
		{"hermes", hermes.Format, hermes.RenderCalls},
	} {
		text := eightCalls(f.render)
		for _, size := range []int{len(text), 4} {
			name := f.name + "/whole"
			if size == 4 {
				name = f.name + "/4ByteDeltas"
			}
			ds := benchdata.Deltas(text, size)
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					if n := benchdata.Calls(stream.New(f.format, benchReq), ds); n != 8 {
						b.Fatalf("%d calls, want 8", n)
					}
				}
			})
		}
	}
}
