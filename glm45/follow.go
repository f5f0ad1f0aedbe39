package glm45

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/tagcall"
)

// follower follows a <tool_call> block while it arrives, for argument
// streaming, with the reader that reads the whole block (readCall): the
// name is known at the first <arg_key>, and each value's text goes out as
// it comes, but for what may start its </arg_value>, and for a
// </arg_value> until what follows it shows that it ends the value. A
// repeated key, or a value the schema may make null, stops it; the call
// then comes whole.
type follower struct{ tagcall.Following }

// maxText bounds what the follower holds undecided.
const maxText = 256

func follow(m *block.Machine) block.Follower {
	f := &follower{}
	f.M = m
	f.R.Reset(&markers, f, tagargs.Name, maxText)
	return f
}

func (f *follower) Key(key string, _ int) { f.Dead = f.Dead || !f.W.Key(key) }

func (f *follower) Text(t string) {
	if !f.Dead {
		f.W.Text(t)
	}
}

func (f *follower) EndValue(int, int, bool) {
	if !f.Dead {
		f.W.EndValue(false)
	}
}

// End: the reader reads no further.
func (*follower) End(int) bool { return false }

// JSON: the markers read no JSON arguments.
func (*follower) JSON(int, int) string { return "" }

func (*follower) Trailing(int) {}

// Unsure: an end-of-turn token or </tool_call> inside a value, which is
// text there.
func (*follower) Unsure() {}

func (f *follower) Fresh(key string) bool { return f.W.Fresh(key) }

func (*follower) Known(string) bool { return false }
