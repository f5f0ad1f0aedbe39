// Package marker matches a format's special tokens (<|eot|>, <|python_start|>,
// </function_calls>, ...) at the start of text that may end in the middle of
// one, so a decoder can hold a partial marker until the next delta decides it.
package marker

import (
	"math/bits"
	"strings"
	"sync"
)

// Result says how the start of a text relates to a set of markers.
type Result int

const (
	None    Result = iota // no marker starts here
	Partial               // the text is a proper prefix of a marker: more bytes decide
	Full                  // a marker starts here
)

// Set is a fixed set of markers. Markers are short, so matching tries each in
// turn: constant work per call.
type Set struct {
	markers []string
	maxLen  int
	first   [4]uint64 // a bit per byte that begins some marker
	second  [4]uint64 // a bit per byte that stands second in some marker
	// firstOf is 1 + the index of the first marker each byte begins, 0
	// for none (FirstWith of one byte: a held '<' finds its marker at once)
	firstOf [256]uint8
	// shared holds, for a set of at most maxShared markers, how many
	// first bytes markers i and j share at [i*len(markers)+j], up to 255.
	shared []uint8
	// most holds, for each marker, the most first bytes it shares with
	// another (when shared is kept): past them it parts from none.
	most  []uint8
	short bool // some marker is shorter than two bytes
	// fours holds each marker's first four bytes, the first in the low
	// byte (0 for a marker shorter than four).
	fours []uint32
	// one says every marker begins with firstByte; two, that every marker
	// begins with firstByte or otherByte.
	one, two             bool
	firstByte, otherByte byte
	// nested says a marker is a proper prefix of another
	// (<|message_sep|> of <|message_sep|>\n\nfunction call<|role_sep|>):
	// Match then reads the set the slow way, the longer marker first.
	nested bool
	// lasts holds every marker's last byte; nil when a marker is empty.
	lasts *[256]bool
	// rests holds, for each marker and each length of a proper prefix of
	// it, the rests of the markers that prefix begins; every is the
	// markers that are not empty. Both are made at the first Rests, as few
	// sets are asked.
	restsOnce sync.Once
	rests     [][][]string
	every     []string
}

// NewSet returns the set of the given markers.
func NewSet(markers ...string) *Set {
	s := &Set{markers: markers, fours: make([]uint32, len(markers))}
	n := 0
	for i, m := range markers {
		if len(m) >= 4 {
			s.fours[i] = uint32(m[0]) | uint32(m[1])<<8 | uint32(m[2])<<16 | uint32(m[3])<<24
		}
		s.maxLen = max(s.maxLen, len(m))
		if m != "" && s.firstOf[m[0]] == 0 && i < 255 {
			s.firstOf[m[0]] = uint8(i + 1)
		}
		if len(m) < 2 {
			s.short = true
		} else {
			s.second[m[1]>>6] |= 1 << (m[1] & 63)
		}
		if m != "" && !s.Starts(m[0]) {
			s.first[m[0]>>6] |= 1 << (m[0] & 63)
			if n == 0 {
				s.firstByte = m[0]
			} else {
				s.otherByte = m[0]
			}
			n++
		}
	}
	s.one, s.two = n == 1, n == 2
	if len(markers) <= maxShared {
		s.shared, s.most = make([]uint8, len(markers)*len(markers)), make([]uint8, len(markers))
		for i, a := range markers {
			for j, b := range markers {
				k := 0
				for k < len(a) && k < len(b) && k < 255 && a[k] == b[k] {
					k++
				}
				s.shared[i*len(markers)+j] = uint8(k)
				if j != i {
					s.most[i] = max(s.most[i], uint8(k))
				}
			}
		}
	}
	for i, a := range markers {
		for j, b := range markers {
			if i != j && len(a) < len(b) && b[:len(a)] == a {
				s.nested = true
			}
		}
	}
	lasts := new([256]bool)
	for _, m := range markers {
		if m == "" {
			lasts = nil
			break
		}
		lasts[m[len(m)-1]] = true
	}
	if len(markers) > 0 {
		s.lasts = lasts
	}
	return s
}

// Rests returns what may follow prefix to make a marker of the set: the
// rests of the markers it begins (every marker, for an empty prefix), or
// nil when it is no proper prefix of one.
func (s *Set) Rests(prefix []byte) []string {
	s.restsOnce.Do(func() {
		s.rests = make([][][]string, len(s.markers))
		for i, m := range s.markers {
			if m != "" {
				s.every = append(s.every, m)
			}
			s.rests[i] = make([][]string, len(m))
			for k := 1; k < len(m); k++ {
				if j := FirstWith(s, m[:k]); j < i { // the same prefix: the same rests
					s.rests[i][k] = s.rests[j][k]
					continue
				}
				for _, o := range s.markers {
					if len(o) > k && o[:k] == m[:k] {
						s.rests[i][k] = append(s.rests[i][k], o[k:])
					}
				}
			}
		}
	})
	if len(prefix) == 0 {
		return s.every
	}
	if i := FirstWith(s, prefix); i >= 0 {
		return s.rests[i][len(prefix)]
	}
	return nil
}

// Branch returns the first marker of s that begins with the first k bytes
// of marker i followed by c, or -1: where a reader that holds a marker's
// start, and reads it a byte at a time, goes when the next byte parts
// from that marker (<|im_start|> and <|start_header_id|> part after "<|").
func (s *Set) Branch(i, k int, c byte) int {
	if uint(i) < uint(len(s.most)) && k > int(s.most[i]) && k < 255 { // past what marker i shares with any other
		if m := s.markers[i]; k < len(m) && m[k] == c {
			return i
		}
		return -1
	}
	return s.branch(i, k, c)
}

// branch is Branch for a start that other markers may share.
func (s *Set) branch(i, k int, c byte) int {
	if i < 0 || i >= len(s.markers) || k < 0 || k > len(s.markers[i]) {
		return -1
	}
	m := s.markers[i]
	if s.shared != nil && k < 255 { // the markers that share k bytes with m, by the table
		shared := s.shared[i*len(s.markers) : (i+1)*len(s.markers)]
		for j, o := range s.markers {
			if int(shared[j]) >= k && len(o) > k && o[k] == c {
				return j
			}
		}
		return -1
	}
	for j, o := range s.markers {
		// The byte first: most markers part from m there, if not before.
		if len(o) > k && o[k] == c && o[:k] == m[:k] {
			return j
		}
	}
	return -1
}

// FirstWith returns the index of the first marker of s that prefix is a
// proper prefix of, or -1.
func FirstWith[T ~string | ~[]byte](s *Set, prefix T) int {
	if len(prefix) == 1 && len(s.markers) < 256 {
		if i := int(s.firstOf[prefix[0]]) - 1; i < 0 || len(s.markers[i]) > 1 {
			return i
		}
	}
	for i, m := range s.markers {
		// The first bytes compared first: most markers differ there.
		if len(m) > len(prefix) && (len(prefix) == 0 || m[0] == prefix[0]) && m[:len(prefix)] == string(prefix) {
			return i
		}
	}
	return -1
}

// Lasts returns the bytes the markers end with: a marker can complete
// only at one of them. ok is false when a marker is empty, or there are
// none.
func (s *Set) Lasts() (lasts *[256]bool, ok bool) {
	return s.lasts, s.lasts != nil
}

// Nested reports whether a marker of the set is a proper prefix of
// another.
func (s *Set) Nested() bool { return s.nested }

// MaxLen is the length of the longest marker.
func (s *Set) MaxLen() int { return s.maxLen }

// Markers returns the markers in the order NewSet was given them.
func (s *Set) Markers() []string { return s.markers }

// Index returns the index of the first byte of text that begins some
// marker, or -1.
func (s *Set) Index(text string) int {
	if s.one {
		return strings.IndexByte(text, s.firstByte)
	}
	near := len(text)
	if s.two {
		near = min(near, nearBytes)
	}
	for i := 0; i < near; i++ {
		if s.Starts(text[i]) {
			return i
		}
	}
	// Markers of two first bytes, past the first few bytes of text: each
	// byte is searched for, a chunk at a time, so that a search stops
	// within a chunk of the byte it finds and no text is searched twice
	// over (a caller that goes on after the byte found pays for what it
	// reads).
	for from := near; from < len(text); from += chunk {
		c := text[from:min(len(text), from+chunk)]
		end := len(c)
		if k := strings.IndexByte(c, s.firstByte); k >= 0 {
			end = k
		}
		if k := strings.IndexByte(c[:end], s.otherByte); k >= 0 {
			return from + k
		}
		if end < len(c) {
			return from + end
		}
	}
	return -1
}

// maxShared is the most markers a set keeps the shared starts of (a
// byte per pair).
const maxShared = 32

// nearBytes are how many bytes Index reads one by one before it searches,
// and chunk how many it searches at a time.
const (
	nearBytes = 16
	chunk     = 256
)

// OnlyStartsWith reports whether every marker begins with the byte c.
func (s *Set) OnlyStartsWith(c byte) bool { return s.one && s.firstByte == c }

// Starts reports whether some marker begins with the byte c.
func (s *Set) Starts(c byte) bool { return s.first[c>>6]&(1<<(c&63)) != 0 }

// Second reports whether a byte followed by c may begin a marker: some
// marker has c as its second byte, or is shorter than two bytes. Text
// whose second byte it is not begins no marker, whatever its first.
func (s *Set) Second(c byte) bool { return s.short || s.second[c>>6]&(1<<(c&63)) != 0 }

// Match compares the start of text with the markers. For Full, idx is the
// marker and n its length. For Partial, n is len(text). For None, n is the
// length of the longest prefix of text that begins some marker: those bytes
// cannot start a marker themselves past the first one and can go out as text,
// and scanning resumes at text[n], the byte that ruled the markers out.
//
// Where a marker is a proper prefix of another, the longer one wins: text
// that holds the shorter one and may still grow into the longer one is
// Partial, and text that holds both is the longer one (Longest says which
// marker text holds when no more comes).
func Match[S ~string | ~[]byte](s *Set, text S) (res Result, idx, n int) {
	if len(text) >= 2 && !s.Second(text[1]) { // most text: no marker compared
		return None, -1, 1
	}
	if s.nested {
		return matchNested(s, text)
	}
	best := 0
	long := len(text) >= 4
	var four uint32 // text's first four bytes, when it has them
	if long {
		four = uint32(text[0]) | uint32(text[1])<<8 | uint32(text[2])<<16 | uint32(text[3])<<24
	}
	fours := s.fours[:len(s.markers)]
	for i, m := range s.markers {
		k := 0
		if long && len(m) >= 4 {
			// Most markers differ from the text in their first four
			// bytes: how many they share is where the words first differ.
			if d := four ^ fours[i]; d != 0 {
				best = max(best, bits.TrailingZeros32(d)/8)
				continue
			}
			if len(text) >= len(m) && string(text[4:len(m)]) == m[4:] {
				return Full, i, len(m)
			}
			k = 4
		}
		for k < len(text) && k < len(m) && text[k] == m[k] {
			k++
		}
		switch {
		case k == len(m):
			return Full, i, k
		case k == len(text):
			res, n = Partial, k
		}
		best = max(best, k)
	}
	if res == Partial {
		return Partial, -1, n
	}
	return None, -1, max(best, 1)
}

// matchNested is Match for a set where a marker is a proper prefix of
// another: every marker is compared, and a longer one wins.
func matchNested[S ~string | ~[]byte](s *Set, text S) (res Result, idx, n int) {
	best, full := 0, -1
	partial := false
	for i, m := range s.markers {
		k := 0
		for k < len(text) && k < len(m) && text[k] == m[k] {
			k++
		}
		switch {
		case k == len(m):
			if full < 0 || len(m) > len(s.markers[full]) {
				full = i
			}
		case k == len(text):
			partial = true
		}
		best = max(best, k)
	}
	switch {
	case partial:
		return Partial, -1, len(text)
	case full >= 0:
		return Full, full, len(s.markers[full])
	}
	return None, -1, max(best, 1)
}

// Longest returns the longest marker text begins with, as Match would
// once no more text can come: Full with its index and length, or None.
func Longest[S ~string | ~[]byte](s *Set, text S) (res Result, idx, n int) {
	idx = -1
	for i, m := range s.markers {
		if len(m) <= len(text) && string(text[:len(m)]) == m && (idx < 0 || len(m) > n) {
			idx, n = i, len(m)
		}
	}
	if idx < 0 {
		return None, -1, 0
	}
	return Full, idx, n
}
