package jsonvalue

import "testing"

func TestDecodeKeepsOrderAndWritesCompactly(t *testing.T) {
	tests := []struct{ in, out string }{
		{`{"z": 1, "a": [true, false, null], "m": {"k": "v\"\n"}}`, `{"z":1,"a":[true,false,null],"m":{"k":"v\"\n"}}`},
		{` [ ] `, `[]`},
		{`"\u00e9\ud83d\ude00"`, `"é😀"`},
		{`-0.5e10`, `-0.5e10`},
		{`"\u2028<&>"`, `"\u2028<&>"`},
	}
	for _, tt := range tests {
		v, err := Decode(tt.in)
		if err != nil {
			t.Errorf("Decode(%s): %v", tt.in, err)
			continue
		}
		if got := string(v.AppendJSON(nil)); got != tt.out {
			t.Errorf("Decode(%s) writes %s, want %s", tt.in, got, tt.out)
		}
	}
	for _, bad := range []string{``, `{`, `{"a"}`, `[1,]`, `01`, `tru`, `"a`, `{"a":1}x`, "\"\x01\"", `1.`, `-`} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("Decode(%q) gave no error", bad)
		}
	}
}

func TestIsNumber(t *testing.T) {
	for s, want := range map[string]bool{"0": true, "-1": true, "1.5e-3": true, "1E+2": true, "01": false, "1.": false, ".5": false, "+1": false, "": false, "1e": false} {
		if IsNumber(s) != want {
			t.Errorf("IsNumber(%q) = %v", s, !want)
		}
	}
}
