package marker

import "testing"

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

func TestEndings(t *testing.T) {
	last, before, ok := NewSet("</tool_call>", "<|im_end|>").Endings()
	if !ok || !last['>'] || last['l'] || !before['l'] || !before['|'] || before['>'] {
		t.Errorf("Endings of two markers: ok %v, last '>' %v, before 'l' %v '|' %v", ok, last['>'], before['l'], before['|'])
	}
	for _, markers := range [][]string{{"<a>", "]"}, {}} {
		if _, _, ok := NewSet(markers...).Endings(); ok {
			t.Errorf("Endings of %q: ok, want not (a marker under two bytes, or none)", markers)
		}
	}
}
