package apriel_test

import (
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkSmallCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: Apriel's one array (with the model's
// IDs) against Hermes's eight blocks, the yardstick.
func BenchmarkSmallCalls(b *testing.B) {
	eight := formatstest.WeatherCalls()
	for i := range eight {
		eight[i].ID = "c0ffee00" + string(rune('0'+i))
	}
	req := toolcall.Request{Tools: streamtest.Tools("get_weather", "write_file")} // no schemas: the parse alone
	formatstest.BenchCalls(b, req, eight, []formatstest.Writer{
		{Format: apriel.Format},
		{Format: hermes.Format},
	}, stream.StartOutsideReasoning())
}
