package tagargs

import (
	"testing"

	"pgregory.net/rapid"
)

// TestTagInAgreesWithEachTag: tagIn, which rules tags out by their second
// and third bytes first, finds what comparing each alive tag in full
// finds: the shortest tag rest starts with, -1 when rest is a proper start
// of one and starts with none, -2 when neither.
func TestTagInAgreesWithEachTag(t *testing.T) {
	sets := []*Markers{
		{Call: "<function=", NameEnd: ">", Param: "<parameter=", KeyEnd: ">", Close: "</parameter>", End: "</function>", Outer: []string{"</tool_call>"}, Missing: true},
		{Param: "<arg_key>", KeyEnd: "</arg_key>", ValueOpen: "<arg_value>", Close: "</arg_value>", Outer: []string{"</tool_call>", "</a"}},
		{Call: "<", Param: "<p", Close: "</", End: "</e>"},
	}
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.SampledFrom(sets).Draw(t, "markers")
		var r Reader
		r.Reset(m, nil, Open, 0)
		var pieces []string
		for k := 0; k <= m.callTag(); k++ {
			if tag := m.tag(k); tag != "" {
				pieces = append(pieces, tag, tag[:len(tag)/2], tag[:min(len(tag), 3)])
			}
		}
		pieces = append(pieces, "<", "</", "x", ">")
		rest := ""
		for _, p := range rapid.SliceOfN(rapid.SampledFrom(pieces), 1, 3).Draw(t, "rest") {
			rest += p
		}
		alive := uint16(rapid.IntRange(0, 1<<(m.callTag()+1)-1).Draw(t, "alive"))
		want, wantN, wait := -2, 0, false
		for k := 0; k <= m.callTag(); k++ {
			tag := m.tag(k)
			switch {
			case alive&(1<<k) == 0 || tag == "":
			case len(rest) < len(tag):
				wait = wait || rest == tag[:len(rest)]
			case rest[:len(tag)] == tag && (want < 0 || len(tag) < wantN):
				want, wantN = k, len(tag)
			}
		}
		if want < 0 && wait {
			want, wantN = -1, 0
		}
		if got, n := r.tagIn(rest, alive); got != want || n != wantN {
			t.Fatalf("tagIn(%q, %b) = %d, %d; comparing each tag: %d, %d", rest, alive, got, n, want, wantN)
		}
	})
}
