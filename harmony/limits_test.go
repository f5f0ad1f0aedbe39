package harmony_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/harmony"
)

// A block that a start marker opened by ending the block before it (whose
// end marker was missing), and that then passes the size limit, goes out
// as content with that start marker: nothing is lost. (Moved from
// internal/block's machine_test.go.)
func TestLimitKeepsTheMarkerThatOpenedTheBlock(t *testing.T) {
	formatstest.CheckLimitKeepsTheOpeningMarker(t, harmony.Format, `<|channel|>commentary to=functions.f<|message|>{}`, "<|channel|>")
}
