// Package block is the machine of formats whose calls sit between markers
// (LFM2's <|tool_call_start|> blocks, OLMo 3's <function_calls>, Qwen's
// <tool_call>, Llama 4's <|python_start|>). It knows no format: a format is
// a Format value, its markers in a table keyed by the format's own Token
// constants, its kinds of block (which marker closes one, how its body
// finds its end, which grammar reads it) and, where it has rules of its
// own, Hooks the machine runs at fixed points (the start of a response,
// after a block).
//
// The machine scans prose for the first byte of any marker, holds a
// partial marker until the next delta decides it, drops end-of-turn tokens
// and stray end markers, and holds a block from its start marker until its
// end: an end-of-turn token also ends an open block, and so does the end of
// the response. A block whose body reads as calls hands them on; one that
// does not is content, verbatim, markers included, with a diagnostic.
// Limits, diagnostics with offsets and the pending text are engine.Base's.
package block

import (
	"strings"

	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/pythonic"
)

// Body finds where a block's body ends, across deltas: at the first end
// marker outside string literals while the body's brackets stay consistent;
// once a closing bracket does not match, at the next end marker wherever it
// stands. The body is the pending item of an
// engine.Base, begun just after the start marker.
type Body struct {
	rec      pythonic.Recognizer
	ends     *marker.Set
	broken   bool
	matching bool
	at       int // where a possible end marker starts in the pending item
	// A value body (ScanValue) ends where its first JSON value closes: the
	// value starts at the first '{', or at a '[' that is the body's first
	// byte other than whitespace. head says it has not started; seen, that
	// the head holds more than whitespace.
	value, head, seen bool
	// headOK, when set, says which bytes a value body's head may hold, and
	// maxHead how many: past either, the body is rejected.
	headOK  func(byte) bool
	maxHead int
	// A tagged body (ScanTagged) holds values between an open and a close
	// tag, inside which no marker counts but the close tag: open is ends
	// and the open tag (at index openIdx), close the close tags.
	open, close *marker.Set
	openIdx     int
	inValue     bool
}

// Tagged makes the body, begun by Reset with ScanPlain, a tagged one.
func (b *Body) Tagged(open, close *marker.Set, openIdx int) {
	b.open, b.close, b.openIdx, b.inValue = open, close, openIdx, false
}

// Reset prepares b for a new body that ends at one of ends, as scan says.
func (b *Body) Reset(ends *marker.Set, maxDepth int, scan Scan) {
	b.rec.Reset(maxDepth)
	b.ends = ends
	b.broken = scan == ScanPlain || scan == ScanTagged
	b.matching = false
	b.value, b.head, b.seen = scan == ScanValue, scan == ScanValue, false
	b.open, b.close = nil, nil
	b.headOK, b.maxHead = nil, 0
}

// Head restricts the bytes of a value body's head, begun by Reset with
// ScanValue, to those ok accepts, at most max of them.
func (b *Body) Head(ok func(byte) bool, max int) { b.headOK, b.maxHead = ok, max }

// Outcome says what Scan found.
type Outcome uint8

const (
	More     Outcome = iota // the body goes on: all of s was read
	Ended                   // an end marker ends the body
	Limit                   // the body passed the pending-size limit
	Rejected                // a value body's head holds what it may not, at s[next]
)

// Scan reads s[i:] of the body held by base. For Ended, the body is the
// pending item's first n bytes, idx is the end marker and it ends at
// s[next] (idx is -1 when a value body's value closed at s[next]). For Limit, the body's first bytes through s[next] are as much
// as the limit allows. For More, next is len(s).
func (b *Body) Scan(base *engine.Base, s string, i int) (out Outcome, next, idx, n int) {
	lim := min(len(s), i+base.Room(s, i))
	for i < lim {
		if b.matching {
			set := b.ends
			switch {
			case b.inValue:
				set = b.close
			case b.open != nil:
				set = b.open
			}
			res, idx, mn, held := base.MatchAt(set, s, i, b.at)
			end := i + mn - held
			switch {
			case res == marker.Partial:
				return More, len(s), -1, 0
			case res == marker.Full && (b.inValue || b.open != nil && idx == b.openIdx):
				b.inValue = !b.inValue // a value opens or closes
				b.matching = false
				i = end
				continue
			case res == marker.Full:
				return Ended, end, idx, b.at
			}
			// The bytes that matched hold no quote or bracket: the string
			// and bracket state stands as it was.
			b.matching = false
			i = end
			continue
		}
		if b.head {
			j := i
			for ; j < lim; j++ {
				c := s[j]
				if c == '{' || c == '[' && !b.seen || c == '<' {
					break
				}
				if b.headOK != nil && (!b.headOK(c) || base.Len(s, j) >= b.maxHead) {
					return Rejected, j, -1, 0
				}
				b.seen = b.seen || !jsonvalue.IsSpace(c)
			}
			i = j
			if i == lim {
				break
			}
			if s[i] == '<' {
				b.matching, b.at = true, base.Len(s, i)
				continue
			}
			b.head = false
		}
		p := strings.IndexByte(s[i:lim], '<')
		if p < 0 {
			p = lim
		} else {
			p += i
		}
		for !b.broken && i < p {
			n, st := b.rec.Feed(s[i:p])
			i += n
			switch st {
			case pythonic.Closed:
				if b.value { // the value is the body
					return Ended, i, -1, base.Len(s, i)
				}
				b.rec.Reset(base.Limits.MaxDepth)
			case pythonic.Mismatch, pythonic.TooDeep:
				b.broken = true
			}
		}
		i = p
		if i == lim {
			break
		}
		if b.broken || b.rec.InCode() {
			b.matching, b.at = true, base.Len(s, i)
			continue
		}
		b.rec.Feed("<")
		i++
	}
	if i < len(s) {
		return Limit, i, -1, 0
	}
	return More, len(s), -1, 0
}
