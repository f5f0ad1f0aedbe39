package pythonic_test

import (
	"testing"

	"github.com/toolparse/toolparse/pythonic"
)

// The zero values of the exported readers work, and nil is refused
// quietly.
func TestZeroReaders(t *testing.T) {
	var r pythonic.Reader
	if r.Feed("[f(a=1)]"); r.Close() != nil || len(r.Elements()) != 1 || r.Elements()[0].Call.Arguments != `{"a":1}` {
		t.Errorf("zero Reader: %+v", r.Elements())
	}
	var v pythonic.Reader
	if v.Stable() != nil || v.Complete() {
		t.Error("a zero Reader has no value")
	}
	if _, _, _, ok := v.OpenCall(); ok {
		t.Error("a zero Reader has no open call")
	}
	pythonic.ReleaseValue(nil)
	if r := pythonic.NewValue(pythonic.Parser{}); r == nil {
		t.Error("NewValue after ReleaseValue(nil)")
	}
	var rec pythonic.Recognizer
	rec.Feed("[[")
}
