package block_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// A block that a start marker opened by ending the block before it (whose
// end marker was missing), and that then passes the size limit, goes out
// as content with that start marker: nothing is lost.
func TestLimitKeepsTheMarkerThatOpenedTheBlock(t *testing.T) {
	long := strings.Repeat("x", 200)
	for _, c := range []struct {
		f           toolcall.Format
		first, next string
	}{
		{hermes.Format, `<tool_call>{"name": "f", "arguments": {}}`, "<tool_call>"},
		{qwen3coder.Format, "<tool_call>\n<function=f>\n</function>\n", "<tool_call>"},
		{deepseek.Format, "<｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{}\n```", "<｜tool▁call▁begin｜>"},
		{harmony.Format, `<|channel|>commentary to=functions.f<|message|>{}`, "<|channel|>"},
	} {
		// Compare checks that these deltas give what the whole text gives.
		res := streamtest.Compare(t, c.f, toolcall.Request{}, []string{c.first, c.next, long}, stream.WithLimits(toolcall.Limits{MaxPending: 64}))
		if !strings.HasSuffix(res.Content, c.next+long) || len(res.Diagnostics) == 0 || res.Diagnostics[0].Kind != toolcall.KindLimit {
			t.Errorf("%s: content %q, diagnostics %v; want the content to end %q…, and a limit", c.f.Name(), res.Content, res.Diagnostics, c.next)
		}
	}
}
