package block

import (
	"testing"
	"unsafe"
)

// A Machine stays within the 896-byte size class (888 bytes and the
// allocator's header), as its doc comment says.
func TestMachineFitsItsSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(Machine{}); n > 888 {
		t.Errorf("a Machine is %d bytes, over 888: the next size class is 1024", n)
	}
}
