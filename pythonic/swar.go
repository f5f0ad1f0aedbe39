package pythonic

import "math/bits"

// Word-at-a-time scanning: long string literals (a 100 KB file written by
// write_file) are skipped and copied eight bytes per step, testing all eight
// at once for the few bytes that need attention. In each test below the
// lowest flagged byte is always a true match (a borrow only runs upwards
// from one), so its index comes straight from the lowest set bit.

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// load64 reads s[i:i+8] as a little-endian word; the compiler turns it into
// one load.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// hasByte flags the bytes of w that equal c.
func hasByte(w uint64, c byte) uint64 {
	x := w ^ (lsb * uint64(c))
	return (x - lsb) & ^x & msb
}

// jsonSpecial flags the bytes of w that a JSON string cannot hold as they
// are (control characters, '"', '\\') and those from 0x80 up.
func jsonSpecial(w uint64) uint64 {
	return (w-lsb*0x20)&^w&msb | hasByte(w, '"') | hasByte(w, '\\') | w&msb
}

// skipPlain returns the offset of the first byte at or after i that is q or
// a backslash, or len(s).
func skipPlain(s string, i int, q byte) int {
	for ; i+8 <= len(s); i += 8 {
		w := load64(s, i)
		if m := hasByte(w, q) | hasByte(w, '\\'); m != 0 {
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
// skipJSONPlain stops at.
func skipStringPlain(s string, i int, q byte) int {
	for ; i+8 <= len(s); i += 8 {
		w := load64(s, i)
		if m := jsonSpecial(w) | hasByte(w, q); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(s) && plain[s[i]] && s[i] != q {
		i++
	}
	return i
}

// skipJSONPlain returns the offset of the first byte at or after i that a
// JSON string cannot hold as it is (a quote, a backslash, a control
// character) or that starts a multi-byte sequence, or len(s).
func skipJSONPlain(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if m := jsonSpecial(load64(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for i < len(s) && plain[s[i]] {
		i++
	}
	return i
}
