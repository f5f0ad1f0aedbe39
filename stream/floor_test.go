package stream_test

import (
	"strconv"
	"testing"

	"github.com/toolparse/toolparse/internal/benchdata"
	"github.com/toolparse/toolparse/internal/protocol"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

type nopFormat struct{}

func (nopFormat) Name() string                                  { return "nop" }
func (nopFormat) NewDecoder(*toolcall.Request) toolcall.Decoder { return nopDecoder{} }

type nopDecoder struct{}

func (nopDecoder) Feed(dst []toolcall.Event, s string) []toolcall.Event { return dst }
func (nopDecoder) Close(dst []toolcall.Event) []toolcall.Event          { return dst }

// keepAllFormat's decoders say every byte is quiet: the stream keeps
// every delta, and hands them on only when a buffer is full.
type keepAllFormat struct{}

func (keepAllFormat) Name() string                                  { return "keep-all" }
func (keepAllFormat) NewDecoder(*toolcall.Request) toolcall.Decoder { return new(keepAllDecoder) }

type keepAllDecoder struct{ quiet *protocol.Quiet }

var noStop [256]bool

func (d *keepAllDecoder) Feed(dst []toolcall.Event, s string) []toolcall.Event {
	*d.quiet = protocol.Quiet{Room: 1 << 30, Stop: &noStop}
	return dst
}
func (d *keepAllDecoder) Close(dst []toolcall.Event) []toolcall.Event { return dst }
func (d *keepAllDecoder) Configure(c protocol.Config)                 { d.quiet = c.Quiet }
func (d *keepAllDecoder) Diagnostics() []toolcall.Diagnostic          { return nil }
func (d *keepAllDecoder) CallOffset(int) int                          { return -1 }
func (d *keepAllDecoder) InCandidate() bool                           { return true }

// The floor of streaming a 100 KB call in 4-byte deltas: the Feeds alone,
// through a stream whose decoder does nothing, and through one that keeps
// every delta for its decoder (the least a Feed costs); the pythonic Reader alone,
// fed the deltas and fed the whole text; the whole stream
// (BenchmarkStreamWriteFile100KB4ByteDeltas in pythonic); and the stream
// fed 16 KiB deltas, which is what its decoder sees of the 4-byte ones
// once the stream keeps the quiet ones (protocol.Quiet).
func BenchmarkStreamFloor(b *testing.B) {
	text := `[write_file(path="a", content=` + strconv.Quote(benchdata.PythonSource(100_000)) + `)]`
	ds := benchdata.Deltas(text, 4)
	for _, f := range []toolcall.Format{nopFormat{}, keepAllFormat{}} {
		b.Run(f.Name()+"-decoder", func(b *testing.B) {
			for b.Loop() {
				s := stream.New(f, toolcall.Request{})
				for _, d := range ds {
					s.Feed(d)
				}
				s.Close()
			}
		})
	}
	b.Run("reader-alone", func(b *testing.B) {
		for b.Loop() {
			var r pythonic.Reader
			r.Reset(pythonic.Parser{}, pythonic.GoalList)
			for _, d := range ds {
				r.Feed(d)
			}
			r.Close()
		}
	})
	b.Run("parse-whole", func(b *testing.B) {
		for b.Loop() {
			stream.Parse(pythonic.Format, text, toolcall.Request{})
		}
	})
	b.Run("stream-4B", func(b *testing.B) {
		for b.Loop() {
			benchdata.Calls(stream.New(pythonic.Format, toolcall.Request{}), ds)
		}
	})
	b.Run("stream-16KiB", func(b *testing.B) {
		ds := benchdata.Deltas(text, 16<<10)
		for b.Loop() {
			benchdata.Calls(stream.New(pythonic.Format, toolcall.Request{}), ds)
		}
	})
	b.Run("reader-whole", func(b *testing.B) {
		for b.Loop() {
			var r pythonic.Reader
			r.Reset(pythonic.Parser{}, pythonic.GoalList)
			r.Feed(text)
			r.Close()
		}
	})
}
