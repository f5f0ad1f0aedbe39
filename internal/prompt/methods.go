package prompt

import (
	"slices"

	"github.com/toolparse/toolparse/toolcall"
)

// Methods gives a format the methods of toolcall.Renderer and
// toolcall.Prompter, and SpecialTokens (which toolcall.Describe reads),
// from its package's RenderCalls, RenderPrompt, profiles and special
// tokens. A format's type embeds a *Methods, which keeps it comparable.
type Methods struct {
	// Calls is the format's RenderCalls.
	Calls func(calls []toolcall.Call) (string, error)
	// Render is the format's RenderPrompt (or, where that takes options
	// of its own, what maps toolcall's onto them).
	Render func(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error)
	// Profiles lists the prompt profiles Render writes, the default first.
	Profiles []string
	// Tokens are the format's special tokens.
	Tokens []string
}

// RenderCalls implements toolcall.Renderer with Calls.
func (m *Methods) RenderCalls(calls []toolcall.Call) (string, error) { return m.Calls(calls) }

// PromptProfiles implements toolcall.Prompter: a copy of Profiles.
func (m *Methods) PromptProfiles() []string { return slices.Clone(m.Profiles) }

// Prompt implements toolcall.Prompter with Render.
func (m *Methods) Prompt(msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions) (toolcall.Prompt, error) {
	return m.Render(msgs, tools, opts)
}

// SpecialTokens lists the format's special tokens: a copy of Tokens.
func (m *Methods) SpecialTokens() []string { return slices.Clone(m.Tokens) }
