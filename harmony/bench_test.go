package harmony_test

import (
	"strconv"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

func BenchmarkHarmony(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		args := `{"path":"src/handler.py","content":` + strconv.Quote(benchdata.PythonSource(n)) + "}"
		text, _ := harmony.RenderCalls([]toolcall.Call{{Name: "write_file", Arguments: args}})
		text = "<|channel|>analysis<|message|>" + benchdata.Prose(1000) + "<|end|><|start|>assistant" + text
		name := strconv.Itoa(n/1000) + "KBCall"
		b.Run(name+"/whole", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				if res := stream.Parse(harmony.Format, text, toolcall.Request{}); len(res.Calls) != 1 {
					b.Fatal(res)
				}
			}
		})
		b.Run(name+"/4ByteDeltas", func(b *testing.B) {
			formatstest.BenchDeltas(b, harmony.Format, toolcall.Request{}, text)
		})
	}
}

func TestProseFeedDoesNotAllocate(t *testing.T) {
	streamtest.CheckProseFeed(t, harmony.Format, toolcall.Request{})
}
