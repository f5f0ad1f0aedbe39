package glm45

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/textargs"
)

// follower follows a <tool_call> block while it arrives, for argument
// streaming, with the reader that reads the whole block (readCall): the
// name is known at the first <arg_key>, and each value's text goes out as
// it comes, but for what may start its </arg_value>, and for a
// </arg_value> until what follows it shows that it ends the value. A
// repeated key, or a value the schema may make null, stops it; the call
// then comes whole.
type follower struct {
	m    *block.Machine
	r    tagargs.Reader
	name string
	w    textargs.Writer
	dead bool
}

// maxText bounds what the follower holds undecided.
const maxText = 256

func follow(m *block.Machine) block.Follower {
	f := &follower{m: m}
	f.r.Reset(&markers, f, tagargs.Name, maxText)
	return f
}

func (f *follower) Call() (name, id string, args []byte, ok bool) {
	if f.dead || f.name == "" {
		return "", "", nil, false
	}
	return f.name, "", f.w.JSON, true
}

func (f *follower) Feed(s string) {
	if f.dead {
		return
	}
	f.r.FeedCopy(s)
	f.dead = f.r.State() == tagargs.Failed
}

func (f *follower) Name(name string, _ int) string {
	if msg := nameMsg(name); msg != "" {
		return msg
	}
	f.name = name
	f.w.Begin(f.m.Req, name)
	return ""
}

func (f *follower) Key(key string, _ int) { f.dead = f.dead || !f.w.Key(key) }

func (f *follower) Text(t string) {
	if !f.dead {
		f.w.Text(t)
	}
}

func (f *follower) EndValue(int, int, bool) {
	if !f.dead {
		f.w.EndValue(false)
	}
}

func (*follower) End(int) bool { return false }

func (*follower) JSON(int, int) string { return "" }

func (*follower) Trailing(int) {}

// Unsure: an end-of-turn token or </tool_call> inside a value, which is
// text there.
func (*follower) Unsure() {}

func (f *follower) Fresh(key string) bool { return f.w.Fresh(key) }

func (*follower) Known(string) bool { return false }
