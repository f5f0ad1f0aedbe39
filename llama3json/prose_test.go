package llama3json_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama3json"
)

// TestFenceThatOpensTheResponseIsRead: a call object in a code fence that
// opens the response is a call, as ever; after prose, the same fence is an
// example: content, with a policy diagnostic.
func TestFenceThatOpensTheResponseIsRead(t *testing.T) {
	formatstest.CheckOpeningFenceIsRead(t, llama3json.Format)
}
