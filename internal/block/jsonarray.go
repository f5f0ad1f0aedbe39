package block

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// Keys are the spellings of the members of the call objects a JSONArray
// block holds. A call object names its tool under one of Name (a
// non-empty string), holds its arguments under one of Args (an object, a
// JSON string holding one, or null; none: no arguments) and may carry the
// model's call ID under one of ID (a string, handed on as written: the
// stream keeps it when it is well formed). Other members are ignored.
type Keys struct {
	Name, Args, ID []string
	// NameKeyed says a call may be an object whose only member is named
	// after the tool and holds its arguments, an object (Apertus:
	// {"get_weather": {"city": "Paris"}}).
	NameKeyed bool
	// ArrayOnly says the body must be an array: one call object alone is
	// no call (the functools[...] of Phi-4-mini and FireFunction, whose
	// marker is the array's name).
	ArrayOnly bool

	valueEnds bool // the block has no end marker: its value ends it
}

// CallKeys are the spellings the JSON array formats use: the name under
// "name" or "tool_name", the arguments under "arguments" or "parameters",
// the ID under "id" or "tool_call_id" (Cohere's).
var CallKeys = Keys{
	Name: []string{"name", "tool_name"},
	Args: []string{"arguments", "parameters"},
	ID:   []string{"id", "tool_call_id"},
}

// maxArrayHead bounds the whitespace between the start marker of a
// JSONArray block with no end marker and its value.
const maxArrayHead = 256

// JSONArray returns a kind of block whose body is a JSON array of call
// objects, or one call object (unless keys.ArrayOnly), spelled as keys
// says (a copy is kept).
// With an end marker, the block ends there (outside strings); with
// NoToken, where the value closes (Granite's <|tool_call|>[...], the
// ' functools[...]' of Phi-4-mini and FireFunction), and only whitespace
// may come before it. Its calls come when the block ends; a body that is
// not such a value, or not all calls, is content with a diagnostic. The
// first call's arguments stream, from the body's reader when it reads
// the value on the way; the model's ID is that call's only when it comes
// before the arguments (Cohere's does, Apriel's does not: the stream then
// gives the announced call an ID of its own).
func JSONArray(end Token, keys Keys) Kind {
	k := &keys
	k.Name, k.Args, k.ID = clipped(k.Name), clipped(k.Args), clipped(k.ID)
	k.valueEnds = end == NoToken
	kind := Kind{End: end, Read: k.read, Follow: k.follow}
	if end == NoToken {
		kind.Scan, kind.Head, kind.MaxHead = ScanValue, jsonvalue.IsSpace, maxArrayHead
	} else {
		kind.Scan, kind.ReadsOnTheWay = ScanCode, true
	}
	return kind
}

func clipped(s []string) []string { return append([]string(nil), s...) }

// openingMarker returns the text of the marker that opened the block
// being read: the start marker of its kind as long as what comes before
// its body.
func openingMarker(m *Machine) (string, bool) {
	for _, mk := range m.f.Markers {
		if mk.Role == Opens && mk.Kind == int(m.kind) && len(mk.Text) == m.bodyAt && m.lead == "" {
			return mk.Text, true
		}
	}
	return "", false
}

func has(set []string, key string) bool {
	for _, k := range set {
		if k == key {
			return true
		}
	}
	return false
}

// arrayError is the diagnostic of a JSONArray body that is not calls.
func arrayError(off int, msg string) error { return &pylit.SyntaxError{Offset: off, Msg: msg} }

// read reads the body of a JSONArray block.
func (k *Keys) read(m *Machine, body string) ([]Item, error) {
	open := jsonvalue.SkipSpace(body, 0)
	if open == len(body) {
		if mk, ok := openingMarker(m); ok && k.valueEnds {
			// The marker stood last (the response or the turn ended
			// after it): no value came, so it was a word of the prose.
			return []Item{{Content: mk + body}}, nil
		}
		return nil, nil // an empty block holds no calls
	}
	if c := body[open]; c != '[' && c != '{' {
		return nil, arrayError(open, "the block holds no JSON array or object of calls")
	}
	raw, err := m.ReadValue(body, open)
	if err != nil {
		return nil, offsetError(err, open)
	}
	js := unsafe.String(unsafe.SliceData(raw), len(raw)) // the machine's until read returns: what is kept is copied
	if js[0] == '{' && k.ArrayOnly {
		return nil, arrayError(open, "the block holds one call object, not an array of them")
	}
	if js[0] == '{' {
		c, err := k.call(js, m.Parser())
		if err != nil {
			return nil, arrayError(open, err.Error())
		}
		return m.OneCall(c, open), nil
	}
	n := 0
	for i, c := range elements(js) { // count them first: one allocation each for the items and the calls
		if c == "" || i < 0 {
			return nil, arrayError(open, "the array is not JSON")
		}
		n++
	}
	if n == 0 {
		return nil, nil
	}
	if m.RefuseCalls(n, m.BodyStart()+open) { // more calls than the response may hand on
		return nil, errCapped
	}
	items := make([]Item, n)
	calls := make([]toolcall.Call, n)
	j := 0
	for _, el := range elements(js) {
		c, err := k.call(el, m.Parser())
		if err != nil {
			return nil, arrayError(open, "element "+strconv.Itoa(j)+" of the array: "+err.Error())
		}
		calls[j] = c
		items[j] = Item{Call: &calls[j], Offset: open}
		j++
	}
	return items, nil
}

// elements yields the elements of the compact JSON array js, each with
// its index; an index of -1 says js is no array.
func elements(js string) func(yield func(int, string) bool) {
	return func(yield func(int, string) bool) {
		if len(js) < 2 || js[0] != '[' || js[len(js)-1] != ']' {
			yield(-1, "")
			return
		}
		i := 1
		for n := 0; i < len(js)-1; n++ {
			var e jsonvalue.End
			w, done := e.Feed(js[i : len(js)-1])
			if !done && !e.Started() {
				yield(-1, "")
				return
			}
			if !yield(n, js[i:i+w]) {
				return
			}
			i += w
			if i < len(js)-1 {
				if js[i] != ',' {
					yield(-1, "")
					return
				}
				i++
			}
		}
	}
}

// callError says why an element is no call.
type callError string

func (e callError) Error() string { return string(e) }

// call reads one call object, compact JSON; what it returns is its own.
func (k *Keys) call(obj string, p *pylit.Parser) (toolcall.Call, error) {
	var buf [8]jsonkeys.Member
	members, ok := jsonkeys.AppendMembers(buf[:0], obj)
	if !ok {
		return toolcall.Call{}, callError("not a call object")
	}
	if k.NameKeyed && len(members) == 1 && !has(k.Name, members[0].Key) && !has(k.Args, members[0].Key) && !has(k.ID, members[0].Key) {
		m := members[0]
		if m.Key == "" || !strings.HasPrefix(m.Raw, "{") {
			return toolcall.Call{}, callError("a call named by its key holds no object")
		}
		return toolcall.Call{Name: strings.Clone(m.Key), Arguments: strings.Clone(m.Raw)}, nil
	}
	var name, args, id *jsonkeys.Member
	for i := range members {
		m := &members[i]
		var slot **jsonkeys.Member
		switch {
		case has(k.Name, m.Key):
			slot = &name
		case has(k.Args, m.Key):
			slot = &args
		case has(k.ID, m.Key):
			slot = &id
		default:
			continue
		}
		if *slot != nil {
			return toolcall.Call{}, callError("a call object has two " + m.Key + " members")
		}
		*slot = m
	}
	if name == nil {
		return toolcall.Call{}, callError("a call object has no name")
	}
	n, ok := jsonvalue.Unquote(name.Raw)
	if !ok || n == "" || name.Raw[0] != '"' {
		return toolcall.Call{}, callError("a call object's name is not a string")
	}
	c := toolcall.Call{Name: strings.Clone(n), Arguments: "{}"}
	if args != nil {
		a, err := jsoncall.Arguments(unsafe.Slice(unsafe.StringData(args.Raw), len(args.Raw)), p)
		if err != nil {
			return toolcall.Call{}, callError("the arguments of " + c.Name + ": " + err.Error())
		}
		c.Arguments = a
	}
	if id != nil && strings.HasPrefix(id.Raw, `"`) {
		if s, ok := jsonvalue.Unquote(id.Raw); ok {
			c.ID = strings.Clone(s)
		}
	}
	return c, nil
}

// follow makes the Follower of a JSONArray block: it follows the body's
// first call object (the array's first element, or the body's object),
// whose name must come before its arguments; the model's ID counts when
// it comes before them too.
func (k *Keys) follow(m *Machine) Follower { return &arrayCall{keys: k, m: m} }

type arrayCall struct {
	callMembers // st: aOpen before the array's '['
	keys        *Keys
	m           *Machine
	started     bool
	role        uint8 // what the member's value is
	id          string
}

// The roles of a call object's member.
const (
	rOther uint8 = iota
	rName
	rArgs
	rID
	rKeyed // a member named after the tool (Keys.NameKeyed)
)

// aOpen is the state before the value's first byte: '[' or '{'.
const aOpen = oDone + 1

func (f *arrayCall) Feed(s string) {
	if !f.started {
		if s = trimBlanks(s); s == "" {
			return
		}
		f.started, f.st = true, aOpen
		pre := &f.m.body.pre
		if pre.reading() != nil && !pre.list { // the body's reader reads the JSON value
			f.from = pre
		} else {
			f.r.Reset(f.m.jsonParser(), pylit.GoalValue)
			f.r.Feed(s[:1]) // the value's first byte, which value.feed wants to be '{'
			s, f.seen = s[1:], true
		}
	}
	if f.st == oDone || f.dead { // the first call is read: the rest comes whole
		return
	}
	f.feed(s)
}

func (f *arrayCall) Call() (name, id string, args []byte, ok bool) {
	if !f.started {
		return "", "", nil, false
	}
	js := f.stable()
	f.read(js, f)
	return f.call(js, f.id)
}

// other reads a byte that starts no member: the array's '[' or the
// object's '{' (from aOpen), or what ends the object.
func (f *arrayCall) other(c byte) {
	switch {
	case f.st == aOpen && c == '[':
		f.st = oOpen
	case f.st == aOpen && f.keys.ArrayOnly:
		f.dead = true // one object where an array must stand: no call
	case f.st == aOpen && c == '{':
		f.st = oKey
	case f.st == aOpen || f.st == oOpen:
		f.dead = true // an array of something else
	default:
		f.st = oDone
	}
}

// colon notes the member whose key was read: what its value is.
func (f *arrayCall) colon() {
	key := unsafe.String(&f.key[1], len(f.key)-2) // f.key's: copied when kept
	f.role = rOther
	switch {
	case has(f.keys.Name, key):
		f.role = rName
	case has(f.keys.Args, key):
		f.role = rArgs
	case has(f.keys.ID, key):
		f.role = rID
	case f.keys.NameKeyed && f.name == "" && key != "":
		// the only member, as the call is read, or no call: a second
		// member after it makes the block's read no call, and the
		// stream withdraws the call
		f.role, f.name = rKeyed, strings.Clone(key)
	}
	if f.role == rArgs || f.role == rKeyed {
		f.argsStart()
	}
}

// member notes a member whose value ended.
func (f *arrayCall) member(val []byte) {
	switch f.role {
	case rName:
		v, err := jsonvalue.Decode(string(val))
		if err != nil || v.Kind != jsonvalue.String || f.name != "" {
			f.dead = true // a name that is no string, twice, or after the arguments
			return
		}
		f.name = v.Str
	case rID:
		if v, err := jsonvalue.Decode(string(val)); err == nil && v.Kind == jsonvalue.String && f.args == 0 {
			f.id = v.Str
		}
	case rArgs, rKeyed:
		f.argsEnd = f.pos
	}
}
