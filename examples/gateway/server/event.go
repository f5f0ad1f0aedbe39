package server

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

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
func readQuick(data string) (e quickEvent, ok bool) {
	r := quickReader{s: data}
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
	s string
	i int
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
	if r.i >= len(r.s) || r.s[r.i] != '"' {
		return -1, false
	}
	escaped := false
	for j := r.i + 1; j < len(r.s); j++ {
		switch c := r.s[j]; {
		case c == '\\':
			escaped = true
			j++
		case c == '"':
			return j + 1, escaped
		case c < 0x20:
			return -1, false
		}
	}
	return -1, false
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
	end, escaped := r.stringEnd()
	if end < 0 {
		return false
	}
	text := r.s[r.i+1 : end-1]
	if !utf8.ValidString(text) {
		return false // encoding/json would write U+FFFD for the bad bytes: it reads it
	}
	if escaped {
		var ok bool
		if text, ok = unescape(text); !ok {
			return false
		}
	}
	r.i = end
	*dst += text
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

// unescape reads the escapes of a JSON string's text: \" \\ \/ \b \f \n
// \r \t and \uXXXX (a surrogate pair is one character; a lone surrogate
// is U+FFFD, as encoding/json reads it).
func unescape(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		if i+1 >= len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '"', '\\', '/':
			b = append(b, s[i])
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(s, i+1)
			if !ok {
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if r2, ok := hex4(s, i+3); ok && i+2 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						r = d
						i += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", false
		}
	}
	return string(b), true
}

// hex4 reads four hex digits at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
