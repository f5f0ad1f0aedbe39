package prompt

import (
	"fmt"
	"strings"

	"github.com/toolparse/toolparse/toolcall"
)

// zeroWidthSpace is what Guard puts after a special token's first
// character to break it: the text reads the same, and the model server's
// tokenizer no longer finds the token in it.
const zeroWidthSpace = "\u200b"

// Guard applies the PromptOptions.SpecialTokens mode to the client's text
// in msgs and tools (contents, reasoning, calls' names, arguments and IDs,
// tools' names, descriptions and schemas), for a format whose special
// tokens are tokens: with toolcall.KeepSpecialTokens ("") it returns them
// as they are; with toolcall.EscapeSpecialTokens, copies in which each
// token is broken by a zero-width space after its first character; with
// toolcall.RefuseSpecialTokens, an error naming the first token found. The
// caller's slices are never changed. Each text is searched once per token:
// linear in the text.
func Guard(msgs []toolcall.Message, tools []toolcall.Tool, tokens []string, mode string) ([]toolcall.Message, []toolcall.Tool, error) {
	switch mode {
	case toolcall.KeepSpecialTokens:
		return msgs, tools, nil
	case toolcall.EscapeSpecialTokens, toolcall.RefuseSpecialTokens:
	default:
		return nil, nil, fmt.Errorf("special tokens mode %q is not %q, %q or %q", mode, toolcall.KeepSpecialTokens, toolcall.EscapeSpecialTokens, toolcall.RefuseSpecialTokens)
	}
	g := guard{tokens: tokens, refuse: mode == toolcall.RefuseSpecialTokens}
	outMsgs := make([]toolcall.Message, len(msgs))
	for i, m := range msgs {
		where := fmt.Sprintf("message %d", i)
		m.Content = g.text(m.Content, where)
		m.Reasoning = g.text(m.Reasoning, where)
		m.ToolCallID = g.text(m.ToolCallID, where)
		if len(m.ToolCalls) > 0 {
			calls := make([]toolcall.Call, len(m.ToolCalls))
			for j, c := range m.ToolCalls {
				c.Name, c.Arguments, c.ID = g.text(c.Name, where), g.text(c.Arguments, where), g.text(c.ID, where)
				calls[j] = c
			}
			m.ToolCalls = calls
		}
		outMsgs[i] = m
	}
	outTools := make([]toolcall.Tool, len(tools))
	for i, t := range tools {
		where := fmt.Sprintf("tool %d", i)
		t.Name, t.Description = g.text(t.Name, where), g.text(t.Description, where)
		if p := g.text(string(t.Parameters), where); p != string(t.Parameters) {
			t.Parameters = []byte(p)
		}
		outTools[i] = t
	}
	if g.err != nil {
		return nil, nil, g.err
	}
	return outMsgs, outTools, nil
}

type guard struct {
	tokens []string
	refuse bool
	err    error
}

// text returns s with the tokens broken, or notes the first token found.
func (g *guard) text(s, where string) string {
	if g.err != nil || s == "" {
		return s
	}
	for _, tok := range g.tokens {
		if tok == "" || !strings.Contains(s, tok) {
			continue
		}
		if g.refuse {
			g.err = fmt.Errorf("%s holds the special token %s, which the prompt does not take from a client", where, tok)
			return s
		}
		first := 1
		for first < len(tok) && tok[first]&0xC0 == 0x80 { // the whole first character
			first++
		}
		s = strings.ReplaceAll(s, tok, tok[:first]+zeroWidthSpace+tok[first:])
	}
	return s
}

// Begin does what a format's RenderPrompt does first: it guards client
// text against the format's special tokens as mode says (Guard), finds
// the prompt profile named profile among the format's profiles (Profile),
// and checks the conversation (Check, the error naming format). It
// returns the guarded messages and tools, and the profile.
func Begin(format string, profiles, tokens []string, msgs []toolcall.Message, tools []toolcall.Tool, profile, mode string) ([]toolcall.Message, []toolcall.Tool, string, error) {
	msgs, tools, err := Guard(msgs, tools, tokens, mode)
	if err != nil {
		return nil, nil, "", err
	}
	if profile, err = Profile(format, profile, profiles); err != nil {
		return nil, nil, "", err
	}
	if err := Check(msgs); err != nil {
		return nil, nil, "", fmt.Errorf("%s: %w", format, err)
	}
	return msgs, tools, profile, nil
}
