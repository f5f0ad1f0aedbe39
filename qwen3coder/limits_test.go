package qwen3coder_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/qwen3coder"
)

// A block that a start marker opened by ending the block before it (whose
// end marker was missing), and that then passes the size limit, goes out
// as content with that start marker: nothing is lost. (Moved from
// internal/block's machine_test.go.)
func TestLimitKeepsTheMarkerThatOpenedTheBlock(t *testing.T) {
	formatstest.CheckLimitKeepsTheOpeningMarker(t, qwen3coder.Format, "<tool_call>\n<function=f>\n</function>\n", "<tool_call>")
}
