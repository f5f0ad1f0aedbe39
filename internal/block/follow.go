package block

import (
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/engine"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// A Follower reads a block's body while it arrives and tells the call it
// holds (engine.Follower).
type Follower = engine.Follower

// maxHeader bounds the text a Follower keeps before a call's arguments.
const maxHeader = 1 << 10

// FollowCallObject follows a body that holds a JSON call object,
// {"name": N, "arguments": {...}} (or "parameters"), with the name first.
func FollowCallObject(m *Machine) Follower {
	f := &callObject{}
	f.r.Reset(m.jsonParser(), pylit.GoalValue)
	return f
}

// JSONArgs follows a body that is the JSON arguments of a call named
// name, read with p (JSON's escapes on).
func JSONArgs(p pylit.Parser, name, id string) Follower {
	p.JSONEscapes = true
	f := &argsAfterHeader{header: func(h string) (string, string, bool) { return name, id, strings.TrimSpace(h) == "" }}
	f.r.Reset(p, pylit.GoalValue)
	return f
}

// FollowArgs follows a body that names the call in a header, read by
// header from the text before the first '{', which starts the call's JSON
// arguments. When the body's reader reads those arguments on the way (a
// value body), it follows them from that reader, reading nothing twice.
func FollowArgs(header func(h string) (name, id string, ok bool)) func(m *Machine) Follower {
	return func(m *Machine) Follower {
		f := &argsAfterHeader{header: header, m: m}
		f.r.Reset(m.jsonParser(), pylit.GoalValue)
		return f
	}
}

// FollowCalls follows a body of pythonic calls, a list or a run: its first
// call streams, the others come whole.
func FollowCalls(m *Machine) Follower { return &pythonicCalls{p: *m.Parser()} }

func (m *Machine) jsonParser() pylit.Parser {
	p := *m.Parser()
	p.JSONEscapes = true
	return p
}

// value feeds s to a Reader reading one JSON value, until it is complete,
// skipping the blanks before it; or, when from is set, takes the value its
// body's reader reads on the way (preRead), and reads nothing itself.
type value struct {
	r    pylit.Reader
	from *preRead
	upTo int  // with from: how much of its JSON there was at the last feed
	seen bool // the value's first byte
	dead bool
}

func (v *value) feed(s string) {
	if v.from != nil { // progress shows in the steps feed is called in
		if r := v.from.reading(); r != nil {
			v.upTo = len(r.Stable())
		}
		return
	}
	if v.dead || v.r.Complete() {
		return
	}
	if !v.seen {
		if s = trimBlanks(s); s == "" {
			return
		}
		v.seen = true
		if s[0] != '{' {
			v.dead = true
			return
		}
	}
	v.r.Feed(s)
}

func (v *value) stable() []byte {
	switch {
	case v.dead:
		return nil
	case v.from != nil:
		r := v.from.reading()
		if r == nil || len(r.Stable()) < v.upTo { // gone, or the value failed
			v.dead = true
			return nil
		}
		return r.Stable()[:v.upTo]
	}
	return v.r.Stable()
}

// callMembers reads the members of a call object in its stable JSON, a
// key byte by byte and a value whole (jsonvalue.End): what a Follower of
// one needs of them (its name and where its arguments stand) it notes as
// they come (memberNoter).
type callMembers struct {
	value
	pos     int           // bytes of the stable JSON read
	st      uint8         // where pos stands in the object
	key     []byte        // the member's key, quotes and all
	end     jsonvalue.End // the member's value
	valAt   int           // where the member's value starts
	name    string
	args    int // where the arguments start, or 0
	argsEnd int // where they end, or 0 while open
}

const (
	oOpen  uint8 = iota // before '{'
	oKey                // before a key or '}'
	oInKey              // inside a key
	oColon              // after a key
	oValue              // inside a value
	oAfter              // after a value
	oDone
)

// memberNoter notes what callMembers reads.
type memberNoter interface {
	colon()            // a key and its colon: its value starts at valAt
	member(val []byte) // a member whose value ended
	other(c byte)      // a byte no state of an object's takes
}

// read reads js, the stable JSON, on from pos as far as it goes, telling
// n what it reads.
func (o *callMembers) read(js []byte, n memberNoter) {
	if len(js) < o.pos {
		o.dead = true // cannot happen: what is stable stays
	}
	for o.pos < len(js) && o.st != oDone && !o.dead {
		if o.st == oValue {
			if o.pos == o.args && js[o.pos] != '{' {
				o.dead = true // arguments as a string, or null: not followed
				break
			}
			k, done := o.end.Feed(unsafe.String(&js[o.pos], len(js)-o.pos)) // End keeps none of it
			o.pos += k
			if done {
				n.member(js[o.valAt:o.pos])
				o.st = oAfter
			}
			continue
		}
		c := js[o.pos]
		o.pos++
		switch {
		case o.st == oOpen && c == '{', o.st == oAfter && c == ',':
			o.st = oKey
		case o.st == oKey && c == '"':
			o.key = append(o.key[:0], c)
			o.st = oInKey
		case o.st == oInKey && c == '\\':
			o.dead = true // an escaped key: rare, and no key the call needs
		case o.st == oInKey:
			o.key = append(o.key, c)
			if c == '"' {
				o.st = oColon
			}
		case o.st == oColon && c == ':':
			o.st, o.valAt, o.end = oValue, o.pos, jsonvalue.End{}
			n.colon()
		default:
			n.other(c)
		}
	}
}

// argsStart notes that the arguments start at pos, which they may only
// after the name, and once.
func (o *callMembers) argsStart() {
	if o.name == "" || o.args != 0 {
		o.dead = true // arguments before the name, or twice
		return
	}
	o.args = o.pos
}

// call returns the call read, with the model's ID id: its arguments as
// far as they are stable in js.
func (o *callMembers) call(js []byte, id string) (name, _ string, args []byte, ok bool) {
	if o.dead || o.args == 0 {
		return "", "", nil, false
	}
	end := len(js)
	if o.argsEnd > 0 {
		end = o.argsEnd
	}
	return o.name, id, js[o.args:end], true
}

type callObject struct{ callMembers }

func (f *callObject) Feed(s string) { f.feed(s) }

func (f *callObject) Call() (name, id string, args []byte, ok bool) {
	js := f.stable()
	f.read(js, f)
	return f.call(js, "")
}

func (f *callObject) colon() {
	if k := string(f.key); k == `"arguments"` || k == `"parameters"` {
		f.argsStart()
	}
}

func (f *callObject) other(byte) { f.st = oDone }

// member notes a member whose value ended.
func (f *callObject) member(val []byte) {
	switch string(f.key) {
	case `"name"`:
		v, err := jsonvalue.Decode(string(val))
		if err != nil || v.Kind != jsonvalue.String || f.args != 0 {
			f.dead = true // a name after the arguments may not be the name
			return
		}
		f.name = v.Str
	case `"arguments"`, `"parameters"`:
		f.argsEnd = f.pos
	}
}

type argsAfterHeader struct {
	value
	m        *Machine // when set, whose body's reader may read the arguments
	header   func(string) (string, string, bool)
	head     []byte
	name, id string
	named    bool
}

func (f *argsAfterHeader) Feed(s string) {
	if f.dead {
		return
	}
	if !f.named {
		i := 0
		for i < len(s) && s[i] != '{' {
			i++
		}
		f.head = append(f.head, s[:i]...)
		if len(f.head) > maxHeader {
			f.dead = true
			return
		}
		if i == len(s) {
			return
		}
		var ok bool
		if f.name, f.id, ok = f.header(string(f.head)); !ok {
			f.dead = true
			return
		}
		f.named, s = true, s[i:]
		if m := f.m; m != nil {
			if pre := &m.body.pre; pre.reading() != nil && !pre.list && pre.start == m.bodyAt+len(f.head) {
				f.from = pre // the arguments are the value it reads
			}
		}
	}
	f.feed(s)
}

func (f *argsAfterHeader) Call() (name, id string, args []byte, ok bool) {
	if !f.named || f.dead {
		return "", "", nil, false
	}
	return f.name, f.id, f.stable(), true
}

type pythonicCalls struct {
	p       pylit.Parser
	r       pylit.Reader
	from    *preRead // when set, the body's reader, read on the way, reads the list or run
	upTo    int      // with from: how much of the call's JSON there was at the last Feed
	started bool
	dead    bool
}

func (f *pythonicCalls) Feed(s string) {
	if f.from != nil { // progress shows in the steps Feed is called in
		if r := f.from.reading(); r != nil {
			_, _, args, _ := r.OpenCall()
			f.upTo = len(args)
		}
		return
	}
	if f.dead {
		return
	}
	if !f.started {
		if s = trimBlanks(s); s == "" {
			return
		}
		f.started = true
		goal := pylit.GoalRun
		if s[0] == '[' {
			goal = pylit.GoalList
		}
		f.r.Reset(f.p, goal)
	}
	if len(f.r.Elements()) == 0 {
		f.r.Feed(s)
	}
}

func (f *pythonicCalls) Call() (name, id string, args []byte, ok bool) {
	r := &f.r
	if f.from != nil {
		if r = f.from.reading(); r == nil || !f.from.list && !f.from.run { // no longer, or not, calls
			f.dead = true
		}
	}
	if f.dead || !f.started && f.from == nil {
		return "", "", nil, false
	}
	if els := r.Elements(); len(els) > 0 {
		if els[0].Err != nil {
			f.dead = true
			return "", "", nil, false
		}
		return els[0].Call.Name, "", []byte(els[0].Call.Arguments), true
	}
	name, _, args, ok = r.OpenCall()
	if f.from != nil {
		args = args[:min(len(args), f.upTo)]
	}
	return name, "", args, ok
}

// FollowWith makes f follow the candidate a hook holds, when argument
// streaming is on; a call is started only when accept (if not nil) takes
// its name. The hook feeds it with FollowFeed, and ends the candidate
// with Settle.
func (m *Machine) FollowWith(f func(m *Machine) Follower, accept func(name string) bool) {
	var fl Follower
	if m.Streaming && f != nil {
		fl = f(m)
	}
	m.Follow(fl, accept)
}

// follow reports, with argument streaming, the progress of the call the
// open block or hook's candidate holds.
func (m *Machine) follow(dst []toolcall.Event) []toolcall.Event {
	if m.mode != mBody && m.mode != mHook {
		return dst
	}
	return m.Report(dst)
}

// firstCall returns the first item's call, or nil.
func firstCall(items []Item) *toolcall.Call {
	if len(items) == 0 {
		return nil
	}
	return items[0].Call
}

// trimBlanks returns s without the blanks it begins with: what comes
// before a body's first byte.
func trimBlanks(s string) string {
	i := 0
	for i < len(s) && jsonvalue.IsSpace(s[i]) {
		i++
	}
	return s[i:]
}

// FollowDecode follows a body that Decode reads: a JSON call object (its
// name first), or pythonic calls, whose first call streams. What the
// body's reader reads on the way (a JSON value, a call list) it follows
// from that reader, reading nothing twice.
func FollowDecode(m *Machine) Follower { return &decoded{m: m} }

type decoded struct {
	m *Machine
	f Follower
}

func (d *decoded) Feed(s string) {
	if d.f == nil {
		if s = trimBlanks(s); s == "" {
			return
		}
		pre := &d.m.body.pre
		if pre.reading() == nil {
			pre = nil
		}
		switch {
		case s[0] == '{':
			f := &callObject{}
			if pre != nil && !pre.list {
				f.from = pre
			} else {
				f.r.Reset(d.m.jsonParser(), pylit.GoalValue)
			}
			d.f = f
		case s[0] == '[' && pre != nil && pre.list, pre != nil && pre.run:
			d.f = &pythonicCalls{p: *d.m.Parser(), from: pre}
		default:
			d.f = FollowCalls(d.m)
		}
	}
	d.f.Feed(s)
}

func (d *decoded) Call() (name, id string, args []byte, ok bool) {
	if d.f == nil {
		return "", "", nil, false
	}
	return d.f.Call()
}
