package tagcall

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/textargs"
)

// Following is the part of a follower (a block.Follower and the
// tagargs.Handler of its reader) that every syntax of tags shares: the
// reader, fed a copy of each delta until it fails or meets JSON
// arguments; the call's name, checked with NameMsg; its arguments as W
// writes them; and the strict answers to what only the whole body tells
// (an end tag inside a value, JSON arguments, text after the call), which
// stop the following. A follower embeds it, hands R itself as the
// handler, and writes the values.
type Following struct {
	M    *block.Machine
	R    tagargs.Reader
	W    textargs.Writer
	Dead bool // the call comes whole
	Done bool // the call's end tag came
	name string
}

// Call implements block.Follower.
func (f *Following) Call() (name, id string, args []byte, ok bool) {
	if f.Dead || f.name == "" {
		return "", "", nil, false
	}
	return f.name, "", f.W.JSON, true
}

// Feed implements block.Follower.
func (f *Following) Feed(s string) {
	if f.Dead || f.Done {
		return
	}
	f.R.FeedCopy(s)
	if f.R.State() == tagargs.Failed || f.R.HasJSON() {
		f.Dead = true
	}
}

// Name implements tagargs.Handler: it begins the call's arguments.
func (f *Following) Name(name string, _ int) string {
	if msg := NameMsg(name); msg != "" {
		return msg
	}
	f.name = name
	f.W.Begin(f.M.Req, name)
	return ""
}

// End implements tagargs.Handler: it ends the arguments.
func (f *Following) End(int) bool {
	if !f.Dead {
		f.W.End()
	}
	f.Done = true
	return false
}

// JSON implements tagargs.Handler: it stops the following.
func (f *Following) JSON(int, int) string { f.Dead = true; return "" }

// Trailing implements tagargs.Handler: it stops the following.
func (f *Following) Trailing(int) { f.Dead = true }

// Unsure implements tagargs.Handler: it stops the following.
func (f *Following) Unsure() { f.Dead = true }
