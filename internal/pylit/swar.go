package pylit

import (
	"math/bits"

	"github.com/toolparse/toolparse/internal/jsonvalue"
)

// Word-at-a-time scanning of string literals, with jsonvalue's helpers:
// long strings are skipped and copied eight bytes per step.

// skipPlain returns the offset of the first byte at or after i that is q or
// a backslash, or len(s).
func skipPlain(s string, i int, q byte) int {
	for ; i+8 <= len(s); i += 8 {
		w := jsonvalue.Load64(s, i)
		if m := jsonvalue.HasByte(w, q) | jsonvalue.HasByte(w, '\\'); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(s) && s[i] != q && s[i] != '\\' {
		i++
	}
	return i
}

// skipStringPlain returns the offset of the first byte at or after i that
// ends a run of a string literal's text: the quote q, or a byte
// jsonvalue.SkipPlain stops at.
func skipStringPlain(s string, i int, q byte) int {
	for ; i+8 <= len(s); i += 8 {
		w := jsonvalue.Load64(s, i)
		if m := jsonvalue.Special(w) | jsonvalue.HasByte(w, q); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(s) && jsonvalue.Plain[s[i]] && s[i] != q {
		i++
	}
	return i
}
