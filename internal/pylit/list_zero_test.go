package pylit

import "testing"

// The zero List reads a list with the default settings, and its methods
// take nil engine state quietly, as does DiagnoseAt.
func TestZeroList(t *testing.T) {
	var l List
	if l.Feed("[f(a=1)]"); l.Status() != Closed {
		t.Errorf("zero List: %v", l.Status())
	}
	l.Progress(nil, nil, nil)
	l.Abandon(nil, nil)
	l.Decide(nil, nil, "", 0, nil)
	DiagnoseAt(nil, nil, 0, "")
	var nl *List
	nl.Release()
}
