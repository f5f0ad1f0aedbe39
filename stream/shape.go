package stream

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolparse/toolparse/toolcall"
)

// shaper applies the UTF-8 and whitespace rules to one kind of text (content or
// reasoning): a UTF-8 sequence split across chunks is joined before it goes
// on; whitespace at the very start is dropped, and a later run of whitespace
// waits until text follows it (then it goes out as it came, without a copy)
// or the response ends (then it is dropped).
type shaper struct {
	reasoning bool // the events it makes carry Reasoning, not Content
	started   bool
	space     []string
	partial   []byte
}

func (sh *shaper) event(text string) toolcall.Event {
	if sh.reasoning {
		return toolcall.Event{Reasoning: text}
	}
	return toolcall.Event{Content: text}
}

// add appends the events for the next chunk of text.
func (sh *shaper) add(out []toolcall.Event, text string) []toolcall.Event {
	if len(sh.partial) > 0 {
		need := utf8.UTFMax
		if r := sh.partial[0]; r < 0xE0 {
			need = 2
		} else if r < 0xF0 {
			need = 3
		}
		for len(sh.partial) < need && len(text) > 0 && !utf8.RuneStart(text[0]) {
			sh.partial = append(sh.partial, text[0])
			text = text[1:]
		}
		if len(sh.partial) < need && text == "" {
			return out
		}
		p := string(sh.partial)
		sh.partial = sh.partial[:0]
		out = sh.shape(out, p)
	}
	if text == "" {
		return out
	}
	if text[len(text)-1] < utf8.RuneSelf { // the common case: nothing to hold
		return sh.shape(out, text)
	}
	if n := incompleteSuffix(text); n > 0 {
		sh.partial = append(sh.partial, text[len(text)-n:]...)
		text = text[:len(text)-n]
	}
	return sh.shape(out, text)
}

// end appends what is left at the end of the response: split UTF-8 bytes
// go out as they are, held whitespace is dropped.
func (sh *shaper) end(out []toolcall.Event) []toolcall.Event {
	if len(sh.partial) > 0 {
		p := string(sh.partial)
		sh.partial = sh.partial[:0]
		out = sh.shape(out, p)
	}
	sh.space = sh.space[:0]
	return out
}

// incompleteSuffix returns the length of a UTF-8 sequence that text ends
// with and that more bytes could complete, or 0.
func incompleteSuffix(text string) int {
	for n := 1; n <= 3 && n <= len(text); n++ {
		c := text[len(text)-n]
		if !utf8.RuneStart(c) {
			continue
		}
		if c >= 0xC0 && !utf8.FullRuneInString(text[len(text)-n:]) {
			return n
		}
		return 0
	}
	return 0
}

// shape applies the whitespace rule to whole characters.
func (sh *shaper) shape(out []toolcall.Event, text string) []toolcall.Event {
	if text == "" {
		return out
	}
	if !sh.started {
		text = strings.TrimLeftFunc(text, unicode.IsSpace)
		if text == "" {
			return out
		}
		sh.started = true
	}
	body := text
	if c := text[len(text)-1]; c >= utf8.RuneSelf || asciiSpace[c] {
		body = strings.TrimRightFunc(text, unicode.IsSpace)
	}
	if body != "" {
		for _, sp := range sh.space {
			out = append(out, sh.event(sp))
		}
		sh.space = sh.space[:0]
		out = append(out, sh.event(body))
	}
	if len(body) < len(text) {
		sh.space = append(sh.space, text[len(body):])
	}
	return out
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
