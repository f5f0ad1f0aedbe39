package glm45

import (
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/textargs"
)

// follower follows a <tool_call> block while it arrives, for argument
// streaming: the name is known at the first <arg_key>, and each value's
// text goes out as it comes, but for what may start its </arg_value>, and
// for a </arg_value> until what follows it shows that it ends the value
// (whitespace and an <arg_key>K</arg_key> for a fresh K; see valueEnd). A
// repeated key, or a value the schema may make null, stops it; the call
// then comes whole.
type follower struct {
	m    *block.Machine
	st   followState
	text []byte // the name or a key so far, or a tag being read
	name string
	w    textargs.Writer
	dead bool
}

type followState uint8

const (
	fName    followState = iota // the name, to <arg_key>
	fKey                        // a key, to </arg_key>
	fBetween                    // after a key: <arg_value>
	fValue                      // a value, to </arg_value>
	fClosing                    // after a </arg_value>: whitespace, then <arg_key>K</arg_key>, or text
	fAfter                      // after a value: <arg_key>
)

const maxText = 256

func follow(m *block.Machine) block.Follower { return &follower{m: m} }

func (f *follower) Call() (name, id string, args []byte, ok bool) {
	if f.dead || f.name == "" {
		return "", "", nil, false
	}
	return f.name, "", f.w.JSON, true
}

func (f *follower) Feed(s string) {
	for i := 0; i < len(s) && !f.dead; {
		if f.st == fValue && len(f.text) == 0 {
			j := strings.IndexByte(s[i:], '<')
			if j < 0 {
				f.w.Text(s[i:])
				return
			}
			f.w.Text(s[i : i+j])
			i += j
		}
		c := s[i]
		i++
		if (f.st == fBetween || f.st == fAfter) && len(f.text) == 0 && jsonvalue.IsSpace(c) {
			continue
		}
		f.text = append(f.text, c)
		if len(f.text) > maxText {
			f.dead = true
			return
		}
		f.step()
	}
}

// step reads what the byte just added to f.text tells.
func (f *follower) step() {
	t := string(f.text)
	switch f.st {
	case fName, fKey:
		end := keyText
		if f.st == fKey {
			end = keyEndText
		}
		before, ok := strings.CutSuffix(t, end)
		if !ok {
			return
		}
		f.text = f.text[:0]
		f.named(strings.TrimSpace(before))
	case fBetween, fAfter:
		tag := valueText
		if f.st == fAfter {
			tag = keyText
		}
		switch {
		case t == tag && f.st == fAfter:
			f.st, f.text = fKey, f.text[:0]
		case t == tag:
			f.st, f.text = fValue, f.text[:0]
		case !strings.HasPrefix(tag, t):
			f.dead = true
		}
	case fClosing: // t is </arg_value>, whitespace, and what came after
		after := strings.TrimLeft(t[len(valueEndText):], jsonvalue.Spaces)
		if after == "" || strings.HasPrefix(keyText, after) || strings.HasPrefix(after, "<|") || strings.HasPrefix(endText, after) {
			return // undecided, or the block's end, which the follower is not fed
		}
		if rest, ok := strings.CutPrefix(after, keyText); ok {
			key, tail, closed := strings.Cut(rest, keyEndText)
			if !closed {
				return // the key goes on (maxText bounds it)
			}
			if key = strings.TrimSpace(key); f.w.Fresh(key) { // the value ended; the next key begins
				f.w.EndValue(false)
				f.st, f.text = fKey, f.text[:0]
				f.named(key)
				f.Feed(tail)
				return
			}
		}
		f.unclose(t)
	case fValue:
		switch {
		case t == valueEndText:
			f.st = fClosing
		case !strings.HasPrefix(valueEndText, t):
			f.w.Text(t[:1]) // text; what follows may start the tag
			f.text = append(f.text[:0], t[1:]...)
			if len(f.text) > 0 && f.text[0] != '<' {
				rest := string(f.text)
				f.text = f.text[:0]
				f.Feed(rest)
			}
		}
	}
}

// unclose makes the held </arg_value> and what followed it text in the
// value: what follows it made no structure of it.
func (f *follower) unclose(t string) {
	f.st, f.text = fValue, f.text[:0]
	f.w.Text(valueEndText)
	f.Feed(t[len(valueEndText):])
}

// named ends the name, at the first <arg_key>, or a key.
func (f *follower) named(t string) {
	switch {
	case f.st != fName:
		f.dead = !f.w.Key(t)
		f.st = fBetween
	case !textargs.ValidName(t):
		f.dead = true
	default:
		f.name, f.st = t, fKey
		f.w.Begin(f.m.Req, t)
	}
}
