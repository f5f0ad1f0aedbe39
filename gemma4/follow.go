package gemma4

import (
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/internal/utf8carry"
)

// follower follows a call's body while it arrives, for argument streaming:
// the name is known at the '{' after call:NAME, and the arguments go out as
// JSON as they come, as readCall writes them: a key at its ':', a string's
// text as it comes (but for what may start its closing quote token, or a
// character cut in two), a bare value once the byte after it ends it.
// Anything readCall would refuse stops it; the call then comes whole (or
// not at all).
type follower struct {
	m      *block.Machine
	q      string
	st     fState
	text   []byte // the header, a key or a bare value so far; a string's pending text
	tail   []byte // in a string: the start of what may be its closing quote token
	stack  []byte // the open containers: '{' or '['
	first  bool   // the innermost container has no member yet
	inText bool   // a quoted key's or string's opening quote token was read
	key    string // the top-level key whose value is read, or ""
	name   string
	tool   *schemacore.Schema
	json   []byte
	dead   bool
}

type fState uint8

const (
	fHead     fState = iota // call:NAME, to '{'
	fMember                 // in a container: a key, a value, or its close
	fKey                    // a bare key, to ':'
	fQuoteKey               // a quoted key
	fColon                  // after a quoted key: ':'
	fValue                  // after ':': a value
	fString                 // a string's text
	fBare                   // a bare value, to ',', '}' or ']'
	fAfter                  // after a value: ',' or the container's close
	fDone                   // the arguments closed: only whitespace may follow
)

// maxFollowText bounds the text a follower keeps: a header, a key or a
// bare value longer than that stops it.
const maxFollowText = 1 << 10

func followGemma(m *block.Machine) block.Follower { return &follower{m: m, q: quoteText} }

func followFunctionGemma(m *block.Machine) block.Follower {
	return &follower{m: m, q: fgQuoteText}
}

func (f *follower) Call() (name, id string, args []byte, ok bool) {
	if f.dead || f.name == "" {
		return "", "", nil, false
	}
	return f.name, "", f.json, true
}

func (f *follower) Feed(s string) {
	for i := 0; i < len(s) && !f.dead; i++ {
		f.step(s[i])
	}
	if f.st == fString && f.inText && !f.dead {
		f.flush()
	}
}

// flush writes a string's pending text but for a character cut in two.
func (f *follower) flush() {
	n := utf8carry.Incomplete(string(f.text))
	f.json = jsonvalue.AppendChars(f.json, string(f.text[:len(f.text)-n]))
	f.text = append(f.text[:0], f.text[len(f.text)-n:]...)
}

func (f *follower) keep(c byte) {
	f.text = append(f.text, c)
	if len(f.text) > maxFollowText {
		f.dead = true
	}
}

func (f *follower) step(c byte) {
	switch f.st {
	case fHead:
		if c != '{' {
			f.keep(c)
			return
		}
		h := strings.TrimLeft(string(f.text), jsonvalue.Spaces)
		rest, ok := strings.CutPrefix(h, callPrefix)
		name := strings.TrimSpace(rest)
		if !ok || !validName(name) {
			f.dead = true
			return
		}
		f.name = name
		if k := f.m.Req.Match(name); k >= 0 {
			f.tool = schemacore.Of(f.m.Req, k)
		}
		f.open('{')
	case fMember, fValue, fAfter:
		f.member(c)
	case fKey:
		switch {
		case c == ':':
			f.setKey(strings.TrimSpace(string(f.text)))
		case keyStop[c]:
			f.dead = true
		default:
			f.keep(c)
		}
	case fQuoteKey, fString:
		f.quoted(c)
	case fColon:
		switch {
		case c == ':':
			f.setKey(string(f.text))
		case !jsonvalue.IsSpace(c):
			f.dead = true
		}
	case fBare:
		if !bareStop[c] {
			f.keep(c)
			return
		}
		f.bare()
		if !f.dead {
			f.st = fAfter
			f.member(c)
		}
	case fDone:
		if !jsonvalue.IsSpace(c) {
			f.dead = true
		}
	}
}

// open opens a container.
func (f *follower) open(c byte) {
	if len(f.stack) >= f.m.Limits.MaxDepth {
		f.dead = true
		return
	}
	f.stack = append(f.stack, c)
	f.json = append(f.json, c)
	f.first, f.st, f.text = true, fMember, f.text[:0]
}

// member reads a byte in a container where a member, a separator or the
// close may come.
func (f *follower) member(c byte) {
	if jsonvalue.IsSpace(c) {
		return
	}
	top := f.stack[len(f.stack)-1]
	closer := byte('}')
	if top == '[' {
		closer = ']'
	}
	switch {
	case c == closer && f.st != fValue:
		f.stack = f.stack[:len(f.stack)-1]
		f.json = append(f.json, c)
		f.first, f.st = false, fAfter
		if len(f.stack) == 0 {
			f.st = fDone
		}
		return
	case f.st == fAfter && c == ',':
		f.st = fMember
		return
	case f.st == fAfter:
		f.dead = true
		return
	}
	if c == '"' { // a JSON string: the call comes whole
		f.dead = true
		return
	}
	if top == '{' && f.st == fMember { // a key
		f.text = f.text[:0]
		if c == f.q[0] {
			f.st = fQuoteKey
			f.tail = append(f.tail[:0], c)
			return
		}
		if keyStop[c] {
			f.dead = true
			return
		}
		f.st = fKey
		f.keep(c)
		return
	}
	// a value: in an array, after a ',' or first; in an object, after ':'
	if top == '[' && !f.first {
		f.json = append(f.json, ',')
	}
	f.first = false
	switch {
	case c == '{' || c == '[':
		f.key = ""
		f.open(c)
	case c == f.q[0]:
		f.st = fString
		f.text = f.text[:0]
		f.tail = append(f.tail[:0], c)
	case bareStop[c]:
		f.dead = true
	default:
		f.st = fBare
		f.text = append(f.text[:0], c)
	}
}

// setKey writes a key read whole, with its ':'.
func (f *follower) setKey(key string) {
	if key == "" && f.st == fKey {
		f.dead = true
		return
	}
	if !f.first {
		f.json = append(f.json, ',')
	}
	f.first = false
	f.json = jsonvalue.AppendString(f.json, key)
	f.json = append(f.json, ':')
	f.key = ""
	if len(f.stack) == 1 {
		f.key = key
	}
	f.st, f.text = fValue, f.text[:0]
}

// quoted reads a byte of a quoted key or string, whose opening quote token
// is matched in f.tail until it is whole.
func (f *follower) quoted(c byte) {
	opening := !f.inText
	if len(f.tail) > 0 || c == '<' {
		f.tail = append(f.tail, c)
		switch {
		case string(f.tail) == f.q && opening:
			f.tail = f.tail[:0]
			f.inText = true
			if f.st == fString {
				f.json = append(f.json, '"')
			}
			return
		case string(f.tail) == f.q: // the closing quote
			f.tail = f.tail[:0]
			f.closeQuoted()
			return
		case strings.HasPrefix(f.q, string(f.tail)):
			return
		case opening:
			f.dead = true
			return
		}
		// not the quote: its bytes are text, but a '<' that may start it
		last := f.tail[len(f.tail)-1]
		f.text = append(f.text, f.tail[:len(f.tail)-1]...)
		f.tail = f.tail[:0]
		if last == '<' {
			f.tail = append(f.tail, last)
		} else {
			f.text = append(f.text, last)
		}
	} else {
		f.text = append(f.text, c)
	}
	if f.st == fQuoteKey && len(f.text) > maxFollowText {
		f.dead = true
	}
}

func (f *follower) closeQuoted() {
	f.inText = false
	switch f.st {
	case fQuoteKey:
		f.st = fColon
	case fString:
		f.json = jsonvalue.AppendChars(f.json, string(f.text))
		f.json = append(f.json, '"')
		f.st, f.text = fAfter, f.text[:0]
	}
}

// bare writes a bare value read whole, as argParser.bare does.
func (f *follower) bare() {
	text := strings.TrimSpace(string(f.text))
	f.text = f.text[:0]
	if text == "" {
		f.dead = true
		return
	}
	literal := text == "true" || text == "false" || text == "null" || jsonvalue.IsNumber(text)
	if literal && (f.key == "" || !stringOnly(f.tool.PropertyTypes(f.key))) {
		f.json = append(f.json, text...)
		return
	}
	f.json = jsonvalue.AppendString(f.json, text)
}
