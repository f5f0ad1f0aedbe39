package engine

import (
	"unsafe"

	"github.com/toolparse/toolparse/toolcall"
)

// A Follower reads a candidate's text while it arrives and tells the call
// it holds, so that the call's arguments can stream
// (protocol.Config.StreamArguments). It only advises: the candidate is still
// read whole when it ends, and the calls that reading gives are the calls;
// what a Follower told must be a prefix of them, or the stream withdraws
// and resends the call.
type Follower interface {
	// Feed reads the candidate's next bytes. s is valid only during the
	// call: a Follower copies what it keeps.
	Feed(s string)
	// Call returns the call's name (and the model's ID, if the text gives
	// one) and the JSON of its arguments so far that no later byte can
	// change; ok is false while the name is not known, and once the call
	// cannot be followed.
	Call() (name, id string, args []byte, ok bool)
}

// following is the state of the candidate whose call streams.
type following struct {
	f       Follower
	held    []byte                 // bytes not yet fed to f
	accept  func(name string) bool // nil: any name
	started bool
	name    string
	sent    int
}

// Follow makes f (nil: none) follow the candidate the decoder holds now,
// when argument streaming is on; its call is started only when accept (if
// not nil) takes its name. The decoder feeds it with FollowFeed, reports
// its progress with Report, and ends the candidate with Settle.
func (b *Base) Follow(f Follower, accept func(name string) bool) {
	b.following = following{}
	if b.Streaming && f != nil {
		b.following = following{f: f, accept: accept}
	}
}

// followBatch is how many bytes FollowFeed gathers before it feeds them
// to the Follower: small deltas (a token or two) then cost one Feed of the
// Follower per batch, not per delta, and a call's progress shows in steps
// of about this size.
const followBatch = 64

// FollowFeed feeds the candidate's next bytes to its Follower, in batches
// of followBatch bytes or more.
func (b *Base) FollowFeed(s string) {
	fl := &b.following
	if fl.f == nil || s == "" {
		return
	}
	if len(fl.held) == 0 && len(s) >= followBatch {
		fl.f.Feed(s)
		return
	}
	fl.held = append(fl.held, s...)
	if len(fl.held) >= followBatch {
		fl.f.Feed(unsafe.String(&fl.held[0], len(fl.held))) // it keeps no part of it
		fl.held = fl.held[:0]
	}
}

// Report appends the progress of the followed call since the last Report:
// its start, then what grew of its arguments.
func (b *Base) Report(dst []toolcall.Event) []toolcall.Event {
	fl := &b.following
	if fl.f == nil {
		return dst
	}
	name, id, args, ok := fl.f.Call()
	if !ok || !fl.started && fl.accept != nil && !fl.accept(name) {
		return dst
	}
	if !fl.started {
		fl.started, fl.name = true, name
		dst = b.Started(dst, name, id)
	}
	if len(args) > fl.sent {
		dst = b.Fragment(dst, args[fl.sent:])
		fl.sent = len(args)
	}
	return dst
}

// Settle ends the followed candidate, which was decided, before its events
// go out: first is the first of them when it is a call (nil when it is
// content, or there are none). The call started is first when it has the
// same name; otherwise it is withdrawn.
func (b *Base) Settle(dst []toolcall.Event, first *toolcall.Call) []toolcall.Event {
	fl := b.following
	b.following = following{}
	if !fl.started || first != nil && first.Name == fl.name {
		return dst
	}
	return b.Retract(dst)
}

// Followed reports whether the candidate's call was started.
func (b *Base) Followed() bool { return b.following.started }
