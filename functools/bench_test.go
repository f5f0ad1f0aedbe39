package functools_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkSmallCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: one functools array against Hermes's
// eight blocks, the yardstick.
func BenchmarkSmallCalls(b *testing.B) {
	req := toolcall.Request{Tools: streamtest.Tools("get_weather", "write_file")} // no schemas: the parse alone
	formatstest.BenchCalls(b, req, formatstest.WeatherCalls(), []formatstest.Writer{
		{Format: functools.Format},
		{Format: hermes.Format},
	})
}
