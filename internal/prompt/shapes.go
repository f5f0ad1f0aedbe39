package prompt

import "github.com/toolparse/toolparse/toolcall"

// Writer writes a format's prompt from a conversation Begin has guarded
// and checked, in the prompt profile Begin found.
type Writer func(msgs []toolcall.Message, tools []toolcall.Tool, profile string, opts toolcall.PromptOptions) (toolcall.Prompt, error)

// Render is a format's RenderPrompt: it begins the prompt as Begin does
// (the format's name, profiles and special tokens as Begin takes them)
// and has write write it.
func Render(format string, profiles, tokens []string, msgs []toolcall.Message, tools []toolcall.Tool, opts toolcall.PromptOptions, write Writer) (toolcall.Prompt, error) {
	msgs, tools, profile, err := Begin(format, profiles, tokens, msgs, tools, opts.Profile, opts.SpecialTokens)
	if err != nil {
		return toolcall.Prompt{}, err
	}
	return write(msgs, tools, profile, opts)
}
