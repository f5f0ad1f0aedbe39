package dsml

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/internal/tagargs"
	"github.com/toolparse/toolparse/internal/tagcall"
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
	tagcall.Following
	tool *schemacore.Schema
	key  string
	typ  valueType
	held []byte // a value that is not a string, until its close tag
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
	f := &follower{}
	f.M = m
	f.R.Reset(&s.markers, f, tagargs.Open, maxTag)
	return f
}

func (f *follower) Name(name string, at int) string {
	if msg := f.Following.Name(name, at); msg != "" {
		return msg
	}
	f.tool = nil
	if k := f.M.Req.Match(name); k >= 0 {
		f.tool = schemacore.Of(f.M.Req, k)
	}
	return ""
}

func (f *follower) Key(key string, _ int) {
	name, typ, ok := parseKey(key)
	f.key, f.typ, f.held = name, typ, f.held[:0]
	switch {
	case !ok:
		f.Dead = true
	case typ == stringType:
		f.Dead = f.Dead || !f.W.StringKey(name)
	}
}

func (f *follower) Text(t string) {
	switch {
	case f.Dead || t == "":
	case f.typ == stringType:
		f.W.Text(t)
	case len(f.held)+len(t) > maxHeld:
		f.Dead = true
	default:
		f.held = append(f.held, t...)
	}
}

func (f *follower) EndValue(int, int, bool) {
	switch {
	case f.Dead:
	case f.typ == stringType:
		f.W.EndValue(false)
	default:
		v := appendValue(nil, f.tool, f.M.Parser(), f.key, f.typ, string(f.held))
		f.Dead = !f.W.JSONValue(f.key, v)
	}
}

func (f *follower) Fresh(key string) bool {
	name, _, ok := parseKey(key)
	return ok && f.W.Fresh(name)
}

func (f *follower) Known(key string) bool { return f.W.Known(keyName(key)) }
