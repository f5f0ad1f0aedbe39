package llama3json_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama3json"
)

// TestProseStaysProse: links, tool listings and definitions, and calls
// shown after prose are content (formatstest.CheckProse).
func TestProseStaysProse(t *testing.T) {
	formatstest.CheckProse(t, llama3json.Format)
}
