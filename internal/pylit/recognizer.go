package pylit

import "github.com/toolparse/toolparse/internal/jsonvalue"

// Status says where a candidate stands after the bytes a Recognizer has seen.
type Status int

const (
	Open     Status = iota // more bytes are needed
	Closed                 // the outermost bracket closed
	Mismatch               // a closing bracket does not match the open one
	TooDeep                // nesting passed the limit
)

var statusNames = [...]string{Open: "open", Closed: "closed", Mismatch: "mismatch", TooDeep: "too deep"}

// String returns the status's name.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(?)"
}

type recState uint8

const (
	inCode       recState = iota
	afterQuote            // an opening quote: is it a triple quote?
	afterQuotes           // two quotes: a triple quote or an empty string
	inString              // inside a one-line string
	inEscape              // after a backslash in a one-line string
	closeCheck            // after a quote that may close a one-line string
	adjacent              // after such a quote and another: an adjacent string literal?
	inTriple              // inside a triple-quoted string
	inTripleEsc           // after a backslash in a triple-quoted string
	tripleQuotes          // one or two quotes inside a triple-quoted string
	tripleCheck           // after three quotes that may close the string
)

// Recognizer finds where a candidate (a call list, a call, a JSON object)
// ends, one byte at a time, across any number of Feed calls: O(1) work per
// byte and memory bounded by the depth limit. It tracks brackets and strings
// with exactly the parser's rules, so the span it closes is the span the
// parser reads. Bytes before the first opening bracket are passed over.
type Recognizer struct {
	stack    []byte
	maxDepth int
	state    recState
	quote    byte
	adj      byte // the quote that may begin an adjacent string literal
	quotes   int  // quotes seen in a row inside a triple-quoted string
	blank    bool // blanks were skipped after three closing quotes, or after adj
}

// Reset prepares r for a new candidate with the given depth limit
// (toolcall.DefaultMaxDepth when 0 or less).
func (r *Recognizer) Reset(maxDepth int) {
	if maxDepth <= 0 {
		maxDepth = 256
	}
	*r = Recognizer{stack: r.stack[:0], maxDepth: maxDepth}
}

// Depth is the number of brackets open now.
func (r *Recognizer) Depth() int { return len(r.stack) }

// InCode reports whether the last byte fed left r outside any string.
func (r *Recognizer) InCode() bool { return r.state == inCode }

// Quiet reports, while r is inside a string, the bytes that may change
// what it decides (protocol.Quiet): the string's quote, and the backslash
// that keeps the byte after it from counting. ok is false elsewhere.
func (r *Recognizer) Quiet() (stop *[256]bool, esc byte, ok bool) {
	if r.state != inString && r.state != inTriple {
		return nil, 0, false
	}
	return stringStops(r.quote)
}

// Feed scans s. Unless the candidate is still Open, it stops at the byte that
// decided it and n counts the bytes up to and including that byte; for Open,
// n is len(s).
func (r *Recognizer) Feed(s string) (n int, st Status) {
	i := 0
	for i < len(s) {
		c := s[i]
		switch r.state {
		case inCode:
			switch c {
			case '(', '[', '{':
				if len(r.stack) >= r.maxDepth {
					return i + 1, TooDeep
				}
				r.stack = append(r.stack, c)
			case ')', ']', '}':
				top := len(r.stack) - 1
				if top < 0 || r.stack[top] != openerOf(c) {
					return i + 1, Mismatch
				}
				r.stack = r.stack[:top]
				if top == 0 {
					return i + 1, Closed
				}
			case '\'', '"':
				r.quote = c
				r.state = afterQuote
			}
			i++
		case afterQuote:
			if c == r.quote {
				r.state = afterQuotes
				i++
			} else {
				r.state = inString
			}
		case afterQuotes:
			if c == r.quote {
				r.state = inTriple
				i++
			} else {
				r.state = closeCheck // the second quote may close an empty string
			}
		case inString, inTriple:
			i = skipPlain(s, i, r.quote)
			for i+1 < len(s) && s[i] == '\\' { // an escape: skip it and the next run
				i = skipPlain(s, i+2, r.quote)
			}
			if i >= len(s) {
				i = len(s)
				break
			}
			switch {
			case s[i] == '\\' && r.state == inString:
				r.state = inEscape
			case s[i] == '\\':
				r.state = inTripleEsc
			case r.state == inString:
				r.state = closeCheck
			default:
				r.state = tripleQuotes
				r.quotes = 1
			}
			i++
		case inEscape:
			r.state = inString
			i++
		case inTripleEsc:
			r.state = inTriple
			i++
		case closeCheck:
			switch {
			case jsonvalue.IsSpace(c):
				i++
			case isCloser(c):
				r.state = inCode
			case c == '\'' || c == '"':
				r.state, r.adj, r.blank = adjacent, c, false
				i++
			default:
				r.state = inString
			}
		case adjacent:
			switch {
			case jsonvalue.IsSpace(c):
				r.blank = true
				i++
			case r.adj == r.quote && isCloser(c): // it closed the string: the quote before it was text
				r.state = inCode
			case r.blank: // an adjacent literal, and the blanks are its text
				r.quote, r.state = r.adj, inString
			default:
				r.quote, r.state = r.adj, afterQuote
			}
		case tripleQuotes:
			if c != r.quote {
				r.state = inTriple
				break
			}
			i++
			r.quotes++
			if r.quotes == 3 {
				r.state = tripleCheck
				r.blank = false
			}
		case tripleCheck:
			switch {
			case jsonvalue.IsSpace(c):
				r.blank = true
				i++
			case isCloser(c):
				r.state = inCode
			case c == r.quote && !r.blank: // the last three quotes may close
				i++
			default:
				r.state = inTriple
			}
		}
	}
	return i, Open
}

func openerOf(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}
