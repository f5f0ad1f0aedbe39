package harmony_test

import (
	"testing"

	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// Moved from the root package's wrongcalls_test.go: this format's cases
// of the wrong calls real models write.

// TestHarmonyStopsAtCall: after a call's <|call|>, gpt-oss stops; a
// further call message is a parallel call, but anything else (a tool's
// result the model made up, a final message) ends the response.
func TestHarmonyStopsAtCall(t *testing.T) {
	req := toolcall.Request{Tools: streamtest.Tools("f", "g")}
	callF := "<|channel|>commentary to=functions.f <|constrain|>json<|message|>{\"a\":1}<|call|>"
	for _, tt := range []struct {
		after string
		calls int
	}{
		{"<|start|>assistant<|channel|>commentary to=functions.g <|constrain|>json<|message|>{}<|call|>", 2},
		{"<|start|>functions.f to=assistant<|channel|>commentary<|message|>\"sunny\"<|end|><|start|>assistant<|channel|>final<|message|>It is sunny.", 1},
		{"<|start|>assistant<|channel|>final<|message|>Done.", 1},
		{"stray text", 1},
	} {
		res := stream.Parse(harmony.Format, callF+tt.after, req)
		if len(res.Calls) != tt.calls || res.Content != "" {
			t.Errorf("%q: calls %+v, content %q; want %d calls and no content", tt.after, res.Calls, res.Content, tt.calls)
		}
		streamtest.Compare(t, harmony.Format, req, streamtest.SeededSplit(callF+tt.after, 3))
	}
}
