package stream

import (
	"hash/maphash"

	"github.com/toolparse/toolparse/internal/marker"
)

// nextTurns are what a model writes when it runs on into a next turn
// after its answer (a base model's "### Instruction", a chat model's own
// next header, a transcript's "User:" at a line's start). Calls read after
// one that follows prose are the next turn's, not this response's.
var nextTurns = marker.NewSet("### Instruction", "<|im_start|>assistant", "<|start_header_id|>assistant<|end_header_id|>", "\nUser:")

// maxTurn bounds the markers' length: what turns holds of a partial one.
const maxTurn = 48

// turns watches the content for a next turn, and counts the prose between
// calls so that a call repeating an earlier one in an explanation after it
// can be told from a list of identical calls.
type turns struct {
	prose bool // content other than whitespace came
	// pend holds the end of the content so far when it is the start of a
	// next turn marker that the next content may complete.
	pend  [maxTurn]byte
	ended bool // a next turn began after prose: no more calls
	// sinceCall says content holding more than a call list's separators
	// came since the last call; proseMark counts the calls it came
	// before, and calls[hash of name and arguments] is the mark when such
	// a call was handed on: a call whose mark is below the current one
	// had prose after it.
	sinceCall bool
	npend     int
	proseMark int
	// The marks of the first calls are in few, searched in turn; past
	// fewCalls of them, in calls, by the hash of name and arguments.
	few   []callMark
	calls *callMap
}

// callMap holds the marks of calls by the hash of their name and
// arguments, with the stream's own seed.
type callMap struct {
	seed  maphash.Seed
	marks map[uint64]int
}

// callMark is the mark of a call handed on, with its name and arguments
// (the call's own strings).
type callMark struct {
	name, args string
	mark       int
}

// fewCalls is how many calls' marks are searched in turn before a map
// holds them: a response has few calls, and a map costs more to make than
// a few comparisons.
const fewCalls = 16

// content notes text handed on as content. Its usual case, prose after
// prose with no byte that begins a marker, is one look for such a byte
// (the prose path's cost per delta).
func (t *turns) content(text string) {
	if t.npend == 0 && t.prose && t.sinceCall {
		k := nextTurns.Index(text)
		if k < 0 {
			return
		}
		text = text[k:]
	}
	t.note(text)
}

// note is content's general case: each place a marker may begin is
// matched, with what the last content left partly matched before it.
func (t *turns) note(text string) {
	if !t.sinceCall && !onlySeparators(text) {
		t.sinceCall = true
	}
	for !t.ended && (t.npend > 0 || text != "") {
		if t.npend > 0 { // a marker begun in earlier content
			var buf [2 * maxTurn]byte
			joined := append(append(buf[:0], t.pend[:t.npend]...), text[:min(len(text), maxTurn)]...)
			res, _, n := marker.Match(nextTurns, joined)
			switch {
			case res == marker.Partial: // all of text is in joined: it is shorter than a marker
				t.npend += copy(t.pend[t.npend:], text)
				return
			case res == marker.Full:
				text, t.npend = text[n-t.npend:], 0
				t.ended = t.prose
			case n < t.npend: // no marker: look again after the bytes ruled out
				t.prose = t.prose || hasProse(t.pend[:n])
				t.npend = copy(t.pend[:], t.pend[n:t.npend])
			default:
				t.prose = t.prose || hasProse(joined[:n])
				text, t.npend = text[n-t.npend:], 0
			}
			continue
		}
		k := nextTurns.Index(text)
		if k < 0 {
			t.prose = t.prose || hasProse(text)
			return
		}
		t.prose = t.prose || hasProse(text[:k])
		res, _, n := marker.Match(nextTurns, text[k:])
		switch res {
		case marker.Partial:
			t.npend = copy(t.pend[:], text[k:])
			return
		case marker.Full:
			t.ended = t.prose
		default:
			t.prose = t.prose || hasProse(text[k:k+n])
		}
		text = text[k+n:]
	}
}

// hasProse reports whether text holds a byte other than whitespace.
func hasProse[S ~string | ~[]byte](text S) bool {
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
// on earlier with prose between them, and notes it. Until prose came
// after a call no call can repeat one, and the first calls are noted as
// they are, with no hashing and no search.
func (t *turns) repeats(name, args string) bool {
	if t.sinceCall {
		t.proseMark++
		t.sinceCall = false
	}
	if t.few == nil && t.calls == nil {
		t.few = make([]callMark, 0, 8)
	}
	if t.proseMark == 0 && t.calls == nil && len(t.few) < fewCalls {
		t.few = append(t.few, callMark{name: name, args: args})
		return false
	}
	mark, seen := t.markOf(name, args)
	if !seen {
		t.record(name, args)
	}
	return seen && mark < t.proseMark
}

// markOf returns the mark of the call of name and arguments args, if one
// was handed on.
func (t *turns) markOf(name, args string) (int, bool) {
	if t.calls != nil {
		mark, ok := t.calls.marks[t.key(name, args)]
		return mark, ok
	}
	for _, c := range t.few {
		if c.name == name && c.args == args {
			return c.mark, true
		}
	}
	return 0, false
}

// record records the current mark for the call of name and arguments
// args.
func (t *turns) record(name, args string) {
	if t.calls == nil && len(t.few) < fewCalls {
		t.few = append(t.few, callMark{name: name, args: args, mark: t.proseMark})
		return
	}
	if t.calls == nil {
		t.calls = &callMap{seed: maphash.MakeSeed(), marks: make(map[uint64]int, 2*fewCalls)}
		for _, c := range t.few {
			if k := t.key(c.name, c.args); !t.has(k) {
				t.calls.marks[k] = c.mark
			}
		}
		t.few = nil
	}
	if k := t.key(name, args); !t.has(k) {
		t.calls.marks[k] = t.proseMark
	}
}

func (t *turns) has(key uint64) bool {
	_, ok := t.calls.marks[key]
	return ok
}

// key is the hash of a call's name and arguments, with the stream's own
// seed.
func (t *turns) key(name, args string) uint64 {
	var h maphash.Hash
	h.SetSeed(t.calls.seed)
	h.WriteString(name)
	h.WriteByte(0)
	h.WriteString(args)
	return h.Sum64()
}
