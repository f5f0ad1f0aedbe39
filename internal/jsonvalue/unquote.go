package jsonvalue

import (
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// StringEnd returns where the JSON string whose opening quote is s[i]
// ends, just past its closing quote, and whether it holds an escape; -1
// when s[i] is no quote, the string does not close, or it holds a control
// character.
func StringEnd(s string, i int) (end int, escaped bool) {
	if i >= len(s) || s[i] != '"' {
		return -1, false
	}
	for j := i + 1; j < len(s); j++ {
		switch c := s[j]; {
		case c == '\\':
			escaped = true
			j++
		case c == '"':
			return j + 1, escaped
		case c < 0x20:
			return -1, false
		}
	}
	return -1, false
}

// Unquote returns the text of the JSON string lit (its quotes included),
// with encoding/json's reading of it where it holds an escape: \" \\ \/ \b
// \f \n \r \t and \uXXXX (a surrogate pair is one character, a lone
// surrogate U+FFFD), and bytes that are not UTF-8 read as U+FFFD. Without
// an escape the text is lit's own bytes, as Decode reads it. Not a JSON
// string: ok is false.
func Unquote(lit string) (text string, ok bool) {
	end, escaped := StringEnd(lit, 0)
	if end != len(lit) {
		return "", false
	}
	if !escaped {
		return lit[1 : len(lit)-1], true
	}
	b, ok := appendUnescaped(make([]byte, 0, len(lit)-2), lit[1:len(lit)-1])
	if !ok || len(b) == 0 {
		return "", ok
	}
	return unsafe.String(&b[0], len(b)), true // b is ours: one allocation
}

// AppendUnquote appends the text of the JSON string lit to dst, as Unquote
// reads it: without an allocation of its own where dst has room.
func AppendUnquote(dst []byte, lit string) ([]byte, bool) {
	end, escaped := StringEnd(lit, 0)
	if end != len(lit) {
		return dst, false
	}
	if !escaped {
		return append(dst, lit[1:len(lit)-1]...), true
	}
	n := len(dst)
	b, ok := appendUnescaped(dst, lit[1:len(lit)-1])
	if !ok {
		return b[:n], false
	}
	return b, true
}

// appendUnescaped appends s, a JSON string's text between its quotes in
// which StringEnd found an escape, to b with its escapes read.
func appendUnescaped(b []byte, s string) ([]byte, bool) {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			b = utf8.AppendRune(b, r) // U+FFFD for a byte that is not UTF-8
			i += size
			continue
		case c != '\\':
			b = append(b, c)
			i++
			continue
		}
		i++ // StringEnd saw a byte after every backslash
		switch e := s[i]; e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(s, i+1)
			if !ok {
				return b, false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				r2, ok := hex4(s, i+3)
				if d := utf16.DecodeRune(r, r2); ok && s[i+1] == '\\' && s[i+2] == 'u' && d != utf8.RuneError {
					r = d
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			return b, false
		}
		i++
	}
	return b, true
}

// hex4 reads four hex digits at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i < 0 || i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
