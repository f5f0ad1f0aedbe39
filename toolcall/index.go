package toolcall

import (
	"strings"
	"sync"
	"unsafe"
)

// toolIndex finds a request's tools by name in time proportional to the
// name, not to the number of tools, and keeps what other packages derive
// from each tool once per request (the schema package's compiled schema).
type toolIndex struct {
	base  *Tool // the Tools it was built from: a Request whose Tools
	n     int   // changed since is not indexed any more
	exact map[string]int
	loose map[string]int // folded name → the tool's index, or ambiguous
	mu    sync.Mutex
	slots [][]slot // per tool: what packages attached (a key or two each)
}

// slot is what a package attached to a tool under key.
type slot struct{ key, v any }

// find returns what is attached to tool i under key.
func (x *toolIndex) find(i int, key any) (any, bool) {
	if x.slots == nil {
		return nil, false
	}
	for _, s := range x.slots[i] {
		if s.key == key {
			return s.v, true
		}
	}
	return nil, false
}

// ambiguous marks a folded name two tools share.
const ambiguous = -2

// Index indexes the request's tools by name, exact and folded as
// matchTool folds them, so that Match costs a lookup instead of a
// comparison with every tool. stream.New indexes its copy of the request;
// a Format's decoder used without a stream works unindexed, only slower.
// An index stays with the Tools it was built from: assigning a different
// slice to Tools (or appending to it) makes the request unindexed again
// until Index is called again; renaming a tool in place is not noticed.
func (r *Request) Index() {
	if r == nil {
		return
	}
	x := &toolIndex{base: unsafe.SliceData(r.Tools), n: len(r.Tools)}
	r.index = x
	if len(r.Tools) <= scanTools {
		return // a few tools are found as fast by comparing names
	}
	x.exact = make(map[string]int, len(r.Tools))
	x.loose = make(map[string]int, len(r.Tools))
	var fold []byte
	for i, t := range r.Tools {
		if _, dup := x.exact[t.Name]; !dup {
			x.exact[t.Name] = i
		}
		fold = AppendFoldedName(fold[:0], t.Name)
		switch j, seen := x.loose[string(fold)]; {
		case !seen:
			x.loose[string(fold)] = i
		case j != i:
			x.loose[string(fold)] = ambiguous
		}
	}
}

// scanTools is how many tools Match compares a name with one by one
// rather than through maps.
const scanTools = 8

// Indexed reports whether the request is indexed for its current Tools.
func (r *Request) Indexed() bool { return r.indexed() != nil }

// indexed returns the request's index, or nil when it has none that
// describes its Tools.
func (r *Request) indexed() *toolIndex {
	if r == nil || r.index == nil || r.index.base != unsafe.SliceData(r.Tools) || r.index.n != len(r.Tools) {
		return nil
	}
	return r.index
}

// Match returns the index in r.Tools of the tool name refers to, as
// matchTool finds it, or -1: a lookup when the request is indexed.
func (r *Request) Match(name string) int {
	if r == nil {
		return -1
	}
	x := r.indexed()
	if x == nil || x.exact == nil {
		return matchTool(r.Tools, name)
	}
	if k := x.match(name); k >= 0 || !strings.Contains(name, `\_`) {
		return k
	}
	return x.match(strings.ReplaceAll(name, `\_`, "_"))
}

// match is Match without the Markdown unescaping.
func (x *toolIndex) match(name string) int {
	if i, ok := x.exact[name]; ok {
		return i
	}
	found := x.looseFind(name)
	if trimmed, ok := strings.CutPrefix(name, "functions."); ok {
		switch t := x.looseFind(trimmed); {
		case t == ambiguous || found == ambiguous:
			return -1
		case t >= 0 && found >= 0 && t != found:
			return -1
		case t >= 0:
			found = t
		}
	}
	if found < 0 {
		return -1
	}
	return found
}

// looseFind returns the tool whose folded name is name's, -1 for none,
// ambiguous for more than one.
func (x *toolIndex) looseFind(name string) int {
	var buf [64]byte
	fold := AppendFoldedName(buf[:0], name)
	if i, ok := x.loose[string(fold)]; ok {
		return i
	}
	return -1
}

// Attached returns what build returns for the request's tool i, made once
// per indexed request and key and kept with the index (the schema package
// keeps each tool's compiled schema here). On a request that is not
// indexed, or for an i out of range, it calls build every time. Safe for
// concurrent use.
func (r *Request) Attached(i int, key any, build func(Tool) any) any {
	if r == nil || i < 0 || i >= len(r.Tools) {
		return nil
	}
	x := r.indexed()
	if x == nil {
		return build(r.Tools[i])
	}
	x.mu.Lock()
	if v, ok := x.find(i, key); ok {
		x.mu.Unlock()
		return v
	}
	x.mu.Unlock()
	v := build(r.Tools[i]) // outside the lock: building may be slow
	x.mu.Lock()
	defer x.mu.Unlock()
	if old, ok := x.find(i, key); ok {
		return old
	}
	if x.slots == nil {
		x.slots = make([][]slot, x.n)
	}
	x.slots[i] = append(x.slots[i], slot{key, v})
	return v
}
