package cohere_test

import (
	"fmt"
	"testing"

	"github.com/toolparse/toolparse/cohere"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/toolcall"
)

// Eight small calls, whole and in 4-byte deltas, against Hermes' eight
// <tool_call> blocks (the goal: at most 1.5 times Hermes' time).
func BenchmarkEightCalls(b *testing.B) {
	var calls []toolcall.Call
	for i := range 8 {
		calls = append(calls, toolcall.Call{Name: "get_weather", Arguments: fmt.Sprintf(`{"city": "City %d", "unit": "celsius", "days": %d}`, i, i+1)})
	}
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "get_weather"}}}
	formatstest.BenchCalls(b, req, calls, []formatstest.Writer{
		{Format: cohere.Format},
		{Format: hermes.Format},
	})
}
