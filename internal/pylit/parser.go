package pylit

import (
	"strings"
	"sync"

	"github.com/toolparse/toolparse/internal/jsonkeys"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/toolcall"
)

// Parser parses Python call literals (a superset that also accepts JSON
// literals) into calls with JSON arguments. The zero value is ready to use.
// A Parser holds no state between calls and may be shared.
type Parser struct {
	// MaxDepth caps the nesting of calls and containers;
	// toolcall.DefaultMaxDepth when 0.
	MaxDepth int
	// Params returns the parameter names the tool called name declares, in
	// the schema's order, so positional arguments can be assigned to them.
	// Without it, or when it returns too few names, positional arguments make
	// the call fail to parse.
	Params func(name string) []string
	// JSONEscapes reads \/ as JSON does, as '/', where Python keeps the
	// backslash; set it when the text is meant to be JSON.
	JSONEscapes bool
	// MaxCalls, when above 0, caps the elements of a call list or run: the
	// next one makes the whole text fail with ErrTooMany (a limit, as
	// ErrTooDeep is), and the rest is passed over as a Recognizer would,
	// so that a list of a million calls costs no million calls.
	MaxCalls int
}

// Element is one element of a call list, with its byte span in the list's
// source. Call.Name is always set; Err is non-nil when the element is shaped
// like a call, name(...), but its arguments do not parse.
type Element struct {
	Start, End int
	Call       toolcall.Call
	Err        *SyntaxError
	// Repaired lists what the parser read leniently in a call that stands
	// (offsets, like Start, count from the start of the parsed text): a
	// keyword argument given twice (the last value wins, at the place of
	// the first).
	Repaired []*SyntaxError
}

// readers keeps Readers for the Parser's methods, so reading many small
// texts does not allocate a Reader and its stacks each time.
var readers = sync.Pool{New: func() any { return new(Reader) }}

// read feeds src whole to a Reader for goal and hands it to use.
func (p *Parser) read(src string, goal Goal, use func(r *Reader, err error)) {
	r := readers.Get().(*Reader)
	r.Reset(*p, goal)
	r.Feed(src)
	use(r, r.Close())
	r.elems = nil // handed on
	r.cfg.Params = nil
	readers.Put(r)
}

// callSpan returns where the one call in src lies: without the
// whitespace around it, and inside the [ ] it may be wrapped in.
func callSpan(src string) (lo, hi int) {
	lo, hi = 0, len(src)
	for lo < hi && isSpaceByte(src[lo]) {
		lo++
	}
	for hi > lo && isSpaceByte(src[hi-1]) {
		hi--
	}
	if lo < hi && src[lo] == '[' && src[hi-1] == ']' {
		lo, hi = lo+1, hi-1
	}
	return lo, hi
}

// ParseCall parses one call, name(args), that spans all of src apart from
// surrounding whitespace.
func (p *Parser) ParseCall(src string) (c toolcall.Call, err error) {
	p.read(src, GoalCall, func(r *Reader, e error) { c, err = r.call, e })
	return c, err
}

// ParseCallReread parses one call, optionally wrapped in [ ], like
// ParseCall; when that fails and the call's last argument is a string, it
// reads the call once more with that string running to the last quote of its
// kind before the call's final ')'. In a block whose end is known from its
// end marker, this keeps shell commands with nested quotes whole:
// bash(command='python3 -c "print(f('\,'))"') has one argument.
// The last argument is the string argument the first reading was in, or had
// last passed, when it failed; so the call is read at most twice.
func (p *Parser) ParseCallReread(src string) (toolcall.Call, error) {
	lo, hi := callSpan(src)
	body := src[:hi]
	var r Reader
	r.Reset(*p, GoalCall)
	r.off, r.wantStrArgs = lo, true
	r.Feed(body[lo:])
	err := r.Close()
	if err == nil {
		return r.call, nil
	}
	final := strings.LastIndexByte(body, ')')
	at := -1
	for _, s := range r.strArgs {
		if s <= err.(*SyntaxError).Offset {
			at = s
		}
	}
	if final < lo || at < 0 {
		return toolcall.Call{}, err
	}
	r.Reset(*p, GoalCall)
	r.off, r.rereadAt, r.rereadSrc, r.final = lo, at, body, final
	r.Feed(body[lo:])
	if r.Close() != nil {
		return toolcall.Call{}, err
	}
	return r.call, nil
}

// ParseValue parses one literal value and returns it as compact JSON text.
func (p *Parser) ParseValue(src string) (v string, err error) {
	p.read(src, GoalValue, func(r *Reader, e error) { v, err = r.value(), e })
	return v, err
}

// ParseList parses a call list, [call, call, ...], that spans all of src
// apart from surrounding whitespace. An element shaped like a call whose
// arguments do not parse is returned with its Err set, so the caller can keep
// the other calls. The error is non-nil when src is not a list of
// call-shaped elements at all.
func (p *Parser) ParseList(src string) ([]Element, error) {
	return p.elements(src, GoalList)
}

// ParseRun parses calls separated by ',', ';' or newlines, with no brackets
// around them, that span all of src apart from surrounding whitespace.
// Elements are as for ParseList.
func (p *Parser) ParseRun(src string) ([]Element, error) {
	return p.elements(src, GoalRun)
}

func (p *Parser) elements(src string, goal Goal) (elems []Element, err error) {
	p.read(src, goal, func(r *Reader, e error) {
		if err = e; err == nil {
			elems = r.elems
		}
	})
	return elems, err
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// lastValuesWin rewrites the JSON object that starts at buf[mark] so that
// each key appears once, at its first place, with its last value.
func lastValuesWin(buf []byte, mark int) []byte {
	obj, err := jsonvalue.Decode(string(buf[mark:]))
	if err != nil {
		return buf
	}
	first := make(map[string]int, len(obj.Members))
	members := obj.Members[:0]
	for _, m := range obj.Members {
		if i, ok := first[m.Key]; ok {
			members[i].Val = m.Val
			continue
		}
		first[m.Key] = len(members)
		members = append(members, m)
	}
	obj.Members = members
	return obj.AppendJSON(buf[:mark])
}

// keySet finds repeated argument names; a map takes over past a few keys so
// a call with thousands of arguments stays linear.
type keySet struct {
	list []string
	m    map[string]struct{}
}

func (k *keySet) add(key string) bool {
	if k.m != nil {
		if _, dup := k.m[key]; dup {
			return false
		}
		k.m[key] = struct{}{}
		k.list = append(k.list, key)
		return true
	}
	for _, s := range k.list {
		if s == key {
			return false
		}
	}
	k.list = append(k.list, key)
	if len(k.list) > 8 {
		k.m = make(map[string]struct{}, 2*len(k.list))
		for _, s := range k.list {
			k.m[s] = struct{}{}
		}
	}
	return true
}

// ForRequest returns a Parser for a response to req: positional arguments
// take the parameters the matched tool's schema declares, read once per
// tool.
func ForRequest(req *toolcall.Request, maxDepth int) Parser {
	if req == nil {
		req = &toolcall.Request{}
	}
	var cache map[string][]string
	return Parser{MaxDepth: maxDepth, Params: func(name string) []string {
		i := req.Match(name)
		if i < 0 {
			return nil
		}
		tool := req.Tools[i].Name
		if p, ok := cache[tool]; ok {
			return p
		}
		if cache == nil {
			cache = make(map[string][]string)
		}
		p := jsonkeys.Properties(req.Tools[i].Parameters)
		cache[tool] = p
		return p
	}}
}
