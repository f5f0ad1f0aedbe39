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
	hPair                   // after '[' '[' or '[' '(': a pair's quoted name?
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
	pairs bool // '[' '[' or '[' '(': a list of name and arguments pairs
	list  pylit.ListHead
	quote byte
	kpos  int   // key bytes matched
	kset  uint8 // keys still possible
	// known, when set, says whether a key is a requested tool's name: an
	// object whose first key is one ({"get_weather": {...}}) is a call too;
	// key holds the key's bytes while it may be one.
	known func(string) bool
	key   []byte
}

// maxToolKey bounds the key bytes head keeps to match a tool's name.
const maxToolKey = 128

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
			case (c == '[' || c == '(') && h.known != nil:
				// [["get_weather", {...}]] or [('f', {...})]: a pair's
				// name must follow, in quotes
				h.phase, h.pairs = hPair, true
			default:
				h.phase = hCall
				res, n := h.list.Feed(s[i:])
				return res, i + n
			}
		case hCall:
			res, n := h.list.Feed(s[i:])
			return res, i + n
		case hPair:
			switch {
			case jsonvalue.IsSpace(c):
			case c == '"' || c == '\'':
				return marker.Full, i + 1 // read whole, then decided
			default:
				return marker.None, i
			}
		case hBrace:
			switch {
			case jsonvalue.IsSpace(c):
			case c == '"' || c == '\'':
				h.phase, h.quote, h.kpos, h.kset = hKey, c, 0, 1<<len(keys)-1
				h.key = h.key[:0]
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
				if h.known != nil && len(h.key) > 0 && len(h.key) <= maxToolKey && h.known(string(h.key)) {
					return marker.Full, i + 1 // a dict keyed by a tool's name
				}
				return marker.None, i
			}
			for k, key := range keys {
				if h.kpos >= len(key) || key[h.kpos] != c {
					h.kset &^= 1 << k
				}
			}
			if h.known != nil && len(h.key) <= maxToolKey {
				h.key = append(h.key, c)
			} else if h.kset == 0 {
				return marker.None, i
			}
			h.kpos++
		}
	}
	return marker.Partial, len(s)
}
