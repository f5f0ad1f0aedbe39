package formatstest

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// CheckLimitKeepsTheOpeningMarker: a block that a start marker opened by
// ending the block before it (whose end marker was missing), and that
// then passes the size limit, goes out as content with that start
// marker: nothing is lost. first is a call block without its end marker,
// next the start marker that ends it and opens the next.
func CheckLimitKeepsTheOpeningMarker(t *testing.T, f toolcall.Format, first, next string) {
	t.Helper()
	long := strings.Repeat("x", 200)
	// Compare checks that these deltas give what the whole text gives.
	res := streamtest.Compare(t, f, toolcall.Request{}, []string{first, next, long}, stream.WithLimits(toolcall.Limits{MaxPending: 64}))
	if !strings.HasSuffix(res.Content, next+long) || len(res.Diagnostics) == 0 || res.Diagnostics[0].Kind != toolcall.KindLimit {
		t.Errorf("%s: content %q, diagnostics %v; want the content to end %q…, and a limit", f.Name(), res.Content, res.Diagnostics, next)
	}
}
