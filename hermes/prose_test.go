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
