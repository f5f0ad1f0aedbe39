package pylit

import "github.com/toolparse/toolparse/internal/jsonvalue"

// flatObjects turns flatObject on; tests turn it off to compare it with
// the byte machine.
var flatObjects = true

// flatObject reads, in one pass, a JSON object of the shape most call
// arguments have, when s[i] is its '{' and s holds it whole: string keys;
// values that are strings, integers, true, false, null, or objects and
// arrays of those, at most maxFlatDepth levels deep (and within the
// depth limit); strings of printable ASCII without escapes; JSON's blanks
// between tokens. It writes the object's compact JSON and moves r past it,
// as the byte machine would have (the value read whole, the top frame at
// its end), and returns where it ends. Anything else, or an object the
// delta cuts off, returns i and writes nothing: the byte machine reads it
// from its '{'.
//
// The byte machine agrees on every text this accepts: each string's
// closing quote is followed (after blanks) by ':', ',', '}' or ']', so the
// closing-quote rule closes it there; each number is a decimal integer
// with no leading zero, written as it is; the names are the literals it
// writes as themselves; no bracket opens past the depth limit.
func (r *Reader) flatObject(s string, i int) int {
	mark := len(r.out)
	out, end, ok := appendFlat(r.out, s, i, min(r.cfg.MaxDepth, maxFlatDepth))
	if !ok {
		r.out = out[:mark] // what was written goes; the buffer it grew stays
		return i
	}
	r.out = out
	r.off += end - i
	r.lastEnd, r.nl = r.off, false
	r.valueEnd()
	return end
}

// maxFlatDepth bounds how deep flatObject reads: deeper values are the
// byte machine's.
const maxFlatDepth = 4

// appendFlat appends the compact JSON of the object or array that starts
// at s[i], at most depth levels deep, and returns where it ends; or false,
// when it is not flat or s cuts it off.
func appendFlat(out []byte, s string, i, depth int) ([]byte, int, bool) {
	if depth < 1 {
		return out, i, false
	}
	open, closer := s[i], byte('}')
	if open == '[' {
		closer = ']'
	}
	out = append(out, open)
	j := skipBlanks(s, i+1)
	if j < len(s) && s[j] == closer {
		return append(out, closer), j + 1, true
	}
	for {
		if open == '{' { // a key
			k, ok := flatString(s, j)
			if !ok {
				return out, i, false
			}
			out = append(out, s[j:k]...)
			if j = skipBlanks(s, k); j == len(s) || s[j] != ':' {
				return out, i, false
			}
			out = append(out, ':')
			j = skipBlanks(s, j+1)
		}
		var ok bool
		if j < len(s) && (s[j] == '{' || s[j] == '[') {
			out, j, ok = appendFlat(out, s, j, depth-1)
		} else {
			var k int
			if k, ok = flatScalar(s, j); ok {
				out, j = append(out, s[j:k]...), k
			}
		}
		// What follows a value: blanks, then ',' or the closing bracket
		// (any other byte is the byte machine's to read).
		if j = skipBlanks(s, j); !ok || j == len(s) {
			return out, i, false
		}
		if s[j] == closer {
			return append(out, closer), j + 1, true
		}
		if s[j] != ',' {
			return out, i, false
		}
		out = append(out, ',')
		j = skipBlanks(s, j+1)
	}
}

// skipBlanks returns the offset of the first byte at or after i that is
// not one of JSON's blanks.
func skipBlanks(s string, i int) int {
	for i < len(s) && jsonvalue.IsSpace(s[i]) {
		i++
	}
	return i
}

// flatString returns where the string that starts at s[i] ends, when it
// is of printable ASCII without escapes.
func flatString(s string, i int) (int, bool) {
	if i == len(s) || s[i] != '"' {
		return i, false
	}
	k := jsonvalue.SkipPlain(s, i+1)
	if k == len(s) || s[k] != '"' {
		return i, false
	}
	return k + 1, true
}

// flatScalar returns where the value that starts at s[i] ends, when it is
// a flat string, a decimal integer without a leading zero, or one of the
// literals true, false and null. (The byte that follows decides whether
// it ends there; the caller checks it.)
func flatScalar(s string, i int) (int, bool) {
	if i == len(s) {
		return i, false
	}
	switch c := s[i]; {
	case c == '"':
		return flatString(s, i)
	case c == '-' || isDigit(c):
		k := i
		if c == '-' {
			k++
		}
		if k == len(s) || !isDigit(s[k]) || s[k] == '0' && k+1 < len(s) && isDigit(s[k+1]) {
			return i, false
		}
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		return k, true
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(s)-i >= len(lit) && s[i:i+len(lit)] == lit {
			return i + len(lit), true
		}
	}
	return i, false
}
