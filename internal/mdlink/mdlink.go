// Package mdlink recognises the rest of a Markdown inline link after the
// ']' of its text: [text](destination "title"). A decoder that read a
// call list, [f()], asks it whether the list was a link's text
// ([reset_database()](https://...)), which is prose.
//
// The tail is CommonMark's, as far as it decides: '(' at once after the
// ']', spaces or tabs, a destination (a run of bytes other than spaces and
// control bytes whose parentheses balance, where a backslash escapes the
// next byte; or <...> on one line; or nothing), then ')', or spaces, a
// title on one line ("...", '...' or (...)), spaces and ')'. Anything else
// is no link: a call list followed by "(a, b)" stays a call list. The tail
// is read one byte at a time, so it may wait across deltas, and at most
// MaxLen bytes of it.
package mdlink

import "github.com/toolparse/toolparse/internal/marker"

// MaxLen bounds the bytes a tail is read for: a longer destination is no
// link this package recognises.
const MaxLen = 2048

type phase uint8

const (
	pOpen  phase = iota // before the '('
	pLead               // spaces after the '('
	pDest               // in a plain destination
	pAngle              // in a destination in angle brackets
	pGap                // spaces after the destination
	pTitle              // in the title
	pEnd                // spaces after the title
)

// Tail reads the rest of a link after its text's ']'. The zero Tail is
// ready; Reset makes it so again.
type Tail struct {
	phase  phase
	depth  int  // unclosed '(' in a plain destination
	escape bool // the last byte was a backslash in a destination or title
	close  byte // the byte that closes the title
	n      int  // bytes read
}

// Reset readies t for the next tail.
func (t *Tail) Reset() { *t = Tail{} }

// Feed reads s, the next bytes after the ']'. Full: s[:n] completes a
// link's tail (its ')' is s[n-1]); the
// bracketed text before it was a link's. None: no link; s[n] is the byte
// that decided, not part of the tail. Partial: all of s fits a tail so
// far (n is len(s)).
func (t *Tail) Feed(s string) (res marker.Result, n int) {
	for i := 0; i < len(s); i++ {
		if t.n++; t.n > MaxLen {
			return marker.None, i
		}
		c := s[i]
		if t.escape { // a backslash's byte, in a destination or title
			t.escape = false
			continue
		}
		switch t.phase {
		case pOpen:
			if c != '(' {
				return marker.None, i
			}
			t.phase = pLead
		case pLead:
			switch {
			case c == ' ' || c == '\t':
			case c == '<':
				t.phase = pAngle
			case c == ')':
				return marker.Full, i + 1
			case control(c):
				return marker.None, i
			default:
				t.phase = pDest
				i-- // the destination's first byte
				t.n--
			}
		case pDest:
			switch {
			case c == '\\':
				t.escape = true
			case c == '(':
				t.depth++
			case c == ')' && t.depth == 0:
				return marker.Full, i + 1
			case c == ')':
				t.depth--
			case c == ' ' || c == '\t':
				if t.depth > 0 {
					return marker.None, i
				}
				t.phase = pGap
			case control(c):
				return marker.None, i
			}
		case pAngle:
			switch {
			case c == '\\':
				t.escape = true
			case c == '>':
				t.phase = pGap
			case c == '<' || c == '\n' || c == '\r':
				return marker.None, i
			}
		case pGap:
			switch c {
			case ' ', '\t':
			case ')':
				return marker.Full, i + 1
			case '"', '\'':
				t.phase, t.close = pTitle, c
			case '(':
				t.phase, t.close = pTitle, ')'
			default:
				return marker.None, i
			}
		case pTitle:
			switch {
			case c == '\\':
				t.escape = true
			case c == t.close:
				t.phase = pEnd
			case control(c) && c != '\t':
				return marker.None, i
			}
		case pEnd:
			switch c {
			case ' ', '\t':
			case ')':
				return marker.Full, i + 1
			default:
				return marker.None, i
			}
		}
	}
	return marker.Partial, len(s)
}

// control reports whether c is an ASCII control byte (a line's end too),
// which no destination holds.
func control(c byte) bool { return c < 0x20 || c == 0x7f }
