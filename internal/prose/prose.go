// Package prose tells a decoder whether a response has said anything yet:
// a call list that opens the response (after
// whitespace) name any tool, so decoders must know whether only whitespace
// came before, even when a delta splits a multi-byte space such as U+00A0.
package prose

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolparse/toolparse/internal/utf8carry"
)

// Tracker records whether text other than whitespace has been seen. The
// zero value has seen nothing.
type Tracker struct {
	carry utf8carry.Carry // the start of a character split by the last chunk
	spoke bool
}

// Spoke reports whether a non-space character has been seen.
func (t *Tracker) Spoke() bool { return t.spoke }

// Say marks the response as having said something, as a call list does.
func (t *Tracker) Say() { t.spoke = true }

// Note records the next chunk of prose.
func (t *Tracker) Note(text string) {
	if t.spoke {
		return
	}
	if t.carry.Len() > 0 {
		char, rest, done := t.carry.Complete(text)
		if !done {
			return
		}
		if r, _ := utf8.DecodeRune(char); !unicode.IsSpace(r) {
			t.spoke = true
			return
		}
		text = rest
	}
	rest := strings.TrimLeftFunc(text, unicode.IsSpace)
	if rest == "" {
		return
	}
	if len(rest) < utf8.UTFMax && !utf8.FullRuneInString(rest) {
		t.carry.Hold(rest)
		return
	}
	t.spoke = true
}
