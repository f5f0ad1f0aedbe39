package toolparse_test

import (
	"testing"

	_ "github.com/toolparse/toolparse/formats" // every shipped format
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// shipped returns every described format, and fails t unless those are
// the 12 shipped at least.
func shipped(t *testing.T) []toolcall.Descriptor {
	t.Helper()
	ds := toolcall.Descriptors()
	if len(ds) < 12 {
		t.Fatalf("%d formats described, want the 12 shipped at least", len(ds))
	}
	return ds
}

// TestConformance runs every described format through the conformance
// suite: a format gets it by registering its descriptor.
func TestConformance(t *testing.T) {
	for _, d := range shipped(t) {
		t.Run(d.Format.Name(), func(t *testing.T) { formatstest.Run(t, d) })
	}
}
