package nemotronv2_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/nemotronv2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkEightCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: Nemotron Nano v2's one array against
// Hermes's eight blocks, the yardstick.
func BenchmarkEightCalls(b *testing.B) {
	req := toolcall.Request{Tools: streamtest.Tools("get_weather", "write_file")} // no schemas: the parse alone
	formatstest.BenchCalls(b, req, formatstest.WeatherCalls(), []formatstest.Writer{
		{Format: nemotronv2.Format},
		{Format: hermes.Format},
	}, stream.StartOutsideReasoning())
}
