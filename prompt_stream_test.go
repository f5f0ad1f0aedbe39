package toolparse_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// proseLead is what a format's model writes before its answer's prose:
// gpt-oss opens its final message first, Kimi K3 its response channel.
var proseLead = map[string]string{"harmony": "<|channel|>final<|message|>", "kimi_k3": "<|open|>response<|sep|>"}

// closeOf is the marker that closes f's reasoning.
func closeOf(f toolcall.Format) string {
	if r, ok := f.(toolcall.Reasoner); ok && r.Reasoning().Close != "" {
		return r.Reasoning().Close
	}
	return "</think>"
}

// TestPromptsStartTheStream: for every format, profile and reasoning
// switch, a stream built from the prompt (stream.ForPrompt) hands on the
// first prose delta of an answer at once: after the reasoning the prompt
// opened, when it opened it, and at the very start otherwise. (The delta
// ends outside a word: a word cut by a delta could still be a call's
// name.)
func TestPromptsStartTheStream(t *testing.T) {
	_, tools := formatstest.Conversations(t)
	req := toolcall.Request{Tools: tools}
	for _, d := range modelFormats(t) {
		f, p := d.Format, d.Prompter
		for _, profile := range p.PromptProfiles() {
			for _, thinking := range []*bool{nil, off(), on()} {
				opts := toolcall.PromptOptions{Profile: profile, Thinking: thinking, Date: formatstest.GoldenDate}
				prompt, err := p.Prompt([]toolcall.Message{{Role: "user", Content: "Hi"}}, tools, opts)
				if err != nil {
					t.Fatal(err)
				}
				s := stream.New(f, req, stream.ForPrompt(prompt))
				if prompt.InReasoning {
					evs := s.Feed("I should greet back." + closeOf(f))
					if got := reasoningOf(evs); got != "I should greet back." {
						t.Errorf("%s/%s/%v: the reasoning the prompt opened gave %q at once, want it all", f.Name(), profile, thinking, got)
					}
				}
				if lead := proseLead[f.Name()]; lead != "" {
					s.Feed(lead)
				}
				if got := contentOf(s.Feed("Hello!")); got != "Hello!" {
					t.Errorf("%s/%s/%v (prompt in reasoning: %v): the first prose delta gave %q at once, want it", f.Name(), profile, thinking, prompt.InReasoning, got)
				}
			}
		}
	}
}

// TestStreamsToldNothing: a stream told nothing of the prompt does what
// the format's most served template needs: it hands prose on at once,
// but where that template opens reasoning in the prompt (DeepSeek-R1's,
// GLM-4.7's: its Reasoning says OpenedByPrompt), it holds the start until
// it can tell.
func TestStreamsToldNothing(t *testing.T) {
	for _, d := range modelFormats(t) {
		f := d.Format
		r, _ := f.(toolcall.Reasoner)
		// a lead that opens the prose (Kimi K3's response channel) tells
		// the stream the reasoning is over
		holds := map[string]bool{f.Name(): r != nil && r.Reasoning().OpenedByPrompt && proseLead[f.Name()] == ""}
		s := stream.New(f, toolcall.Request{})
		if lead := proseLead[f.Name()]; lead != "" {
			s.Feed(lead)
		}
		got := contentOf(s.Feed("Hello!"))
		switch {
		case holds[f.Name()] && got != "":
			t.Errorf("%s: gave %q at once; its template opens reasoning, so the start is held", f.Name(), got)
		case !holds[f.Name()] && got != "Hello!":
			t.Errorf("%s: gave %q at once, want the prose", f.Name(), got)
		}
		rest := contentOf(s.Close())
		if !holds[f.Name()] && rest != "" || holds[f.Name()] && rest != "Hello!" {
			t.Errorf("%s: Close gave %q", f.Name(), rest)
		}
	}
}

func contentOf(evs []toolcall.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Content)
	}
	return b.String()
}

func reasoningOf(evs []toolcall.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Reasoning)
	}
	return b.String()
}
