package hermes_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
)

// TestFenceThatOpensTheResponseIsRead: a call object in a code fence that
// opens the response is a call, as ever; after prose, the same fence is an
// example: content, with a policy diagnostic.
func TestFenceThatOpensTheResponseIsRead(t *testing.T) {
	formatstest.CheckOpeningFenceIsRead(t, hermes.Format)
}
