package llama4

import (
	"github.com/toolparse/toolparse/internal/jsonvalue"
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/pylit"
)

type headPhase uint8

const (
	hStart headPhase = iota // before '[' or '{'
	hList                   // after '[': a name or '{' may follow
	hCall                   // a call list's head, read by a pylit.ListHead
	hBrace                  // after '{': a key's quote may follow
	hKey                    // inside the key
)

// keys are the keys a JSON call object may start with: models write its
// members in any order.
var keys = [...]string{"name", "type", "function", "arguments", "parameters"}

// head recognises the start of a call list, '[' name '(' (as the pythonic
// format does), of an array of call objects, '[' '{' "name", and of a call
// object, '{' "name" (or "type", "function"), one byte at a time so it can
// wait across deltas.
type head struct {
	phase headPhase
	array bool // '[' '{': an array of call objects
	list  pylit.ListHead
	quote byte
	kpos  int   // key bytes matched
	kset  uint8 // keys still possible
}

// Feed scans s. Full: the head is complete through s[n-1]. Partial: all of
// s fits a head so far. None: no head; scanning resumes at s[n].
func (h *head) Feed(s string) (res marker.Result, n int) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch h.phase {
		case hStart:
			switch c {
			case '[':
				h.phase = hList
				h.list = pylit.ListHead{}
				h.list.Feed("[")
			case '{':
				h.phase = hBrace
			default:
				return marker.None, i
			}
		case hList:
			switch {
			case jsonvalue.IsSpace(c):
			case c == '{':
				h.phase, h.array = hBrace, true
			default:
				h.phase = hCall
				res, n := h.list.Feed(s[i:])
				return res, i + n
			}
		case hCall:
			res, n := h.list.Feed(s[i:])
			return res, i + n
		case hBrace:
			switch {
			case jsonvalue.IsSpace(c):
			case c == '"' || c == '\'':
				h.phase, h.quote, h.kpos, h.kset = hKey, c, 0, 1<<len(keys)-1
			default:
				return marker.None, i
			}
		case hKey:
			if c == h.quote {
				for k, key := range keys {
					if h.kset&(1<<k) != 0 && len(key) == h.kpos {
						return marker.Full, i + 1
					}
				}
				return marker.None, i
			}
			for k, key := range keys {
				if h.kpos >= len(key) || key[h.kpos] != c {
					h.kset &^= 1 << k
				}
			}
			if h.kset == 0 {
				return marker.None, i
			}
			h.kpos++
		}
	}
	return marker.Partial, len(s)
}
