package stream

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolparse/toolparse/internal/utf8carry"
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
	partial   utf8carry.Carry
}

func (sh *shaper) event(text string) toolcall.Event {
	if sh.reasoning {
		return toolcall.Event{Reasoning: text}
	}
	return toolcall.Event{Content: text}
}

// add appends the events for the next chunk of text.
func (sh *shaper) add(out []toolcall.Event, text string) []toolcall.Event {
	if sh.partial.Len() > 0 {
		char, rest, done := sh.partial.Complete(text)
		if !done {
			return out
		}
		out = sh.shape(out, string(char))
		text = rest
	}
	if text == "" {
		return out
	}
	if text[len(text)-1] < utf8.RuneSelf { // the common case: nothing to hold
		return sh.shape(out, text)
	}
	return sh.shape(out, sh.partial.Hold(text))
}

// end appends what is left at the end of the response: split UTF-8 bytes
// go out as they are, held whitespace is dropped.
func (sh *shaper) end(out []toolcall.Event) []toolcall.Event {
	if p := sh.partial.Flush(); len(p) > 0 {
		out = sh.shape(out, string(p))
	}
	sh.space = sh.space[:0]
	return out
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
