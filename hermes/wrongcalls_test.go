package hermes_test

import (
	"testing"

	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Moved from the root package's wrongcalls_test.go: this format's cases
// of the wrong calls real models write.

// TestHermesReadsPastImEnd: Hermes 2 Theta writes call objects after
// <|im_start|>, past <|im_end|>: hermes keeps reading after it. Ling's
// <|role_end|> is consumed, never content.
func TestHermesReadsPastImEnd(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}, {Name: "g"}}}
	// (The first object, bare at the start of the response, is a call too:
	// Qwen2.5 writes its calls so.)
	res := stream.Parse(hermes.Format, `{"name": "f", "arguments": {}}<|im_end|><|im_start|>{"name": "g", "arguments": {}}`, req)
	if len(res.Calls) != 2 || res.Calls[0].Name != "f" || res.Calls[1].Name != "g" {
		t.Errorf("Hermes 2 Theta's calls: %+v", res)
	}
	res = stream.Parse(hermes.Format, "Hello.<|role_end|>", req)
	if res.Content != "Hello." {
		t.Errorf("<|role_end|>: content %q", res.Content)
	}
}
