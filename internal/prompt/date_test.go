package prompt

import (
	"testing"
	"time"
)

// TestDateIsUTCWhenNoneIsGiven: a prompt given no date writes today's in
// UTC, whatever the machine's time zone; a given date is kept as it is.
func TestDateIsUTCWhenNoneIsGiven(t *testing.T) {
	if loc := Date(time.Time{}).Location(); loc != time.UTC {
		t.Errorf("no date: %v, want UTC", loc)
	}
	given := time.Date(2026, 12, 31, 23, 30, 0, 0, time.FixedZone("X", -5*3600))
	if got := Date(given); !got.Equal(given) || got.Location() != given.Location() {
		t.Errorf("given %v: %v", given, got)
	}
	if got := Day(given); got != "2026-12-31" {
		t.Errorf("Day(%v) = %s, want the given zone's 2026-12-31", given, got)
	}
}
