package formatstest

import (
	"path/filepath"
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

// CheckMorePrompts: for each conversation NAME of MoreConversations, and
// each SUFFIX and options that variants gives for it, render writes the
// file testdata/more/NAME+SUFFIX+.txt byte for byte, leaving the
// reasoning as r says; a subtest each, named NAME+SUFFIX.
func CheckMorePrompts(t *testing.T, render PromptRenderer, r Reasoning, variants func(t *testing.T, c More) map[string]toolcall.PromptOptions) {
	t.Helper()
	for name, c := range MoreConversations(t) {
		for suffix, opts := range variants(t, c) {
			t.Run(name+suffix, func(t *testing.T) {
				got, err := render(c.Messages, c.Tools, opts)
				CheckPrompt(t, filepath.Join("testdata", "more", name+suffix+".txt"), got, err, r)
			})
		}
	}
}
