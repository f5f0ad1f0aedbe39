package pylit

import (
	"math"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// sameInJSON marks the escape letters whose backslash escape means the same
// character in JSON as in Python, so the two bytes can be copied as they are.
var sameInJSON = [256]bool{'n': true, 'r': true, 't': true, 'b': true, 'f': true, '"': true, '\\': true}

// appendRune appends a code point decoded from an escape. Surrogates, which
// UTF-8 cannot hold, are written as JSON escapes so that a pair written as
// two \u escapes in the source still forms one character.
func appendRune(dst []byte, r rune) []byte {
	if r < utf8.RuneSelf {
		if jsonvalue.Plain[r] {
			return append(dst, byte(r))
		}
		return jsonvalue.AppendEscapedByte(dst, byte(r))
	}
	if 0xD800 <= r && r < 0xE000 {
		return append(dst, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
	}
	if r == '\u2028' || r == '\u2029' {
		return append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
	}
	return utf8.AppendRune(dst, r)
}

// appendStringAt decodes the Python string literal whose prefix or opening
// quote is at src[start] and appends it as a JSON string. It finds the end
// with the closing-quote rule while it decodes, so a literal is read once;
// or, when closeAt >= 0, the string ends with the quote at src[closeAt] and
// every quote before it is text. A literal adjacent to a one-line string
// joins it, as StringEnd says ('a' 'b' is "ab"). With jsonEscapes, \/ is
// '/'. ok is false when the string does not close.
func appendStringAt(dst []byte, src string, start, closeAt int, jsonEscapes bool) (out []byte, end int, ok bool) {
	raw := false
	i := start
	for src[i] != '\'' && src[i] != '"' {
		raw = raw || src[i]|0x20 == 'r'
		i++
	}
	q := src[i]
	triple := i+2 < len(src) && src[i+1] == q && src[i+2] == q
	if triple {
		i += 3
	} else {
		i++
	}
	mark := len(dst)
	dst = append(dst, '"')
	run := i // start of the bytes not yet copied
	for {
		i = skipStringPlain(src, i, q)
		if i >= len(src) {
			return dst[:mark], len(src), false
		}
		c := src[i]
		if c == '\\' && !raw && i+1 < len(src) && sameInJSON[src[i+1]] {
			i += 2 // \n, \t, \" and the like mean in JSON what they mean in Python
			continue
		}
		dst = append(dst, src[run:i]...)
		switch {
		case c == q:
			switch {
			case closeAt >= 0:
				if !triple && i == closeAt || triple && i == closeAt-2 {
					return append(dst, '"'), closeAt + 1, true
				}
			case !triple && quoteCloses(src, i+1):
				return append(dst, '"'), i + 1, true
			case triple && i+2 < len(src) && src[i+1] == q && src[i+2] == q && quoteCloses(src, i+3):
				return append(dst, '"'), i + 3, true
			case !triple:
				if k, ok := adjacentAt(src, i+1, q); ok { // the literal at k goes on with the string
					var width int
					q, raw = src[k], false
					i, width = literalBody(src, k)
					triple = width == 3
					run = i
					continue
				}
			}
			dst = appendEscapedOrPlain(dst, c)
			i++
		case c == '\\' && raw:
			// A backslash keeps the next character from closing the string,
			// and both stay.
			dst = append(dst, '\\', '\\')
			i++
			if i < len(src) && (src[i] == q || src[i] == '\\') {
				dst = appendEscapedOrPlain(dst, src[i])
				i++
			}
		case c == '\\' && jsonEscapes && i+1 < len(src) && src[i+1] == '/':
			dst = append(dst, '/')
			i += 2
		case c == '\\':
			var rest string
			dst, rest = appendEscape(dst, src[i+1:])
			i = len(src) - len(rest)
		case c < utf8.RuneSelf:
			dst = jsonvalue.AppendEscapedByte(dst, c)
			i++
		default:
			i += jsonvalue.AppendRuneAt(&dst, src, i)
		}
		run = i
	}
}

func appendEscapedOrPlain(dst []byte, c byte) []byte {
	if jsonvalue.Plain[c] {
		return append(dst, c)
	}
	return jsonvalue.AppendEscapedByte(dst, c)
}

// appendEscape decodes the escape whose backslash preceded rest, appends its
// value and returns the text after the escape.
func appendEscape(dst []byte, rest string) ([]byte, string) {
	if rest == "" {
		return append(dst, '\\', '\\'), rest
	}
	c := rest[0]
	if n := newlineLen(rest, 0); n > 0 { // a backslash before a newline joins the lines
		return dst, rest[n:]
	}
	var r rune = -1
	n := 1
	switch c {
	case '\\', '\'', '"':
		r = rune(c)
	case 'a':
		r = 7
	case 'b':
		r = '\b'
	case 'f':
		r = '\f'
	case 'n':
		r = '\n'
	case 'r':
		r = '\r'
	case 't':
		r = '\t'
	case 'v':
		r = '\v'
	case 'x':
		r, n = hexEscape(rest, 2)
	case 'u':
		r, n = hexEscape(rest, 4)
	case 'U':
		r, n = hexEscape(rest, 8)
		if r > utf8.MaxRune {
			r = -1
		}
	default:
		if '0' <= c && c <= '7' {
			r, n = 0, 0
			for n < 3 && n < len(rest) && '0' <= rest[n] && rest[n] <= '7' {
				r = r*8 + rune(rest[n]-'0')
				n++
			}
		}
	}
	if r < 0 { // unknown or malformed escape: keep the backslash, as Python does
		return append(dst, '\\', '\\'), rest
	}
	return appendRune(dst, r), rest[n:]
}

// hexEscape reads the n hex digits after the escape letter at s[0]. It
// returns -1 when they are not all there.
func hexEscape(s string, n int) (rune, int) {
	if len(s) < 1+n {
		return -1, 0
	}
	var r rune
	for i := 1; i <= n; i++ {
		c := s[i]
		var d byte
		switch {
		case isDigit(c):
			d = c - '0'
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			d = c | 0x20 - 'a' + 10
		default:
			return -1, 0
		}
		r = r<<4 | rune(d)
	}
	return r, 1 + n
}

// appendNumber appends a Python number literal (with an optional sign) as
// JSON. Integers keep every digit; an integer with leading zeros and floats
// outside float64's range become strings, so every argument decodes.
func appendNumber(dst []byte, sign string, tok Token, lit string) []byte {
	digits := lit
	if strings.IndexByte(lit, '_') >= 0 {
		digits = strings.ReplaceAll(lit, "_", "")
	}
	if tok == INT {
		if len(digits) > 1 && digits[0] == '0' {
			if isBasePrefix(digits[1]) {
				return appendBasedInt(dst, sign, digits)
			}
			return jsonvalue.AppendString(dst, sign+lit)
		}
		dst = append(dst, sign...)
		return append(dst, digits...)
	}
	f, err := strconv.ParseFloat(digits, 64)
	if err != nil && math.IsInf(f, 0) {
		return jsonvalue.AppendString(dst, sign+lit)
	}
	dst = append(dst, sign...)
	return appendFloatText(dst, digits)
}

// appendBasedInt appends a 0x, 0o or 0b integer in decimal, exactly.
func appendBasedInt(dst []byte, sign, digits string) []byte {
	base := 16
	switch digits[1] | 0x20 {
	case 'o':
		base = 8
	case 'b':
		base = 2
	}
	dst = append(dst, sign...)
	if u, err := strconv.ParseUint(digits[2:], base, 64); err == nil {
		return strconv.AppendUint(dst, u, 10)
	}
	var z big.Int
	z.SetString(digits[2:], base)
	return z.Append(dst, 10)
}

// appendFloatText rewrites a Python float literal as a JSON number with the
// same digits: no leading zeros, a digit on both sides of the point.
func appendFloatText(dst []byte, s string) []byte {
	mant, exp := s, ""
	if k := strings.IndexAny(s, "eE"); k >= 0 {
		mant, exp = s[:k], s[k:]
	}
	intPart, frac, hasPoint := strings.Cut(mant, ".")
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	dst = append(dst, intPart...)
	if hasPoint {
		if frac == "" {
			frac = "0"
		}
		dst = append(dst, '.')
		dst = append(dst, frac...)
	}
	return append(dst, exp...)
}
