package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/pythonic"
)

// No exported entry point panics on nil, zero or hostile input. (Moved
// from the stream package's untrusted_test.go.)
func TestNilZeroAndHostileInputsDoNotPanic(t *testing.T) {
	if end, ok := pythonic.StringEnd("ab", 5); ok || end != 2 {
		t.Errorf(`StringEnd("ab", 5) = %d, %v`, end, ok)
	}
	if _, ok := pythonic.StringEnd("ab", -1); ok {
		t.Errorf(`StringEnd("ab", -1) closed a string`)
	}
	if _, ok := pythonic.StringEnd("ab", 0); ok {
		t.Errorf(`StringEnd("ab", 0) read a string that has no quote`)
	}
	p := pythonic.ForRequest(nil, 0)
	if elems, err := p.ParseList("[f(1)]"); err != nil || len(elems) != 1 {
		t.Errorf("ForRequest(nil, 0).ParseList = %+v, %v", elems, err)
	}
}
