package stream

import (
	"hash/maphash"
	"unsafe"
)

// nextTurns are what a model writes when it runs on into a next turn
// after its answer (a base model's "### Instruction", a chat model's own
// next header, a transcript's "User:" at a line's start). Calls read after
// one that follows prose are the next turn's, not this response's.
var nextTurns = [...]string{"### Instruction", "<|im_start|>assistant", "<|start_header_id|>assistant<|end_header_id|>", "\nUser:"}

// turnStart says which bytes begin one of nextTurns.
var turnStart = [256]bool{'#': true, '<': true, '\n': true}

// turnsByFirst lists, by first byte, the nextTurns that start with it.
var turnsByFirst = [256][]int{'#': {0}, '<': {1, 2}, '\n': {3}}

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
	// sinceCall says content holding more than a call list's separators
	// came since the last call; proseMark counts the calls it came
	// before, and calls[hash of name and arguments] is the mark when such
	// a call was handed on: a call whose mark is below the current one
	// had prose after it.
	sinceCall bool
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
	var first byte
	switch {
	case a != "":
		first = a[0]
	case b != "":
		first = b[0]
	}
	for _, m := range turnsByFirst[first] {
		mk := nextTurns[m]
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

// content notes text handed on as content. Its usual case, prose after
// prose with no marker byte in it, is a loop over the text and nothing
// else (the prose path's cost per delta).
func (t *turns) content(text string) {
	if t.npend == 0 && t.prose && t.sinceCall {
		for i := 0; i < len(text); i++ {
			if turnStart[text[i]] {
				t.note(text[i:])
				return
			}
		}
		return
	}
	t.note(text)
}

// note is content's general case.
func (t *turns) note(text string) {
	if !t.sinceCall && !onlySeparators(text) {
		t.sinceCall = true
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
			q := 0
			for q < len(rest) && !turnStart[rest[q]] {
				q++
			}
			if q == len(rest) {
				t.prose = t.prose || hasProse(rest)
				t.npend = 0
				break
			}
			t.prose = t.prose || hasProse(rest[:q])
			t.npend = copy(t.pend[:], rest[q:])
		}
	}
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && !turnStart[text[j]] {
			j++
		}
		if !t.prose {
			t.prose = hasProse(text[i:j])
		}
		if j == len(text) {
			return
		}
		i = j
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
	if t.sinceCall {
		t.proseMark++
		t.sinceCall = false
	}
	mark, seen := t.calls[key]
	if !seen {
		t.calls[key] = t.proseMark
	}
	return seen && mark < t.proseMark
}
