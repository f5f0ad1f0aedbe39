package server

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/toolparse/toolparse/internal/jsonvalue"
)

// quickEvent is what the gateway reads of the usual upstream event, read
// without reflection: the text of its choices (a completion's text, a chat
// delta's content) and reasoning (a chat delta's reasoning_content or
// reasoning), in order, and the last finish reason.
type quickEvent struct {
	text, reasoning string
	finish          string
}

// readQuick reads data as quickEvent does; ok is false for an event it
// does not read (usage, an error, tool calls, llama.cpp's native fields,
// anything unexpected), which the full decoder then reads.
//
// An escaped string's text is written in scratch, which may grow: e's
// strings are valid until scratch is written again (the caller copies
// what it keeps).
func readQuick(data string, scratch *[]byte) (e quickEvent, ok bool) {
	*scratch = (*scratch)[:0]
	r := quickReader{s: data, scratch: scratch}
	ok = r.object(func(key string) bool {
		switch key {
		case "choices":
			return r.array(func() bool { return r.object(func(key string) bool { return r.choice(key, &e) }) })
		case "usage":
			return r.null()
		case "id", "object", "created", "model", "system_fingerprint":
			return r.skip()
		}
		return false
	})
	return e, ok && jsonvalue.SkipSpace(r.s, r.i) == len(r.s)
}

// choice reads one member of a choice.
func (r *quickReader) choice(key string, e *quickEvent) bool {
	switch key {
	case "text":
		return r.appendString(&e.text)
	case "finish_reason":
		if r.null() {
			return true
		}
		e.finish = ""
		return r.appendString(&e.finish)
	case "delta":
		return r.object(func(key string) bool {
			switch key {
			case "content":
				return r.null() || r.appendString(&e.text)
			case "reasoning_content", "reasoning":
				return r.null() || r.appendString(&e.reasoning)
			case "role":
				return r.skip()
			case "tool_calls":
				return r.null() || r.emptyArray()
			}
			return false
		})
	case "index", "logprobs", "stop_reason", "matched_stop":
		return r.skip()
	}
	return false
}

// quickReader reads JSON text in place.
type quickReader struct {
	s       string
	i       int
	scratch *[]byte // where escaped strings are unquoted
}

func (r *quickReader) space() { r.i = jsonvalue.SkipSpace(r.s, r.i) }

func (r *quickReader) eat(c byte) bool {
	r.space()
	if r.i < len(r.s) && r.s[r.i] == c {
		r.i++
		return true
	}
	return false
}

// object reads an object, calling member after each key (with the reader
// at its value).
func (r *quickReader) object(member func(key string) bool) bool {
	if !r.eat('{') {
		return false
	}
	if r.eat('}') {
		return true
	}
	for {
		key, ok := r.plainString()
		if !ok || !r.eat(':') || !member(key) {
			return false
		}
		if r.eat('}') {
			return true
		}
		if !r.eat(',') {
			return false
		}
	}
}

// array reads an array, calling item at each item.
func (r *quickReader) array(item func() bool) bool {
	if !r.eat('[') {
		return false
	}
	if r.eat(']') {
		return true
	}
	for {
		if !item() {
			return false
		}
		if r.eat(']') {
			return true
		}
		if !r.eat(',') {
			return false
		}
	}
}

func (r *quickReader) emptyArray() bool { return r.eat('[') && r.eat(']') }

func (r *quickReader) null() bool {
	r.space()
	if strings.HasPrefix(r.s[r.i:], "null") {
		r.i += 4
		return true
	}
	return false
}

// stringEnd returns where the string at r.i ends (after its quote) and
// whether it holds an escape, or -1.
func (r *quickReader) stringEnd() (int, bool) {
	r.space()
	return jsonvalue.StringEnd(r.s, r.i)
}

// plainString reads a string without escapes (a key), in place.
func (r *quickReader) plainString() (string, bool) {
	end, escaped := r.stringEnd()
	if end < 0 || escaped {
		return "", false
	}
	s := r.s[r.i+1 : end-1]
	r.i = end
	return s, true
}

// appendString reads a string and appends its text to dst.
func (r *quickReader) appendString(dst *string) bool {
	end, _ := r.stringEnd()
	if end < 0 {
		return false
	}
	if !utf8.ValidString(r.s[r.i:end]) {
		return false // encoding/json would write U+FFFD for the bad bytes: it reads it
	}
	n := len(*r.scratch)
	b, ok := jsonvalue.AppendUnquote(*r.scratch, r.s[r.i:end])
	if !ok {
		return false
	}
	r.i = end
	// Strings are appended, never written over: text stays as it is
	// while the event is read.
	*r.scratch = b
	*dst += unsafe.String(unsafe.SliceData(b[n:]), len(b)-n) // "" + text is text: no copy
	return true
}

// skip steps over a scalar value (a number, a string, true, false, null);
// anything else is not read.
func (r *quickReader) skip() bool {
	r.space()
	if r.i >= len(r.s) {
		return false
	}
	if r.s[r.i] == '"' {
		end, _ := r.stringEnd()
		if end < 0 {
			return false
		}
		r.i = end
		return true
	}
	j := r.i
	for j < len(r.s) && strings.IndexByte(",}] \t\r\n", r.s[j]) < 0 {
		j++
	}
	switch tok := r.s[r.i:j]; {
	case tok == "true", tok == "false", tok == "null", jsonvalue.IsNumber(tok):
		r.i = j
		return true
	}
	return false
}
