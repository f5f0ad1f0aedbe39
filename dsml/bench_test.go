package dsml_test

import (
	"testing"

	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkEightCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: DSML's one block (V4.1's spelling)
// against Hermes's eight blocks, the yardstick. (The stream package's
// BenchmarkSmallCalls runs the same for every format.)
func BenchmarkEightCalls(b *testing.B) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}, {Name: "write_file"}}} // no schemas: the parse alone
	formatstest.BenchCalls(b, req, formatstest.WeatherCalls(), []formatstest.Writer{
		{Format: dsml.Format},
		{Format: hermes.Format},
	}, stream.StartOutsideReasoning())
}
