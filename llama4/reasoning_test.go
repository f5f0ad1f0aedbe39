package llama4_test

import (
	"testing"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestReasoning: llama4 has no think tags by default; the options turn
// them on. (Moved from the stream package's reasoning_test.go.)
func TestReasoning(t *testing.T) {
	g := toolcall.Call{Name: "g", Arguments: `{}`}
	tests := []struct {
		name      string
		doc       string
		opts      []stream.Option
		reasoning string
		content   string
		calls     []toolcall.Call
	}{
		{"llama4 has no think tags by default", "<think>x</think>hi", nil,
			"", "<think>x</think>hi", nil},
		{"WithThinkTags turns reasoning on", "<think>plan [f(a=1)]</think>[g()]", []stream.Option{stream.WithThinkTags("<think>", "</think>")},
			"plan [f(a=1)]", "", []toolcall.Call{g}},
		{"StartInReasoning without tags uses think tags", "mull</think>Done", []stream.Option{stream.StartInReasoning()},
			"mull", "Done", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			streamtest.ExpectReasoning(t, llama4.Format, toolcall.Request{}, tt.doc, tt.reasoning, tt.content, tt.calls, tt.opts...)
		})
	}
}
