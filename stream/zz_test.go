package stream_test

import (
	"testing"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

func TestZZ(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}
	f, _ := toolcall.Lookup("apertus")
	text := tinyCalls(f, 1<<20)
	for range 3 {
		stream.Parse(f, text, req)
	}
}
