package llama4_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Moved from the stream package's untrusted_test.go.

// A response that provokes a diagnostic per call keeps at most the limit,
// and says that it dropped the rest.
func TestDiagnosticsAreBounded(t *testing.T) {
	text := strings.Repeat("[get_weather(city='a'), book(x=1)] ", 5000)
	res := stream.Parse(llama4.Format, text, toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}, {Name: "book"}}})
	if n := len(res.Diagnostics); n != toolcall.DefaultMaxDiagnostics+1 {
		t.Fatalf("%d diagnostics, want %d", n, toolcall.DefaultMaxDiagnostics+1)
	}
	if last := res.Diagnostics[len(res.Diagnostics)-1]; last.Kind != toolcall.KindLimit {
		t.Errorf("the last diagnostic is %+v, want one of kind limit", last)
	}
	res = stream.Parse(llama4.Format, text, toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}, {Name: "book"}}}, stream.WithLimits(toolcall.Limits{MaxDiagnostics: 10}))
	if n := len(res.Diagnostics); n != 11 {
		t.Errorf("%d diagnostics with a limit of 10", n)
	}
}
