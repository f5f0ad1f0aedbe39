package prose

import "testing"

func TestTracker(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		spoke  bool
	}{
		{"nothing", nil, false},
		{"ASCII whitespace", []string{" \n\t", "  "}, false},
		{"a word", []string{"  ", "hi"}, true},
		{"a no-break space split in two", []string{"\xc2", "\xa0"}, false},
		{"an ideographic space split in three", []string{"\xe3", "\x80", "\x80 "}, false},
		{"a letter split in two", []string{"\xc3", "\xa9"}, true},
		{"a split start followed by ASCII", []string{"\xc2", "x"}, true},
		{"invalid bytes", []string{"\xff"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tr Tracker
			for _, c := range tt.chunks {
				tr.Note(c)
			}
			if tr.Spoke() != tt.spoke {
				t.Errorf("Spoke() = %v, want %v", tr.Spoke(), tt.spoke)
			}
		})
	}
	var tr Tracker
	tr.Say()
	if !tr.Spoke() {
		t.Error("Say did not count")
	}
}
