package pylit

import "testing"

// StringEnd follows the closing-quote rule for one-quote and triple-quoted
// strings alike.
func TestStringEnd(t *testing.T) {
	for _, c := range []struct {
		src string
		end int
		ok  bool
	}{
		{`'abc'`, 5, true},
		{`''`, 2, true},
		{`'it's'`, 6, true},
		{`'it's' x`, 8, false},
		{`'a\'b', 1`, 6, true},
		{`'abc`, 4, false},
		{`'''a'b'''`, 9, true},
		{`'''a''' b'''`, 12, true},
		{`"""a""", x`, 7, true},
		{`"""a\"""" )`, 9, true},
		{`"""a`, 4, false},
		{`x`, 0, false},
		{`'a' 'b', x`, 7, true},
		{`'a''b''c'`, 9, true},
		{`'a' "b`, 6, false},
		{`'a' "b', x"`, 11, true},
		{`'say 'hi''`, 10, true},
	} {
		end, ok := StringEnd(c.src, 0)
		if end != c.end || ok != c.ok {
			t.Errorf("StringEnd(%q, 0) = %d, %v; want %d, %v", c.src, end, ok, c.end, c.ok)
		}
	}
}
