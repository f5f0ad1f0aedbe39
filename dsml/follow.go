package dsml

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/textargs"
)

// follower follows a block's first invoke while it arrives, for argument
// streaming, with the reader that reads the whole block (read): its name,
// then each parameter: a string (string="true") as JSON string text as
// it comes, any other value written whole at its close tag, as read
// writes it. What the reader holds undecided (a '<' that may start a tag
// that ends the value) waits; what only the whole block tells (an
// invoke's end tag inside a value, which breaks the invoke unless a close
// tag follows; JSON arguments; a tag that is none) stops the following,
// and the call then comes whole.
type follower struct {
	m    *block.Machine
	r    tagargs.Reader
	name string
	tool *schemacore.Schema
	w    textargs.Writer
	key  string
	typ  valueType
	held []byte // a value that is not a string, until its close tag
	dead bool
	done bool
}

// maxTag bounds what the follower's reader holds undecided, and maxHeld
// a value that is not a string, which the follower holds whole: past it
// the call comes whole.
const (
	maxTag  = 256
	maxHeld = 64 << 10
)

func followV32(m *block.Machine) block.Follower { return newFollower(m, v32) }
func followV4(m *block.Machine) block.Follower  { return newFollower(m, v4) }
func followV41(m *block.Machine) block.Follower { return newFollower(m, v41) }

func newFollower(m *block.Machine, s *spelling) *follower {
	f := &follower{m: m}
	f.r.Reset(&s.markers, f, tagargs.Open, maxTag)
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
	f.name, f.tool = name, nil
	if k := f.m.Req.Match(name); k >= 0 {
		f.tool = schemacore.Of(f.m.Req, k)
	}
	f.w.Begin(f.m.Req, name)
	return ""
}

func (f *follower) Key(key string, _ int) {
	name, typ, ok := parseKey(key)
	f.key, f.typ, f.held = name, typ, f.held[:0]
	switch {
	case !ok:
		f.dead = true
	case typ == stringType:
		f.dead = f.dead || !f.w.StringKey(name)
	}
}

func (f *follower) Text(t string) {
	switch {
	case f.dead || t == "":
	case f.typ == stringType:
		f.w.Text(t)
	case len(f.held)+len(t) > maxHeld:
		f.dead = true
	default:
		f.held = append(f.held, t...)
	}
}

func (f *follower) EndValue(int, int, bool) {
	switch {
	case f.dead:
	case f.typ == stringType:
		f.w.EndValue(false)
	default:
		v := appendValue(nil, f.tool, f.m.Parser(), f.key, f.typ, string(f.held))
		f.dead = !f.w.JSONValue(f.key, v)
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

func (f *follower) Fresh(key string) bool {
	name, _, ok := parseKey(key)
	return ok && f.w.Fresh(name)
}

func (f *follower) Known(key string) bool { return f.w.Known(keyName(key)) }
