package minimaxm3

// automaton finds a few markers in text one byte at a time, whatever the
// deltas: an Aho-Corasick machine whose state is the longest end of the
// text read that begins a marker. Its bytes are a prefix of a marker,
// word[state], so a state is all a decoder keeps of a marker cut by a
// delta's end: the bytes need not be held, and they go out as text,
// as a substring of the marker, when the next bytes rule it out. None of
// its markers holds another, so a state that completes one completes it
// alone.
type automaton struct {
	next  [][256]uint8 // the state after a byte
	depth []int        // len(word[state])
	word  []string     // the text a state stands for
	done  []int8       // the marker a state completes, or -1
	stop  [256]bool    // the bytes that leave state 0: the markers' first bytes
	max   int          // the longest marker
}

// newAutomaton builds the machine of markers (at most 255 states).
func newAutomaton(markers ...string) *automaton {
	a := &automaton{}
	add := func(word string) int {
		a.next = append(a.next, [256]uint8{})
		a.depth = append(a.depth, len(word))
		a.word = append(a.word, word)
		a.done = append(a.done, -1)
		return len(a.word) - 1
	}
	add("")
	// The trie: child[s][c] is 0 where the trie has no edge.
	for i, m := range markers {
		s := 0
		for k := 0; k < len(m); k++ {
			c := m[k]
			if a.next[s][c] == 0 {
				n := add(m[:k+1])
				a.next[s][c] = uint8(n)
			}
			s = int(a.next[s][c])
		}
		a.done[s] = int8(i)
		a.stop[m[0]] = true
		a.max = max(a.max, len(m))
	}
	if len(a.word) > 255 {
		panic("minimaxm3: too many marker states") // the package's own markers, not input
	}
	// The failure links, breadth first; then every missing edge is the
	// failure state's.
	fail := make([]int, len(a.word))
	trie := make([][256]uint8, len(a.next))
	copy(trie, a.next)
	queue := []int{}
	for c := 0; c < 256; c++ {
		if s := int(trie[0][c]); s != 0 {
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for c := 0; c < 256; c++ {
			t := int(trie[s][c])
			if t == 0 {
				a.next[s][c] = a.next[fail[s]][c]
				continue
			}
			fail[t] = int(a.next[fail[s]][c])
			queue = append(queue, t)
		}
	}
	return a
}

// skip returns the index of the first byte of s at or after i that leaves
// state 0, or len(s).
func (a *automaton) skip(s string, i int) int {
	for i < len(s) && !a.stop[s[i]] {
		i++
	}
	return i
}
