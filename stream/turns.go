package stream

import "hash/maphash"

// turns counts the prose between calls, so that a call repeating an
// earlier one in an explanation after it can be told from a list of
// identical calls. (A next turn the model runs on into is the decoder's to
// watch: the shipped formats read no call without their markers after
// one, and its text stays content.)
type turns struct {
	// sinceCall says content holding more than a call list's separators
	// came since the last call; proseMark counts the calls it came
	// before, and calls[hash of name and arguments] is the mark when such
	// a call was handed on: a call whose mark is below the current one
	// had prose after it.
	sinceCall bool
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

// content notes text handed on as content: once it holds more than a
// call list's separators, a call after it may repeat an earlier one.
func (t *turns) content(text string) {
	if !t.sinceCall && !onlySeparators(text) {
		t.sinceCall = true
	}
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
