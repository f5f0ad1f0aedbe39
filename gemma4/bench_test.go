package gemma4_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/gemma4"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// eightCalls are eight small calls in each format: the same names and
// arguments (a string, an integer, a boolean).
func eightCalls(f toolcall.Format) string {
	var b strings.Builder
	for range 8 {
		if f == hermes.Format {
			b.WriteString("<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\", \"days\": 3, \"metric\": true}}\n</tool_call>\n")
		} else {
			b.WriteString(`<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3,metric:true}<tool_call|>`)
		}
	}
	return b.String()
}

// BenchmarkEightCalls reads eight small calls whole and in 4-byte deltas,
// with hermes's for comparison (go test -bench EightCalls ./gemma4).
func BenchmarkEightCalls(b *testing.B) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}
	for _, f := range []toolcall.Format{gemma4.Format, hermes.Format} {
		text := eightCalls(f)
		for _, size := range []int{len(text), 4} {
			name := f.Name() + "/whole"
			if size == 4 {
				name = f.Name() + "/4-byte"
			}
			ds := benchdata.Deltas(text, size)
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					if n := benchdata.Calls(stream.New(f, req), ds); n != 8 {
						b.Fatalf("%d calls, want 8", n)
					}
				}
			})
		}
	}
}
