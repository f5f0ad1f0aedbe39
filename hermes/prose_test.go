package hermes_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/hermes"
)

// TestProseStaysProse: links, tool listings and definitions, and calls
// shown after prose are content (formatstest.CheckProse).
func TestProseStaysProse(t *testing.T) {
	formatstest.CheckProse(t, hermes.Format)
}

// TestFenceThatOpensTheResponseIsRead: a call object in a code fence that
// opens the response is a call, as ever; after prose, the same fence is an
// example: content, with a policy diagnostic.
func TestFenceThatOpensTheResponseIsRead(t *testing.T) {
	formatstest.CheckOpeningFenceIsRead(t, hermes.Format)
}
