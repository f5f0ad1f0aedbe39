package pylit

import (
	"strings"
	"testing"
	"unsafe"
)

// A list's calls that repeat a name share one string for it; a name longer
// than the reader remembers is a string of its own each time.
func TestRepeatedNamesShareAString(t *testing.T) {
	var p Parser
	elems, err := p.ParseList(`[get_weather(city="Paris"), get_weather(city="Oslo")]`)
	if err != nil || len(elems) != 2 {
		t.Fatalf("ParseList: %v, %d elements", err, len(elems))
	}
	if a, b := elems[0].Call.Name, elems[1].Call.Name; a != "get_weather" || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Errorf("the two calls' names %q and %q are two strings", a, b)
	}
	long := strings.Repeat("f", maxKeptName+1)
	elems, err = p.ParseList("[" + long + "(), " + long + "()]")
	if err != nil || len(elems) != 2 {
		t.Fatalf("ParseList: %v, %d elements", err, len(elems))
	}
	if a, b := elems[0].Call.Name, elems[1].Call.Name; a != long || b != long || unsafe.StringData(a) == unsafe.StringData(b) {
		t.Errorf("a %d-byte name was remembered", len(long))
	}
}
