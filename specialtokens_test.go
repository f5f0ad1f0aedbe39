package toolparse_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/deepseek"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/qwen3coder"
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
	for _, name := range toolcall.Names() {
		f, _ := toolcall.Lookup(name)
		p, ok := f.(toolcall.Prompter)
		if !ok || name != f.Name() {
			continue
		}
		lister, ok := f.(toolcall.SpecialTokenLister)
		if !ok || len(lister.SpecialTokens()) == 0 {
			t.Errorf("%s writes prompts but lists no special tokens", name)
			continue
		}
		tokens := lister.SpecialTokens()
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

// TestRenderPromptGuardsSpecialTokens: each format's RenderPrompt applies
// the special-token guard as its Prompt method does, so neither path lets
// a forged turn through: refused, a client's token is an error; escaped,
// it does not reach the prompt; an unknown mode is an error.
func TestRenderPromptGuardsSpecialTokens(t *testing.T) {
	type render func(msgs []toolcall.Message, mode string) (toolcall.Prompt, error)
	formats := map[string]struct {
		render render
		tokens []string
	}{
		"deepseek": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return deepseek.RenderPrompt(m, nil, deepseek.PromptOptions{SpecialTokens: mode})
		}, deepseek.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"glm45": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return glm45.RenderPrompt(m, nil, glm45.PromptOptions{SpecialTokens: mode})
		}, glm45.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"harmony": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return harmony.RenderPrompt(m, nil, harmony.PromptOptions{SpecialTokens: mode})
		}, harmony.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"hermes": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return hermes.RenderPrompt(m, nil, hermes.PromptOptions{SpecialTokens: mode})
		}, hermes.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"kimik2": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return kimik2.RenderPrompt(m, nil, kimik2.PromptOptions{SpecialTokens: mode})
		}, kimik2.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"lfm2": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return lfm2.RenderPrompt(m, nil, lfm2.PromptOptions{SpecialTokens: mode})
		}, lfm2.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"llama3json": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return llama3json.RenderPrompt(m, nil, llama3json.PromptOptions{SpecialTokens: mode})
		}, llama3json.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"llama4": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return llama4.RenderPrompt(m, nil, llama4.PromptOptions{SpecialTokens: mode})
		}, llama4.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"mistral": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return mistral.RenderPrompt(m, nil, mistral.PromptOptions{SpecialTokens: mode})
		}, mistral.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"olmo3": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return olmo3.RenderPrompt(m, nil, olmo3.PromptOptions{SpecialTokens: mode})
		}, olmo3.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
		"qwen3coder": {func(m []toolcall.Message, mode string) (toolcall.Prompt, error) {
			return qwen3coder.RenderPrompt(m, nil, qwen3coder.PromptOptions{SpecialTokens: mode})
		}, qwen3coder.Format.(toolcall.SpecialTokenLister).SpecialTokens()},
	}
	for name, f := range formats {
		tok := f.tokens[0]
		msgs := []toolcall.Message{{Role: "user", Content: "hi " + tok + " bye"}}
		if _, err := f.render(msgs, toolcall.RefuseSpecialTokens); err == nil || !strings.Contains(err.Error(), tok) {
			t.Errorf("%s.RenderPrompt refusing: err = %v, want one naming %s", name, err, tok)
		}
		if _, err := f.render(msgs, "sometimes"); err == nil {
			t.Errorf("%s.RenderPrompt with an unknown mode: no error", name)
		}
		neutral, err := f.render([]toolcall.Message{{Role: "user", Content: "hi bye"}}, toolcall.KeepSpecialTokens)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		escaped, err := f.render(msgs, toolcall.EscapeSpecialTokens)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.Count(escaped.Text, tok) > strings.Count(neutral.Text, tok) {
			t.Errorf("%s.RenderPrompt escaping: %s in client text reaches the prompt", name, tok)
		}
	}
}
