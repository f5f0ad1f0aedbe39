// Package utf8carry holds a UTF-8 character that a chunk of streamed text
// cut in two, until the next chunk completes it: the one carry of the
// module's text paths (prose shaping, whether a response has spoken yet,
// a text argument's JSON).
//
// A character is complete, or known never to be, as utf8.FullRune says:
// bytes that cannot continue it end it where they stand, and it goes on as
// it is (invalid UTF-8 is passed on verbatim, never lost).
package utf8carry

import "unicode/utf8"

// Carry is the start of a character a chunk ended in. The zero value holds
// nothing.
type Carry struct {
	b [utf8.UTFMax]byte
	n uint8 // at most UTFMax-1: a Carry is five bytes, kept in every decoder's state
}

// Len is the number of bytes held.
func (c *Carry) Len() int { return int(c.n) }

// Incomplete returns the length of the start of a character that text ends
// with and that more bytes could complete, or 0.
func Incomplete(text string) int {
	for n := 1; n <= utf8.UTFMax-1 && n <= len(text); n++ {
		if utf8.RuneStart(text[len(text)-n]) {
			if utf8.FullRuneInString(text[len(text)-n:]) {
				return 0
			}
			return n
		}
	}
	return 0
}

// Hold keeps the incomplete character text ends with (after what is held
// already, which it must continue) and returns the rest of text.
func (c *Carry) Hold(text string) string {
	k := Incomplete(text)
	c.n += uint8(copy(c.b[c.n:], text[len(text)-k:]))
	return text[:len(text)-k]
}

// Complete takes from the start of text the bytes that complete the held
// character. It returns the character (its bytes, valid until c is used
// again) and what follows it in text; done is false when text ended before
// the character did (all of text is held then). With nothing held, it
// returns no character and text.
func (c *Carry) Complete(text string) (char []byte, rest string, done bool) {
	if c.n == 0 {
		return nil, text, true
	}
	for c.n < utf8.UTFMax && !utf8.FullRune(c.b[:c.n]) && text != "" && !utf8.RuneStart(text[0]) {
		c.b[c.n] = text[0]
		c.n++
		text = text[1:]
	}
	if !utf8.FullRune(c.b[:c.n]) && text == "" {
		return nil, "", false
	}
	n := c.n
	c.n = 0
	return c.b[:n], text, true
}

// Flush returns what is held, the start of a character that never ended,
// and holds nothing after.
func (c *Carry) Flush() []byte {
	n := c.n
	c.n = 0
	return c.b[:n]
}
