// Package clip quotes text that came from a model or a client for a
// diagnostic or an error message, cut short: a 3 MiB name must not go
// into every log line that mentions it.
package clip

import (
	"strconv"
	"unicode/utf8"
)

// Max is how many bytes of the text Quote keeps.
const Max = 64

// Quote returns s quoted as Go quotes strings; past Max bytes, its first
// ones (cut where a character starts) and its length.
func Quote(s string) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	cut := Max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}
