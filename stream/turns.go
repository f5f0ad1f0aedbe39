package stream

import (
	"hash/maphash"
	"strings"
	"unsafe"
)

// nextTurns are what a model writes when it runs on into a next turn
// after its answer (a base model's "### Instruction", a chat model's own
// next header, a transcript's "User:" at a line's start). Calls read after
// one that follows prose are the next turn's, not this response's.
var nextTurns = [...]string{"### Instruction", "<|im_start|>assistant", "<|start_header_id|>assistant<|end_header_id|>", "\nUser:"}

// turnStarts are the first bytes of nextTurns.
const turnStarts = "#<\n"

// turns watches the content for a next turn, and counts the prose between
// calls so that a call repeating an earlier one in an explanation after it
// can be told from a list of identical calls.
type turns struct {
	prose bool // content other than whitespace came
	// pend holds the end of the content so far when it may begin a next
	// turn marker that the next content completes.
	pend  [48]byte
	npend int
	ended bool // a next turn began after prose: no more calls
	// proseMark counts the content pieces that hold more than a call
	// list's separators; calls[hash of name and arguments] is the mark
	// when such a call was handed on.
	proseMark int
	calls     map[uint64]int
	seed      maphash.Seed
}

// The outcomes of matching the next turn markers at a place.
const (
	noTurn = iota
	partTurn
	fullTurn
)

// matchTurn matches the markers against a followed by b: fullTurn and the
// marker's length when one starts there, partTurn when a and b together
// are the start of one.
func matchTurn(a, b string) (int, int) {
	res := noTurn
	for _, mk := range nextTurns {
		n := min(len(mk), len(a))
		if mk[:n] != a[:n] {
			continue
		}
		rest := mk[n:]
		switch {
		case len(b) >= len(rest) && b[:len(rest)] == rest:
			return fullTurn, len(mk)
		case len(b) < len(rest) && rest[:len(b)] == b:
			res = partTurn
		}
	}
	return res, 0
}

// content notes text handed on as content.
func (t *turns) content(text string) {
	if !onlySeparators(text) {
		t.proseMark++
	}
	if t.ended {
		return
	}
	for t.npend > 0 {
		pend := unsafe.String(&t.pend[0], t.npend)
		res, n := matchTurn(pend, text)
		switch res {
		case fullTurn:
			t.npend = 0
			if t.prose {
				t.ended = true
				return
			}
			text = text[n-len(pend):]
		case partTurn:
			t.npend += copy(t.pend[t.npend:], text)
			return
		default: // the first held byte begins no marker: look again after it
			t.prose = t.prose || pend[0] > ' '
			rest := pend[1:]
			q := strings.IndexAny(rest, turnStarts)
			if q < 0 {
				t.prose = t.prose || hasProse(rest)
				t.npend = 0
				break
			}
			t.prose = t.prose || hasProse(rest[:q])
			t.npend = copy(t.pend[:], rest[q:])
		}
	}
	for i := 0; i < len(text); {
		j := strings.IndexAny(text[i:], turnStarts)
		if j < 0 {
			t.prose = t.prose || hasProse(text[i:])
			return
		}
		t.prose = t.prose || hasProse(text[i:i+j])
		i += j
		switch res, n := matchTurn("", text[i:]); res {
		case fullTurn:
			if t.prose {
				t.ended = true
				return
			}
			i += n
		case partTurn:
			t.npend = copy(t.pend[:], text[i:])
			return
		default:
			t.prose = t.prose || text[i] > ' '
			i++
		}
	}
}

// hasProse reports whether text holds a byte other than whitespace.
func hasProse(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] > ' ' {
			return true
		}
	}
	return false
}

// onlySeparators reports whether text holds nothing but what separates the
// calls of a list: whitespace, ',', ';' and brackets.
func onlySeparators(text string) bool {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ' ', '\t', '\r', '\n', ',', ';', '[', ']', '(', ')':
		default:
			return false
		}
	}
	return true
}

// repeats reports whether a call of name and arguments repeats one handed
// on earlier with prose between them, and notes it.
func (t *turns) repeats(name, args string) bool {
	if t.calls == nil {
		t.calls = make(map[uint64]int)
		t.seed = maphash.MakeSeed()
	}
	var h maphash.Hash
	h.SetSeed(t.seed)
	h.WriteString(name)
	h.WriteByte(0)
	h.WriteString(args)
	key := h.Sum64()
	mark, seen := t.calls[key]
	if !seen {
		t.calls[key] = t.proseMark
	}
	return seen && mark < t.proseMark
}
