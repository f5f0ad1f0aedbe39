package pylit

import (
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

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
//
// A reader that holds objects back (HoldObjects) keeps an object that s
// cuts off, flat so far, to read it whole with the bytes that follow
// (feedHeld).
func (r *Reader) flatObject(s string, i int) int {
	mark := len(r.out)
	out, end, ok, cut := appendFlat(r.out, s, i, min(r.cfg.MaxDepth, maxFlatDepth))
	if !ok {
		r.out = out[:mark] // what was written goes; the buffer it grew stays
		if cut && r.holdObjects && len(s)-i < maxHeld {
			r.heldObj = append(r.heldObj[:0], s[i:]...)
			r.holding = true
			return len(s)
		}
		return i
	}
	r.out = out
	r.off += end - i
	r.lastEnd, r.nl = r.off, false
	r.valueEnd()
	return end
}

// maxHeld bounds the bytes of an object a reader holds back (HoldObjects).
const maxHeld = 256

// feedHeld reads s after the start of an object held back: the object in
// one pass once it is whole, else held on while it is flat so far and
// short; else what was held and s with the byte machine. It returns how
// many bytes of s it read.
func (r *Reader) feedHeld(s string) int {
	before := len(r.heldObj)
	r.heldObj = append(r.heldObj, s...)
	text := unsafe.String(&r.heldObj[0], len(r.heldObj))
	mark := len(r.out)
	out, end, ok, cut := appendFlat(r.out, text, 0, min(r.cfg.MaxDepth, maxFlatDepth))
	if ok {
		r.holding = false
		r.out = out
		r.off += end
		r.lastEnd, r.nl = r.off, false
		r.valueEnd()
		n := end - before
		if n < len(s) && r.st == Open {
			n += r.Feed(s[n:])
		}
		return n
	}
	r.out = out[:mark]
	if cut && len(text) < maxHeld {
		return len(s)
	}
	return r.release(before)
}

// release reads what an object held back holds with the byte machine, of
// which the first before bytes came in earlier Feeds, and returns how many
// of the others it read: those bytes are flat so far, so it reads them all
// without a verdict (Open).
func (r *Reader) release(before int) int {
	r.holding = false
	hold := r.holdObjects
	r.holdObjects = false // what it reads now is not held back again
	n := r.Feed(unsafe.String(&r.heldObj[0], len(r.heldObj)))
	r.holdObjects = hold
	r.heldObj = r.heldObj[:0]
	return max(n-before, 0)
}

// flush reads an object held back, for a caller that asks what was read.
func (r *Reader) flush() {
	if r.holding {
		r.release(0)
	}
}

// maxFlatDepth bounds how deep flatObject reads: deeper values are the
// byte machine's.
const maxFlatDepth = 4

// appendFlat appends the compact JSON of the object or array that starts
// at s[i], at most depth levels deep, and returns where it ends; or false,
// when it is not flat or s cuts it off, and then cut says which: s ended
// while every byte of it had the shape so far.
func appendFlat(out []byte, s string, i, depth int) (_ []byte, end int, ok, cut bool) {
	if depth < 1 {
		return out, i, false, false
	}
	open, closer := s[i], byte('}')
	if open == '[' {
		closer = ']'
	}
	out = append(out, open)
	j := jsonvalue.SkipSpace(s, i+1)
	if j < len(s) && s[j] == closer {
		return append(out, closer), j + 1, true, false
	}
	for {
		if open == '{' { // a key
			k, ok, cut := flatString(s, j)
			if !ok {
				return out, i, false, cut
			}
			out = append(out, s[j:k]...)
			if j = jsonvalue.SkipSpace(s, k); j == len(s) || s[j] != ':' {
				return out, i, false, j == len(s)
			}
			out = append(out, ':')
			j = jsonvalue.SkipSpace(s, j+1)
		}
		if j < len(s) && (s[j] == '{' || s[j] == '[') {
			out, j, ok, cut = appendFlat(out, s, j, depth-1)
		} else {
			var k int
			if k, ok, cut = flatScalar(s, j); ok {
				out, j = append(out, s[j:k]...), k
			}
		}
		if !ok {
			return out, i, false, cut
		}
		// What follows a value: blanks, then ',' or the closing bracket
		// (any other byte is the byte machine's to read).
		if j = jsonvalue.SkipSpace(s, j); j == len(s) {
			return out, i, false, true
		}
		if s[j] == closer {
			return append(out, closer), j + 1, true, false
		}
		if s[j] != ',' {
			return out, i, false, false
		}
		out = append(out, ',')
		j = jsonvalue.SkipSpace(s, j+1)
	}
}

// flatString returns where the string that starts at s[i] ends, when it
// is of printable ASCII without escapes; cut when s ends first.
func flatString(s string, i int) (end int, ok, cut bool) {
	if i == len(s) {
		return i, false, true
	}
	if s[i] != '"' {
		return i, false, false
	}
	k := jsonvalue.SkipPlain(s, i+1)
	if k == len(s) || s[k] != '"' {
		return i, false, k == len(s)
	}
	return k + 1, true, false
}

// flatScalar returns where the value that starts at s[i] ends, when it is
// a flat string, a decimal integer without a leading zero, or one of the
// literals true, false and null; cut when s ends inside one. (The byte
// that follows decides whether it ends there; the caller checks it.)
func flatScalar(s string, i int) (end int, ok, cut bool) {
	if i == len(s) {
		return i, false, true
	}
	switch c := s[i]; {
	case c == '"':
		return flatString(s, i)
	case c == '-' || isDigit(c):
		k := i
		if c == '-' {
			k++
		}
		if k == len(s) {
			return i, false, true
		}
		if !isDigit(s[k]) || s[k] == '0' && k+1 < len(s) && isDigit(s[k+1]) {
			return i, false, false
		}
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		return k, true, false
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		switch n := len(s) - i; {
		case n >= len(lit) && s[i:i+len(lit)] == lit:
			return i + len(lit), true, false
		case n < len(lit) && s[i:] == lit[:n]:
			return i, false, true
		}
	}
	return i, false, false
}

// minFlatCallDepth is the least depth limit flatCall reads under: its
// values nest within it whatever the mode.
const minFlatCallDepth = 2 * maxFlatDepth

// maxFlatArgs bounds the keyword arguments flatCall reads (their names are
// compared with each other for repeats).
const maxFlatArgs = 16

// flatCall reads, in one pass, a call of a call list written as most are,
// when s[i] starts its name and s holds it whole: NAME(key=value, ...)
// with keyword arguments only, each given once, whose values are what
// flatObject reads (strings in single quotes too, of printable ASCII
// without a double quote; True, False and None too); names of the bytes
// names are made of, the call's name right before its '('. It adds the
// call's Element and moves r past its ')', as the byte machine would
// have, and returns where it ends. Anything else, or a call the delta cuts
// off, returns i and writes nothing: the byte machine reads it from its
// name.
func (r *Reader) flatCall(s string, i int) int {
	n := nameEnd(s, i)
	if n == i || n == len(s) || s[n] != '(' {
		return i
	}
	mark := len(r.out)
	out := append(r.out, '{')
	var keys [maxFlatArgs]string
	nkeys := 0
	j := jsonvalue.SkipSpace(s, n+1)
	for j < len(s) && s[j] != ')' { // an argument, then ',' and the next, or ')'
		k := nameEnd(s, j)
		if k == j || nkeys == maxFlatArgs {
			return r.failFlat(out, mark, i)
		}
		key := s[j:k]
		for _, seen := range keys[:nkeys] {
			if seen == key {
				return r.failFlat(out, mark, i)
			}
		}
		keys[nkeys] = key
		nkeys++
		if j = jsonvalue.SkipSpace(s, k); j == len(s) || s[j] != '=' {
			return r.failFlat(out, mark, i)
		}
		out = jsonvalue.AppendString(out, key)
		out = append(out, ':')
		var ok bool
		if out, j, ok = appendFlatArg(out, s, jsonvalue.SkipSpace(s, j+1)); !ok {
			return r.failFlat(out, mark, i)
		}
		if j = jsonvalue.SkipSpace(s, j); j == len(s) || s[j] == ')' {
			break
		}
		if s[j] != ',' {
			return r.failFlat(out, mark, i)
		}
		out = append(out, ',')
		if j = jsonvalue.SkipSpace(s, j+1); j < len(s) && s[j] == ')' { // a trailing comma: the byte machine's
			return r.failFlat(out, mark, i)
		}
	}
	if j == len(s) {
		return r.failFlat(out, mark, i)
	}
	// As closeCall ends a call: the arguments, the Element, the list
	// after an item.
	r.out = append(out, '}')
	r.text = append(r.text[:0], s[i:n]...)
	c := toolcall.Call{Name: r.nameText(), Arguments: r.argsString(mark)}
	r.out = r.out[:mark]
	start, end := r.off, r.off+j+1-i
	if r.elems == nil {
		r.elems = make([]Element, 0, 8) // room for a list's calls at once
	}
	r.elems = append(r.elems, Element{Start: start, End: end, Call: c})
	r.top().state = sAfter
	r.off = end
	r.lastEnd, r.nl = end, false
	return j + 1
}

// failFlat drops what flatCall wrote and returns i.
func (r *Reader) failFlat(out []byte, mark, i int) int {
	r.out = out[:mark]
	return i
}

// nameEnd returns the offset just past the name that starts at s[i] (or
// i): a byte that starts names, then bytes that names are made of.
func nameEnd(s string, i int) int {
	if i == len(s) || !IsNameStartByte(s[i]) {
		return i
	}
	k := i + 1
	for k < len(s) && IsNameByte(s[k]) {
		k++
	}
	return k
}

// appendFlatArg appends the JSON of the argument value that starts at
// s[i] and returns where it ends, when flatCall reads it.
func appendFlatArg(out []byte, s string, i int) ([]byte, int, bool) {
	if i == len(s) {
		return out, i, false
	}
	switch s[i] {
	case '{', '[':
		out, end, ok, _ := appendFlat(out, s, i, maxFlatDepth)
		return out, end, ok
	case '\'':
		k := skipStringPlain(s, i+1, '\'')
		if k == len(s) || s[k] != '\'' {
			return out, i, false
		}
		out = append(out, '"')
		out = append(out, s[i+1:k]...)
		return append(out, '"'), k + 1, true
	}
	for _, lit := range [...]struct{ py, json string }{{"True", "true"}, {"False", "false"}, {"None", "null"}} {
		if strings.HasPrefix(s[i:], lit.py) {
			return append(out, lit.json...), i + len(lit.py), true
		}
	}
	k, ok, _ := flatScalar(s, i)
	if !ok {
		return out, i, false
	}
	return append(out, s[i:k]...), k, true
}
