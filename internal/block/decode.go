package block

import (
	"bytes"
	"errors"
	"strings"

	"github.com/toolparse/toolparse/internal/jsoncall"
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/pylit"
	"github.com/toolparse/toolparse/toolcall"
)

// Item is one thing a block's body holds: a call, or the source text of a
// call that did not parse, which becomes content.
type Item struct {
	Call     *toolcall.Call
	Content  string
	Err      error                // why Content did not parse
	Offset   int                  // where the item starts in the body
	Repaired []*pylit.SyntaxError // what the call needed read leniently, offsets in the body
}

// ErrNotCalls says a body is not calls at all.
var ErrNotCalls = errors.New("the block holds no calls")

// Decode reads the calls in a block's body: nothing for an empty body or
// [], a pythonic call list, calls separated by ',' ';' or newlines, or JSON
// call objects (one, several, or an array). A body holding one call that does
// not parse cleanly, whose last argument is a string, is read once more with
// that string running to the last quote of its kind before the final ')'
// (the pythonic package's literal language). The error is non-nil when the body is not calls.
func Decode(body string, p *pylit.Parser, known func(string) bool) ([]Item, error) {
	return decode(body, p, known, nil, nil)
}

// decode is Decode, given what the body's scan read of the whole body on
// the way (preRead; nil when it read nothing): the JSON of the value it is
// or the elements of the call list it is, read as the parse below would.
//
// A body of one call object read on the way has its item in one, when
// given (the machine's buffer, valid until the next block).
func decode(body string, p *pylit.Parser, known func(string) bool, pre *pylit.Reader, one *[1]Item) ([]Item, error) {
	lo := len(body) - len(strings.TrimLeft(body, jsonvalue.Spaces))
	trimmed := strings.TrimSpace(body)
	switch {
	case trimmed == "":
		return nil, nil
	case trimmed[0] == '{' || trimmed[0] == '[' && strings.HasPrefix(strings.TrimLeft(trimmed[1:], jsonvalue.Spaces), "{"):
		return decodeJSON(trimmed, lo, p, known, pre, one)
	case trimmed[0] == '[' && pairList(trimmed):
		// a list of name and arguments pairs
		if calls, err := jsoncall.Parse(trimmed, p, known); err == nil {
			return callItems(calls, lo), nil
		}
		return nil, ErrNotCalls
	case len(trimmed) >= 2 && trimmed[0] == '[' && trimmed[len(trimmed)-1] == ']' && strings.TrimSpace(trimmed[1:len(trimmed)-1]) == "":
		return nil, nil
	}
	var elems []pylit.Element
	var err error
	switch {
	case trimmed[0] == '[' && pre != nil: // read on the way
		elems, err = pre.Elements(), pre.Close()
	case trimmed[0] == '[':
		elems, err = p.ParseList(trimmed)
	case pre != nil: // a run, read on the way
		elems, err = pre.Elements(), pre.Close()
	default:
		elems, err = p.ParseRun(trimmed)
	}
	clean := err == nil
	for _, el := range elems {
		clean = clean && el.Err == nil
	}
	if !clean && looksLikeOneCall(trimmed) {
		if c, err := p.ParseCallReread(trimmed); err == nil {
			return []Item{{Call: &c, Offset: lo}}, nil
		}
	}
	if err != nil {
		return nil, offsetError(err, lo)
	}
	items := make([]Item, 0, len(elems))
	calls := make([]toolcall.Call, 0, len(elems)) // one allocation for the block's calls
	for _, el := range elems {
		if el.Err != nil {
			items = append(items, Item{Content: trimmed[el.Start:el.End], Err: offsetError(el.Err, lo), Offset: lo + el.Start})
			continue
		}
		calls = append(calls, el.Call)
		c := &calls[len(calls)-1]
		var repaired []*pylit.SyntaxError
		for _, r := range el.Repaired {
			repaired = append(repaired, &pylit.SyntaxError{Offset: lo + r.Offset, Msg: r.Msg})
		}
		items = append(items, Item{Call: c, Offset: lo + el.Start, Repaired: repaired})
	}
	return items, nil
}

// decodeJSON reads JSON call objects: one, an array, or several separated
// by whitespace, ',' or ';'.
func decodeJSON(text string, lo int, p *pylit.Parser, known func(string) bool, pre *pylit.Reader, one *[1]Item) ([]Item, error) {
	if pre != nil && pre.Close() == nil { // read on the way
		raw := bytes.TrimSpace(pre.Stable())
		if one != nil && len(raw) > 0 && raw[0] == '{' {
			if c, err := jsoncall.FromObjectJSON(raw, p, known); err == nil {
				one[0] = Item{Call: &c, Offset: lo}
				return one[:], nil
			}
		} else if calls, err := jsoncall.FromJSON(raw, p, known); err == nil {
			return callItems(calls, lo), nil
		}
	} else if calls, err := jsoncall.Parse(text, p, known); err == nil {
		return callItems(calls, lo), nil
	}
	var items []Item
	rest := text
	for rest != "" {
		var r pylit.Recognizer
		r.Reset(p.MaxDepth)
		n, st := r.Feed(rest)
		if st != pylit.Closed {
			return nil, ErrNotCalls
		}
		calls, err := jsoncall.Parse(rest[:n], p, known)
		if err != nil {
			return nil, err
		}
		items = append(items, callItems(calls, lo+len(text)-len(rest))...)
		rest = strings.TrimLeft(rest[n:], " \t\r\n,;")
	}
	return items, nil
}

// pairList reports whether text, a '[' first, goes on with another '[' or
// a '(': a list of name and arguments pairs, if anything.
func pairList(text string) bool {
	next := strings.TrimLeft(text[1:], jsonvalue.Spaces)
	return next != "" && (next[0] == '[' || next[0] == '(')
}

func callItems(calls []toolcall.Call, off int) []Item {
	items := make([]Item, len(calls))
	for i := range calls {
		items[i] = Item{Call: &calls[i], Offset: off}
	}
	return items
}

func offsetError(err error, lo int) error {
	if se, ok := err.(*pylit.SyntaxError); ok {
		return &pylit.SyntaxError{Offset: se.Offset + lo, Msg: se.Msg, Err: se.Err}
	}
	return err
}

// looksLikeOneCall reports whether text is shaped like name(...), maybe in
// [ ].
func looksLikeOneCall(text string) bool {
	text = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(text, "["), "]"))
	if text == "" || !pylit.IsNameStartByte(text[0]) {
		return false
	}
	n := pylit.NameEnd(text, 0)
	return strings.HasPrefix(strings.TrimLeft(text[n:], " \t"), "(") && strings.HasSuffix(text, ")")
}

// LooksLikeOneCall reports whether text, trimmed, is shaped like
// name(...), maybe in [ ]: a candidate for ParseCallReread.
func LooksLikeOneCall(text string) bool { return looksLikeOneCall(strings.TrimSpace(text)) }

// Sections returns the body readers of a format whose calls stand between
// begin and end markers, in a section or alone: section reads a section's
// body (ReadCalls; a section with no call is not calls), single the text
// after a begin marker with no section around it.
func Sections(begin, end string, one func(m *Machine, text string, off int) (toolcall.Call, error)) (section, single func(*Machine, string) ([]Item, error)) {
	section = func(m *Machine, body string) ([]Item, error) {
		if strings.TrimSpace(body) == "" {
			return nil, nil
		}
		items := ReadCalls(body, begin, end, func(text string, off int) (toolcall.Call, error) { return one(m, text, off) })
		for _, it := range items {
			if it.Call != nil {
				return items, nil
			}
		}
		return nil, ErrNotCalls
	}
	single = func(m *Machine, body string) ([]Item, error) {
		c, err := one(m, body, 0)
		if err != nil {
			return nil, err
		}
		return m.OneCall(c, 0), nil
	}
	return section, single
}

// ReadCalls reads a body made of calls that markers frame: each begun by
// begin and ended by end, or by the next begin, or by the end of the body
// (a missing end marker is tolerated). read reads one call's text, between
// its markers, at offset off of the body. Whitespace between calls is
// dropped; other text, and a call read fails on, is content.
func ReadCalls(body, begin, end string, read func(text string, off int) (toolcall.Call, error)) []Item {
	// One count of the begin markers sizes the items and the calls, so a
	// body of n calls costs two allocations, not one per call and more
	// for the list's growth.
	n := 0
	if begin != "" {
		n = strings.Count(body, begin)
	}
	items := make([]Item, 0, n+1)
	calls := make([]toolcall.Call, 0, n)
	content := func(from, to int, err error) {
		text := body[from:to]
		if strings.TrimSpace(text) == "" {
			return
		}
		if n := len(items); n > 0 && items[n-1].Call == nil && items[n-1].Offset+len(items[n-1].Content) == from {
			// content right after content is one item, with the first
			// one's reason: a run of broken calls costs one item
			items[n-1].Content = body[items[n-1].Offset:to]
			return
		}
		if err == nil {
			err = &pylit.SyntaxError{Offset: from, Msg: "text that is not a call"}
		}
		items = append(items, Item{Content: text, Err: err, Offset: from})
	}
	i := 0
	for i < len(body) {
		b := strings.Index(body[i:], begin)
		if b < 0 {
			content(i, len(body), nil)
			break
		}
		content(i, i+b, nil)
		start := i + b
		from := start + len(begin)
		// The call ends at the next begin, or at an end before it: the
		// end is looked for only up to the next begin, so that calls
		// without end markers cost one look at each byte, not a search
		// to the end of the body each.
		to, next := len(body), len(body)
		if nb := strings.Index(body[from:], begin); nb >= 0 {
			to, next = from+nb, from+nb
		}
		if e := strings.Index(body[from:to], end); e >= 0 {
			to, next = from+e, from+e+len(end)
		}
		c, err := read(body[from:to], from)
		if err != nil {
			content(start, next, err)
		} else {
			calls = append(calls, c)
			items = append(items, Item{Call: &calls[len(calls)-1], Offset: start})
		}
		i = next
	}
	return items
}
