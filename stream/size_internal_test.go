package stream

import (
	"testing"
	"unsafe"
)

// A Stream is allocated per response: it stays within the 768-byte size
// class (760 bytes and the allocator's header), as its doc comment says.
func TestStreamFitsItsSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(Stream{}); n > 760 {
		t.Errorf("a Stream is %d bytes, over 760: the next size class is 896", n)
	}
}
