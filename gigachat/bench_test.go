package gigachat_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// BenchmarkSmallCalls parses eight small calls as each format writes
// them, whole and in 4-byte deltas: GigaChat 3.1's and 3's against
// Hermes's eight blocks, the yardstick.
func BenchmarkSmallCalls(b *testing.B) {
	req := toolcall.Request{Tools: streamtest.Tools("get_weather", "write_file")} // no schemas: the parse alone
	formatstest.BenchCalls(b, req, formatstest.WeatherCalls(), []formatstest.Writer{
		{Name: "gigachat3.1", Format: gigachat.Format},
		{Name: "gigachat3", Format: gigachat.Format, Render: gigachat.RenderCalls3},
		{Format: hermes.Format},
	})
}
