package stream_test

import (
	"strconv"
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

func BenchmarkDbgChunks(b *testing.B) {
	text := `[write_file(path="a", content=` + strconv.Quote(benchdata.PythonSource(100_000)) + `)]`
	for _, n := range []int{40, 1 << 10, 16 << 10, 1 << 20} {
		ds := benchdata.Deltas(text, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				benchdata.Calls(stream.New(pythonic.Format, toolcall.Request{}), ds)
			}
		})
	}
}
