package kimik3

import (
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/internal/textargs"
)

// follower follows a call channel while it arrives, for argument
// streaming: the name is known at the call's <|sep|>; a text value's text
// goes out as it comes, but for what may start its <|close|>argument<|sep|>,
// and for a <|close|>argument<|sep|> until what follows shows that it ends
// the value (the next argument's tag for a fresh key; see valueEnd). Any
// other value (JSON, or text the schema may type) goes out whole once it
// ended, as readCall reads it. A json channel, or what readCall would not
// read as a call, stops it; the call then comes whole.
type follower struct {
	m    *block.Machine
	st   followState
	tag  []byte // a tag being read, or a value's text held from a '<'
	name string
	tool *schemacore.Schema
	json []byte         // the arguments so far
	keys []string       // the keys so far
	key  string         // the value's key
	typ  string         // the value's type attribute
	raw  []byte         // a value that goes out whole, so far
	text bool           // the value streams as text
	char textargs.Chars // a text value's text, as JSON
	ws   int            // fClosing: the whitespace after the close tag held
	dead bool
}

type followState uint8

const (
	fHeader  followState = iota // the call's header, to <|sep|>
	fBetween                    // before an argument's tag
	fTag                        // an argument's tag, to <|sep|>
	fValue                      // a value
	fClosing                    // after a <|close|>argument<|sep|>: what follows decides
)

func follow(m *block.Machine) block.Follower { return &follower{m: m} }

// maxRaw bounds a value the follower holds whole.
const maxRaw = 1 << 16

func (f *follower) Call() (name, id string, args []byte, ok bool) {
	if f.dead || f.name == "" {
		return "", "", nil, false
	}
	return f.name, "", f.json, true
}

func (f *follower) Feed(s string) {
	for i := 0; i < len(s) && !f.dead; {
		if f.st == fValue && len(f.tag) == 0 {
			j := strings.IndexByte(s[i:], '<')
			if j < 0 {
				f.add(s[i:])
				return
			}
			f.add(s[i : i+j])
			i += j
		}
		c := s[i]
		i++
		if f.st == fBetween && len(f.tag) == 0 && jsonvalue.IsSpace(c) {
			continue
		}
		if f.st == fClosing && len(f.tag) == len(argCloseText)+f.ws && jsonvalue.IsSpace(c) {
			f.ws++ // held: the close tag may still be text
		}
		f.tag = append(f.tag, c)
		if len(f.tag) > maxHeader+len(argOpenText)+len(argCloseText) {
			f.dead = true
			return
		}
		f.step()
	}
}

// add continues the value with text.
func (f *follower) add(text string) {
	if f.text {
		f.json = f.char.Append(f.json, text)
		return
	}
	if f.raw = append(f.raw, text...); len(f.raw) > maxRaw {
		f.dead = true
	}
}

// step reads what the byte just added to f.tag tells. What it keeps of
// the tag it copies: t is f.tag's bytes.
func (f *follower) step() {
	t := unsafe.String(unsafe.SliceData(f.tag), len(f.tag))
	switch f.st {
	case fHeader:
		if !strings.HasSuffix(t, sepText) {
			return
		}
		attrs, _, err := readHeader(t, 0)
		name := attrs.get("tool")
		if f.dead = err != nil || !textargs.ValidName(name); f.dead {
			return
		}
		f.name, f.st, f.tag = strings.Clone(name), fBetween, f.tag[:0]
		if k := f.m.Req.Match(name); k >= 0 {
			f.tool = schemacore.Of(f.m.Req, k)
		}
		f.json = append(f.json[:0], '{')
	case fBetween:
		switch {
		case t == argOpenText:
			f.st = fTag
		case !strings.HasPrefix(argOpenText, t):
			f.dead = true // a json channel, or text readCall refuses
		}
	case fTag:
		if strings.HasSuffix(t, sepText) {
			f.begin(t)
		}
	case fValue:
		switch {
		case t == argCloseText:
			f.st, f.ws = fClosing, 0
		case !strings.HasPrefix(argCloseText, t):
			f.add(t[:1]) // text; what follows may start the tag
			f.retake(1)
		}
	case fClosing: // t is <|close|>argument<|sep|>, whitespace, and what came after
		after := t[len(argCloseText)+f.ws:]
		switch {
		case after == "", strings.HasPrefix(argOpenText, after), strings.HasPrefix(callCloseText, after), strings.HasPrefix(messageCloseText, after):
			return // undecided, or the call's end, which the follower is not fed
		case strings.HasPrefix(after, argOpenText):
			if !strings.HasSuffix(after, sepText) {
				return // the tag goes on (the tag's bound bounds it)
			}
			if attrs, _, err := readHeader(after, len(argOpenText)); err == nil && f.fresh(attrs.get("key")) {
				f.end()
				f.begin(after)
				return
			}
		}
		// The close tag is text in the value.
		f.st = fValue
		f.add(argCloseText)
		f.retake(len(argCloseText))
	}
}

// retake feeds again what was held past its first n bytes, as the value's.
func (f *follower) retake(n int) {
	rest := string(f.tag[n:])
	f.tag = f.tag[:0]
	f.Feed(rest)
}

// fresh reports whether key may begin the next argument (valueEnd's rule).
func (f *follower) fresh(key string) bool {
	if key == "" || key == f.key {
		return false
	}
	for _, k := range f.keys {
		if k == key {
			return false
		}
	}
	return true
}

// begin starts the argument whose whole tag is t.
func (f *follower) begin(t string) {
	attrs, _, err := readHeader(t, len(argOpenText))
	key := attrs.get("key")
	if f.dead = err != nil || key == "" || len(f.keys) > maxFollowedKeys; f.dead {
		return
	}
	key = strings.Clone(key)
	f.key, f.typ, f.st, f.tag = key, strings.Clone(attrs.get("type")), fValue, f.tag[:0]
	f.keys = append(f.keys, key)
	if len(f.keys) > 1 {
		f.json = append(f.json, ',')
	}
	f.json = jsonvalue.AppendString(f.json, key)
	f.json = append(f.json, ':')
	f.text = isText(f.tool, key, f.typ) && !f.tool.TextTyped(key)
	f.raw = f.raw[:0]
	if f.text {
		f.json = append(f.json, '"')
	}
}

// end ends the value.
func (f *follower) end() {
	if f.text {
		f.json = f.char.End(f.json, false)
		f.json = append(f.json, '"')
		return
	}
	f.json, _ = appendValue(f.json, f.m, f.tool, f.key, f.typ, string(f.raw))
}

// maxFollowedKeys bounds the keys a followed call may have: past it (the
// check of a fresh key scans them), the call comes whole.
const maxFollowedKeys = 256
