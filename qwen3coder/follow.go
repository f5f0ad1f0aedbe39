package qwen3coder

import (
	"strings"

	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/textargs"
)

// follower follows the first function of a block while it arrives, for
// argument streaming: its name, then each parameter's key and value as
// JSON. A value's text goes out as it comes, but for a '<' that may start
// a tag, which waits until the bytes after it show whether it ends the
// value (see valueEnd: a </parameter> counts when a tag or the end follows
// it); a </function> or </tool_call> inside a value, which ends it only
// when no </parameter> follows, stops the following. What it cannot tell
// (a repeated key, JSON arguments, a value the schema may make null) also
// stops it; the call then comes whole.
type follower struct {
	m     *block.Machine
	st    followState
	tag   []byte // a tag being read, or the held text of a value from a '<'
	name  string
	w     textargs.Writer
	first bool // the value's first byte is next (a leading newline is dropped)
	dead  bool
}

type followState uint8

const (
	fOpen    followState = iota // before <function=
	fName                       // the function's name, to '>'
	fBetween                    // between parameters: a tag
	fKey                        // a parameter's key, to '>'
	fValue                      // a parameter's value
	fDone
)

// maxTag bounds what the follower holds undecided.
const maxTag = 256

func followCall(m *block.Machine) block.Follower { return &follower{m: m} }

func followFunc(m *block.Machine) block.Follower { return &follower{m: m, st: fName} }

func (f *follower) Call() (name, id string, args []byte, ok bool) {
	if f.dead || f.name == "" {
		return "", "", nil, false
	}
	return f.name, "", f.w.JSON, true
}

func (f *follower) Feed(s string) {
	for i := 0; i < len(s) && !f.dead && f.st != fDone; {
		if f.st == fValue && len(f.tag) == 0 {
			i = f.text(s, i)
			continue
		}
		c := s[i]
		i++
		switch f.st {
		case fOpen, fBetween:
			if len(f.tag) == 0 && jsonvalue.IsSpace(c) {
				continue
			}
			f.tag = append(f.tag, c)
			f.between()
		case fName, fKey:
			if c == '>' {
				f.named()
				continue
			}
			f.tag = append(f.tag, c)
			if len(f.tag) > maxTag || f.st == fKey && (c == '\n' || c == '<') {
				f.dead = true
			}
		case fValue:
			f.tag = append(f.tag, c)
			f.held()
		}
		if len(f.tag) > maxTag {
			f.dead = true
		}
	}
}

// between reads the tag that opens the function or follows a parameter.
func (f *follower) between() {
	t := string(f.tag)
	switch {
	case f.st == fOpen && t == functionText:
		f.st, f.tag = fName, f.tag[:0]
	case f.st == fBetween && t == parameterText:
		f.st, f.tag = fKey, f.tag[:0]
	case f.st == fBetween && t == functionEndText:
		f.end()
	case !strings.HasPrefix(functionText, t) && (f.st == fOpen || !strings.HasPrefix(parameterText, t) && !strings.HasPrefix(functionEndText, t)):
		f.dead = true // JSON arguments, or text the reader refuses
	}
}

// named ends a name or a key at its '>'.
func (f *follower) named() {
	t := string(f.tag)
	f.tag = f.tag[:0]
	switch {
	case f.st == fKey:
		f.dead = !f.w.Key(t)
		f.st, f.first = fValue, true
	case !textargs.ValidName(t):
		f.dead = true
	default:
		f.name, f.st = t, fBetween
		f.w.Begin(f.m.Req, t)
	}
}

// text writes a value's text up to a '<', which may start a tag.
func (f *follower) text(s string, i int) int {
	if f.first {
		f.first = false
		if s[i] == '\n' {
			i++
		}
	}
	j := strings.IndexByte(s[i:], '<')
	if j < 0 {
		f.w.Text(s[i:])
		return len(s)
	}
	f.w.Text(s[i : i+j])
	f.tag = append(f.tag, '<')
	return i + j + 1
}

// held decides the text of a value held from a '<': a tag that ends the
// value, or text.
func (f *follower) held() {
	for len(f.tag) > 0 {
		t := string(f.tag)
		if rest, ok := strings.CutPrefix(t, parameterEnd); ok {
			switch after := strings.TrimLeft(rest, jsonvalue.Spaces); {
			case strings.HasPrefix(after, parameterText):
				if done, structure := f.nextKey(after[len(parameterText):], f.w.Fresh); !done || structure {
					return
				}
			case after == functionEndText || after == toolCallEndText:
				f.endValue()
				f.end()
				return
			case strings.HasPrefix(parameterText, after) || strings.HasPrefix(functionEndText, after) || strings.HasPrefix(toolCallEndText, after):
				return // undecided
			}
			// a </parameter> that text follows is text
		} else {
			switch {
			case strings.HasPrefix(t, parameterText): // a missing </parameter>, when its key is fresh
				if done, structure := f.nextKey(t[len(parameterText):], func(k string) bool { return f.w.Fresh(k) && f.w.Known(k) }); !done || structure {
					return
				}
			case t == functionEndText || t == toolCallEndText:
				f.dead = true // it ends the value only when no </parameter> follows
				return
			case strings.HasPrefix(parameterEnd, t) || strings.HasPrefix(parameterText, t) || strings.HasPrefix(functionEndText, t) || strings.HasPrefix(toolCallEndText, t):
				return // undecided
			}
		}
		// text: out with it, up to the next '<', which may start a tag
		k := strings.IndexByte(t[1:], '<')
		if k < 0 {
			f.w.Text(t)
			f.tag = f.tag[:0]
			return
		}
		f.w.Text(t[:k+1])
		f.tag = append(f.tag[:0], t[k+1:]...)
	}
}

// nextKey decides a <parameter= inside a value held from a '<', given what
// follows it: once its KEY> has come (done), a key ok accepts ends the
// value and begins the next parameter (structure), with what follows the
// tag fed as the new value's; any other is text in the value.
func (f *follower) nextKey(after string, ok func(string) bool) (done, structure bool) {
	gt := strings.IndexByte(after, '>')
	if gt < 0 {
		return false, false
	}
	key := after[:gt]
	if !textargs.ValidKey(key) || !ok(key) {
		return true, false
	}
	rest := after[gt+1:]
	f.endValue()
	f.st, f.tag = fKey, f.tag[:0]
	f.Feed(key + ">" + rest)
	return true, true
}

func (f *follower) endValue() { f.w.EndValue(true) }

// end ends the function: its arguments are complete.
func (f *follower) end() {
	f.w.End()
	f.st = fDone
}
