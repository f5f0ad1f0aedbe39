package marker

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestMatch(t *testing.T) {
	set := NewSet("<|eot|>", "<|eom|>", "<|python_start|>")
	tests := []struct {
		name string
		text string
		res  Result
		idx  int
		n    int
	}{
		{"a whole marker", "<|eot|> rest", Full, 0, 7},
		{"another marker", "<|python_start|>[", Full, 2, 16},
		{"a prefix waits", "<|py", Partial, -1, 4},
		{"a lone '<' waits", "<", Partial, -1, 1},
		{"a near miss goes out up to the byte that ruled it out", "<|eox", None, -1, 4},
		{"a different tag", "<b>", None, -1, 1},
		{"a near miss followed by a marker resumes at its '<'", "<|eo<|eot|>", None, -1, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, idx, n := Match(set, tt.text)
			if res != tt.res || idx != tt.idx || n != tt.n {
				t.Errorf("Match(%q) = %v %d %d, want %v %d %d", tt.text, res, idx, n, tt.res, tt.idx, tt.n)
			}
			bres, bidx, bn := Match(set, []byte(tt.text))
			if bres != res || bidx != idx || bn != n {
				t.Errorf("Match on bytes differs from Match on a string")
			}
		})
	}
	if set.MaxLen() != 16 || !set.Starts('<') || set.Starts('x') || len(set.Markers()) != 3 {
		t.Error("set accessors")
	}
}

// matchEach is Match as its doc says it, in three passes over the
// markers: the reference Match's quicker comparisons must agree with.
// Text that may still grow into a marker waits; else the longest marker
// it begins with (the first of those as long) is the match.
func matchEach(markers []string, text string) (Result, int, int) {
	for _, m := range markers {
		if len(text) < len(m) && strings.HasPrefix(m, text) {
			return Partial, -1, len(text)
		}
	}
	full := -1
	for i, m := range markers {
		if strings.HasPrefix(text, m) && (full < 0 || len(m) > len(markers[full])) {
			full = i
		}
	}
	if full >= 0 {
		return Full, full, len(markers[full])
	}
	best := 1
	for _, m := range markers {
		k := 0
		for k < min(len(m), len(text)) && m[k] == text[k] {
			k++
		}
		best = max(best, k)
	}
	return None, -1, best
}

// Match agrees with matchEach on sets and texts drawn from a few bytes
// (so that markers share their first bytes), texts that begin with a
// marker's first bytes, NUL and empty markers included.
func TestMatchAgreesWithEachMarker(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.StringOfN(rapid.RuneFrom([]rune{'<', '|', '/', 'a', 0}), 0, 7, -1)
		markers := rapid.SliceOfN(piece, 1, 5).Draw(t, "markers")
		text := rapid.StringOfN(rapid.RuneFrom([]rune{'<', '|', '/', 'a', 0}), 0, 8, -1).Draw(t, "text")
		if rapid.Bool().Draw(t, "from a marker") { // a marker's first bytes, then the text
			m := rapid.SampledFrom(markers).Draw(t, "marker")
			text = m[:rapid.IntRange(0, len(m)).Draw(t, "cut")] + text
		}
		set := NewSet(markers...)
		res, idx, n := Match(set, text)
		wres, widx, wn := matchEach(markers, text)
		if res != wres || idx != widx || n != wn {
			t.Fatalf("Match(%q) over %q = %v %d %d, want %v %d %d", text, markers, res, idx, n, wres, widx, wn)
		}
	})
}

// A marker that is a proper prefix of another waits for the bytes that
// tell them apart, and the longer one wins: GigaChat 3 ends its turn with
// <|message_sep|> and opens a call with <|message_sep|>\n\nfunction
// call<|role_sep|>\n.
func TestMatchNested(t *testing.T) {
	const sep, call = "<|message_sep|>", "<|message_sep|>\n\nfunction call<|role_sep|>\n"
	set := NewSet(sep, call, "</s>")
	for _, tt := range []struct {
		text    string
		res     Result
		idx, n  int
		last    Result // what Longest says
		lastIdx int
	}{
		{sep + "\n\nfunction call<|role_sep|>\n{", Full, 1, len(call), Full, 1},
		{sep + "\n\nfunc", Partial, -1, len(sep) + 6, Full, 0},
		{sep, Partial, -1, len(sep), Full, 0},
		{sep + "\n\nuser<|role_sep|>", Full, 0, len(sep), Full, 0},
		{"<|message", Partial, -1, 9, None, -1},
		{"</s> after", Full, 2, 4, Full, 2},
		{"<|mess x", None, -1, 6, None, -1},
	} {
		res, idx, n := Match(set, tt.text)
		if res != tt.res || idx != tt.idx || n != tt.n {
			t.Errorf("Match(%q) = %v %d %d, want %v %d %d", tt.text, res, idx, n, tt.res, tt.idx, tt.n)
		}
		if res, idx, _ := Longest(set, tt.text); res != tt.last || idx != tt.lastIdx {
			t.Errorf("Longest(%q) = %v %d, want %v %d", tt.text, res, idx, tt.last, tt.lastIdx)
		}
	}
	// A set without nesting is read the quick way, and Longest agrees
	// with Match on a whole marker.
	plain := NewSet("<a>", "<b>")
	if plain.nested || !set.nested {
		t.Errorf("nested: %v for a plain set, %v for a nested one", plain.nested, set.nested)
	}
}

func TestLasts(t *testing.T) {
	lasts, ok := NewSet("</tool_call>", "<|im_end|>", "]").Lasts()
	if !ok || !lasts['>'] || !lasts[']'] || lasts['l'] || lasts['|'] {
		t.Errorf("Lasts of three markers: ok %v, '>' %v, ']' %v, 'l' %v", ok, lasts['>'], lasts[']'], lasts['l'])
	}
	for _, markers := range [][]string{{"<a>", ""}, {}} {
		if _, ok := NewSet(markers...).Lasts(); ok {
			t.Errorf("Lasts of %q: ok, want not (an empty marker, or none)", markers)
		}
	}
}

func TestRests(t *testing.T) {
	s := NewSet("<tool_call>", "<think>", "</tool_call>")
	for _, tc := range []struct {
		prefix string
		want   []string
	}{
		{"<t", []string{"ool_call>", "hink>"}},
		{"<to", []string{"ol_call>"}},
		{"</tool_call", []string{">"}},
		{"<tool_call>", nil}, // a whole marker: no proper prefix
		{"<x", nil},
		{"", []string{"<tool_call>", "<think>", "</tool_call>"}}, // every marker
	} {
		if got := s.Rests([]byte(tc.prefix)); strings.Join(got, "|") != strings.Join(tc.want, "|") || (got == nil) != (tc.want == nil) {
			t.Errorf("Rests(%q) = %q, want %q", tc.prefix, got, tc.want)
		}
	}
	// A decoder asks at the end of a Feed: the answer costs no allocation.
	prefix := []byte("<to")
	if n := testing.AllocsPerRun(100, func() { s.Rests(prefix) }); n != 0 {
		t.Errorf("Rests allocates %v times", n)
	}
}

// TestFirstWithAgreesWithEachMarker: FirstWith (which finds a one-byte
// prefix's marker by table) names the first marker the prefix properly
// begins, as comparing each in turn does.
func TestFirstWithAgreesWithEachMarker(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.StringOfN(rapid.RuneFrom([]rune{'<', '|', 'a'}), 0, 4, -1)
		markers := rapid.SliceOfN(piece, 1, 5).Draw(t, "markers")
		prefix := rapid.StringOfN(rapid.RuneFrom([]rune{'<', '|', 'a'}), 0, 3, -1).Draw(t, "prefix")
		want := -1
		for i, m := range markers {
			if len(m) > len(prefix) && m[:len(prefix)] == prefix {
				want = i
				break
			}
		}
		if got := FirstWith(NewSet(markers...), prefix); got != want {
			t.Fatalf("FirstWith(%q) over %q = %d, want %d", prefix, markers, got, want)
		}
	})
}

// TestBranch: Branch names the first marker that begins with a marker's
// start and one more byte, and -1 for none or for a start it cannot hold.
func TestBranch(t *testing.T) {
	s := NewSet("<|im_start|>", "<|start_header_id|>", "<|eot|>", "\nUser:")
	for _, tc := range []struct {
		i, k int
		c    byte
		want int
	}{
		{0, 2, 's', 1},                                      // "<|" parts: <|start_header_id|>
		{0, 2, 'i', 0},                                      // the marker itself
		{1, 2, 'e', 2},                                      // a later marker
		{1, 7, '|', -1},                                     // "<|start|" begins none
		{3, 0, '<', 0},                                      // no start: the first marker the byte begins
		{0, 13, 'x', -1}, {-1, 0, '<', -1}, {4, 0, '<', -1}, // out of range
	} {
		if got := s.Branch(tc.i, tc.k, tc.c); got != tc.want {
			t.Errorf("Branch(%d, %d, %q) = %d, want %d", tc.i, tc.k, tc.c, got, tc.want)
		}
	}
}

// TestBranchAgreesWithEachMarker: Branch, which walks the markers that
// share a first byte, names the marker comparing each in turn names.
func TestBranchAgreesWithEachMarker(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.StringOfN(rapid.RuneFrom([]rune{'<', '|', 'a', '\n'}), 0, 4, -1)
		markers := rapid.SliceOfN(piece, 1, 6).Draw(t, "markers")
		i := rapid.IntRange(0, len(markers)-1).Draw(t, "marker")
		k := rapid.IntRange(0, len(markers[i])).Draw(t, "held")
		c := rapid.SampledFrom([]byte("<|a\n")).Draw(t, "byte")
		want := -1
		for j, o := range markers {
			if len(o) > k && o[:k] == markers[i][:k] && o[k] == c {
				want = j
				break
			}
		}
		if got := NewSet(markers...).Branch(i, k, c); got != want {
			t.Fatalf("Branch(%d, %d, %q) over %q = %d, want %d", i, k, c, markers, got, want)
		}
	})
}

// TestIndexAgreesWithEachByte: Index, which searches long texts a chunk
// at a time for sets of two first bytes, finds the first byte any marker
// begins with, as reading byte by byte does.
func TestIndexAgreesWithEachByte(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.StringOfN(rapid.RuneFrom([]rune{'<', '\n', '{', 'a'}), 1, 3, -1)
		markers := rapid.SliceOfN(piece, 1, 4).Draw(t, "markers")
		s := NewSet(markers...)
		runs := rapid.SliceOf(rapid.SampledFrom([]string{"x", "<", "\n", "{", strings.Repeat("y", nearBytes), strings.Repeat("z", chunk-1), strings.Repeat("w", chunk+7)})).Draw(t, "text")
		text := strings.Join(runs, "")
		want := -1
		for i := 0; i < len(text); i++ {
			if s.Starts(text[i]) {
				want = i
				break
			}
		}
		if got := s.Index(text); got != want {
			t.Fatalf("Index over %q of a text of %d bytes = %d, want %d", markers, len(text), got, want)
		}
	})
}
