package clip

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"get_weather", `"get_weather"`},
		{`a "b"`, `"a \"b\""`},
		{strings.Repeat("x", 64), `"` + strings.Repeat("x", 64) + `"`},
		{strings.Repeat("x", 65), `"` + strings.Repeat("x", 64) + `"… (65 bytes)`},
		{strings.Repeat("x", 63) + "é", `"` + strings.Repeat("x", 63) + `"… (65 bytes)`}, // not cut inside é
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%.20q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
