package pylit

import (
	"github.com/toolparse/toolparse/internal/marker"
	"github.com/toolparse/toolparse/internal/protocol"
)

type headPhase uint8

const (
	headStart     headPhase = iota // before the opening bracket
	headOpen                       // after '[', before the name
	headName                       // inside the name
	headAfterName                  // after the name, before '('
)

// ListHead recognises the start of a call list, '[' name '(', with
// whitespace allowed between the parts, one byte at a time so it can wait
// across deltas. Text that does not start that way is prose.
type ListHead struct {
	phase headPhase
}

// Quiet says which of the next bytes h reads without a trace, room of
// them at most (the caller's limit, where h would give up): inside the
// call's name, any but a byte of nameStops, for h stays Partial and says
// nothing until one; elsewhere, none.
func (h *ListHead) Quiet(room int) protocol.Quiet {
	if h.phase != headName || room <= 0 {
		return protocol.Quiet{}
	}
	return protocol.Quiet{Room: room, Stop: &nameStops}
}

// nameStops holds the bytes that end a name as ListHead reads it: all but
// name bytes (IsNameByte), the bytes of multi-byte characters and the
// backslash of Markdown's \_.
var nameStops = func() (stops [256]bool) {
	for c := range 256 {
		stops[c] = !IsNameByte(byte(c)) && c < 0x80 && c != '\\'
	}
	return stops
}()

// Feed scans s. Full: the head is complete and n counts its bytes through
// '('. Partial: all of s fits a head so far. None: s[n-1]... s[:n] cannot
// start a list and scanning resumes at s[n].
func (h *ListHead) Feed(s string) (res marker.Result, n int) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch h.phase {
		case headStart:
			if c != '[' {
				return marker.None, i
			}
			h.phase = headOpen
		case headOpen:
			switch {
			case isSpaceByte(c):
			case IsNameStartByte(c) || c >= 0x80 || c == '\\':
				h.phase = headName
			default:
				return marker.None, i
			}
		case headName:
			switch {
			case IsNameByte(c) || c >= 0x80 || c == '\\': // \_ in a name is markdown's _

			case isSpaceByte(c):
				h.phase = headAfterName
			case c == '(':
				return marker.Full, i + 1
			default:
				return marker.None, i
			}
		case headAfterName:
			switch {
			case isSpaceByte(c):
			case c == '(':
				return marker.Full, i + 1
			default:
				return marker.None, i
			}
		}
	}
	return marker.Partial, len(s)
}
