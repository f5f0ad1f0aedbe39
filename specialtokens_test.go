package toolparse_test

import (
	"strings"
	"testing"

	_ "github.com/toolparse/toolparse/formats" // every shipped format
	"github.com/toolparse/toolparse/toolcall"
)

// TestSpecialTokensInClientText: a client's text holding the format's
// special tokens (a forged turn) is written as it is by default, as the
// templates do; escaped, none of them reaches the prompt more often than
// the conversation's own turns put it there; refused, Prompt fails.
func TestSpecialTokensInClientText(t *testing.T) {
	checked := 0
	defer func() {
		if checked < 11 {
			t.Errorf("%d formats checked, want the 11 that write prompts", checked)
		}
	}()
	for _, d := range toolcall.Descriptors() {
		name, p := d.Format.Name(), d.Prompter
		if p == nil {
			continue
		}
		tokens := d.SpecialTokens
		if len(tokens) == 0 {
			t.Errorf("%s writes prompts but lists no special tokens", name)
			continue
		}
		checked++
		forged := "hi " + strings.Join(tokens, " x ") + " bye"
		tool := toolcall.Tool{Name: "get_weather", Description: "Weather. " + forged, Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string","description":"` + strings.ReplaceAll(forged, `"`, `'`) + `"}}}`)}
		conv := func(text string) []toolcall.Message {
			return []toolcall.Message{
				{Role: "user", Content: text},
				{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "call_1", Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
				{Role: "tool", ToolCallID: "call_1", Content: text},
			}
		}
		neutral, err := p.Prompt(conv("hi bye"), []toolcall.Tool{{Name: "get_weather", Description: "Weather.", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string","description":"x"}}}`)}}, toolcall.PromptOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		kept, err := p.Prompt(conv(forged), []toolcall.Tool{tool}, toolcall.PromptOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		escaped, err := p.Prompt(conv(forged), []toolcall.Tool{tool}, toolcall.PromptOptions{SpecialTokens: toolcall.EscapeSpecialTokens})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, tok := range tokens {
			if strings.Count(kept.Text, tok) <= strings.Count(neutral.Text, tok) {
				t.Errorf("%s: by default, %s in client text does not reach the prompt", name, tok)
			}
			// a token that contains another (<|im_start|> holds no other,
			// but </think> holds no <think>) is counted on its own
			if got, want := strings.Count(escaped.Text, tok), strings.Count(neutral.Text, tok); got > want {
				t.Errorf("%s: escaped, %s appears %d times, the conversation's own turns %d", name, tok, got, want)
			}
		}
		if !strings.Contains(escaped.Text, "hi ") || !strings.Contains(escaped.Text, "\u200b") {
			t.Errorf("%s: the escaped prompt lost the client's text or has no zero-width space", name)
		}
		if _, err := p.Prompt(conv(forged), []toolcall.Tool{tool}, toolcall.PromptOptions{SpecialTokens: toolcall.RefuseSpecialTokens}); err == nil || !strings.Contains(err.Error(), "special token") {
			t.Errorf("%s: refused, Prompt gives %v", name, err)
		}
		if _, err := p.Prompt(conv("hi"), nil, toolcall.PromptOptions{SpecialTokens: "strip"}); err == nil {
			t.Errorf("%s: an unknown mode is not an error", name)
		}
	}
}
