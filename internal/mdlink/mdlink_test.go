package mdlink

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/marker"
)

// TestTail: what follows a ']' is a link's tail or not, and where that is
// decided, whole and fed one byte at a time.
func TestTail(t *testing.T) {
	for _, tt := range []struct {
		s   string
		res marker.Result
		n   int
	}{
		{"(https://example.com/docs/reset) for details.", marker.Full, 32},
		{"(https://en.wikipedia.org/wiki/Foo_(bar)) x", marker.Full, 41},
		{"(<a b.html>) x", marker.Full, 12},
		{"() x", marker.Full, 2},
		{"( https://x.y ) x", marker.Full, 15},
		{`(https://x.y "Title") x`, marker.Full, 21},
		{`(https://x.y 'T \' i') x`, marker.Full, 22},
		{`(https://x.y (T)  ) x`, marker.Full, 19},
		{`(https://x.y "T" x)`, marker.None, 17},
		{`(x\)y) z`, marker.Full, 6},
		{"(a, b)", marker.None, 4},
		{" (https://x.y)", marker.None, 0},
		{"\n(https://x.y)", marker.None, 0},
		{"(https://x\ny)", marker.None, 10},
		{"(a (b) c)", marker.None, 7},
		{"(<a\nb>)", marker.None, 3},
		{"(https://x.y", marker.Partial, 12},
		{"(" + strings.Repeat("a", MaxLen) + ")", marker.None, MaxLen},
	} {
		var tl Tail
		res, n := tl.Feed(tt.s)
		if res != tt.res || n != tt.n {
			t.Errorf("%q: %v %d, want %v %d", tt.s, res, n, tt.res, tt.n)
		}
		tl.Reset()
		res, n = marker.Partial, 0
		for i := 0; i < len(tt.s) && res == marker.Partial; i++ {
			var k int
			res, k = tl.Feed(tt.s[i : i+1])
			n = i + k
		}
		if res != tt.res || n != tt.n {
			t.Errorf("%q byte by byte: %v %d, want %v %d", tt.s, res, n, tt.res, tt.n)
		}
	}
}
