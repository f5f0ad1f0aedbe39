package formatstest

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

// CheckRenderPromptGuard checks that a format's own prompt writer (its
// RenderPrompt, called by render with the special-token mode) applies the
// guard its Prompt method applies: refused, a client's special token is an
// error naming it; escaped, it does not reach the prompt; an unknown mode
// is an error. tokens are the format's special tokens.
func CheckRenderPromptGuard(t *testing.T, render func(msgs []toolcall.Message, mode string) (toolcall.Prompt, error), tokens []string) {
	t.Helper()
	if len(tokens) == 0 {
		t.Fatal("the format lists no special tokens")
	}
	tok := tokens[0]
	msgs := []toolcall.Message{{Role: "user", Content: "hi " + tok + " bye"}}
	if _, err := render(msgs, toolcall.RefuseSpecialTokens); err == nil || !strings.Contains(err.Error(), tok) {
		t.Errorf("RenderPrompt refusing: err = %v, want one naming %s", err, tok)
	}
	if _, err := render(msgs, "sometimes"); err == nil {
		t.Error("RenderPrompt with an unknown mode: no error")
	}
	neutral, err := render([]toolcall.Message{{Role: "user", Content: "hi bye"}}, toolcall.KeepSpecialTokens)
	if err != nil {
		t.Fatal(err)
	}
	escaped, err := render(msgs, toolcall.EscapeSpecialTokens)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(escaped.Text, tok) > strings.Count(neutral.Text, tok) {
		t.Errorf("RenderPrompt escaping: %s in client text reaches the prompt", tok)
	}
}

// PromptRenderer is a format's own prompt writer: its RenderPrompt.
type PromptRenderer func([]toolcall.Message, []toolcall.Tool, toolcall.PromptOptions) (toolcall.Prompt, error)

// CheckFormatPromptGuard is CheckRenderPromptGuard for the format f
// whose RenderPrompt is render, called with no tools and opts with the
// special-token mode set, and with the special tokens f lists (by a
// SpecialTokens method, which f must have).
func CheckFormatPromptGuard(t *testing.T, f toolcall.Format, render PromptRenderer, opts ...toolcall.PromptOptions) {
	t.Helper()
	lister, ok := f.(interface{ SpecialTokens() []string })
	if !ok {
		t.Fatalf("%s has no SpecialTokens method", f.Name())
	}
	var o toolcall.PromptOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	CheckRenderPromptGuard(t, func(msgs []toolcall.Message, mode string) (toolcall.Prompt, error) {
		o := o
		o.SpecialTokens = mode
		return render(msgs, nil, o)
	}, lister.SpecialTokens())
}
