package qwen3coder

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/textargs"
)

// follower follows the first function of a block while it arrives, for
// argument streaming, with the reader that reads the whole block (read):
// its name, then each parameter's key and value as JSON, a value's first
// and last newline dropped. What the reader holds undecided (a '<' that
// may start a tag that ends the value) waits; what only the whole block
// tells (a </function> or </tool_call> inside a value, which ends it only
// when no </parameter> follows; a repeated key; JSON arguments; a value
// the schema may make null) stops the following, and the call then comes
// whole.
type follower struct {
	m     *block.Machine
	r     tagargs.Reader
	name  string
	w     textargs.Writer
	first bool // the value's first byte is next (a leading newline is dropped)
	dead  bool
	done  bool
}

// maxTag bounds what the follower holds undecided.
const maxTag = 256

func followCall(m *block.Machine) block.Follower { return newFollower(m, tagargs.Open) }

func followFunc(m *block.Machine) block.Follower { return newFollower(m, tagargs.Name) }

func newFollower(m *block.Machine, st tagargs.State) *follower {
	f := &follower{m: m}
	f.r.Reset(&markers, f, st, maxTag)
	return f
}

func (f *follower) Call() (name, id string, args []byte, ok bool) {
	if f.dead || f.name == "" {
		return "", "", nil, false
	}
	return f.name, "", f.w.JSON, true
}

func (f *follower) Feed(s string) {
	if f.dead || f.done {
		return
	}
	f.r.FeedCopy(s)
	if st := f.r.State(); st == tagargs.Failed || f.r.HasJSON() {
		f.dead = true
	}
}

func (f *follower) Name(name string, _ int) string {
	if msg := nameMsg(name); msg != "" {
		return msg
	}
	f.name = name
	f.w.Begin(f.m.Req, name)
	return ""
}

func (f *follower) Key(key string, _ int) {
	f.dead = f.dead || !f.w.Key(key)
	f.first = true
}

func (f *follower) Text(t string) {
	if f.dead || t == "" {
		return
	}
	if f.first {
		f.first = false
		if t[0] == '\n' {
			t = t[1:]
		}
	}
	f.w.Text(t)
}

func (f *follower) EndValue(int, int, bool) {
	if !f.dead {
		f.w.EndValue(true)
	}
}

func (f *follower) End(int) bool {
	if !f.dead {
		f.w.End()
	}
	f.done = true
	return false
}

func (f *follower) JSON(int, int) string { f.dead = true; return "" }

func (f *follower) Trailing(int) { f.dead = true }

func (f *follower) Unsure() { f.dead = true }

func (f *follower) Fresh(key string) bool { return f.w.Fresh(key) }

func (f *follower) Known(key string) bool { return f.w.Known(key) }
