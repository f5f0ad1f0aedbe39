// Package prose tells a decoder whether a response has said anything yet:
// a call list that opens the response (after
// whitespace) name any tool, so decoders must know whether only whitespace
// came before, even when a delta splits a multi-byte space such as U+00A0.
package prose

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tracker records whether text other than whitespace has been seen. The
// zero value has seen nothing.
type Tracker struct {
	carry  [utf8.UTFMax]byte // the start of a character split by the last chunk
	ncarry int
	spoke  bool
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
	if t.ncarry > 0 {
		for len(text) > 0 && !utf8.FullRune(t.carry[:t.ncarry]) && !utf8.RuneStart(text[0]) {
			t.carry[t.ncarry] = text[0]
			t.ncarry++
			text = text[1:]
		}
		if !utf8.FullRune(t.carry[:t.ncarry]) && text == "" {
			return
		}
		r, _ := utf8.DecodeRune(t.carry[:t.ncarry])
		t.ncarry = 0
		if !unicode.IsSpace(r) {
			t.spoke = true
			return
		}
	}
	rest := strings.TrimLeftFunc(text, unicode.IsSpace)
	if rest == "" {
		return
	}
	if len(rest) < utf8.UTFMax && !utf8.FullRuneInString(rest) {
		t.ncarry = copy(t.carry[:], rest)
		return
	}
	t.spoke = true
}
