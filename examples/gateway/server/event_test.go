package server

import (
	"encoding/json"
	"testing"
)

// The quick reader reads the usual events as the full decoder would, and
// leaves everything else to it.
func TestReadQuick(t *testing.T) {
	tests := []struct {
		data            string
		ok              bool
		text, reasoning string
		finish          string
	}{
		{`{"choices":[{"index":0,"text":" word"}]}`, true, " word", "", ""},
		{`{"id":"cmpl-1","object":"text_completion","created":17,"model":"m","choices":[{"index":0,"text":"a\nb \"q\" \u00e9\ud83d\ude00","logprobs":null,"finish_reason":null,"stop_reason":null}],"usage":null}`, true, "a\nb \"q\" é😀", "", ""},
		{`{"choices":[{"index":0,"text":"","finish_reason":"length"}]}`, true, "", "", "length"},
		{`{"choices":[{"index":0,"delta":{"role":"assistant","content":"hi"},"finish_reason":null}]}`, true, "hi", "", ""},
		{`{"choices":[{"index":0,"delta":{"reasoning_content":"think","content":null}}]}`, true, "", "think", ""},
		{`{"choices":[{"index":0,"delta":{"reasoning":"r"}}]}`, true, "", "r", ""},
		{`{"choices":[{"index":0,"delta":{"tool_calls":[]}}]}`, true, "", "", ""},
		{`{"choices":[],"usage":null}`, true, "", "", ""},
		// the full decoder's
		{`{"choices":[],"usage":{"prompt_tokens":1}}`, false, "", "", ""},
		{`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0}]}}]}`, false, "", "", ""},
		{`{"error":{"message":"x"}}`, false, "", "", ""},
		{`{"content":"x","stop":false}`, false, "", "", ""},
		{`{"choices":[{"index":0,"text":"a"}]} trailing`, false, "", "", ""},
		{`{"choices":[{"index":0,"text":"a}`, false, "", "", ""},
		{`not json`, false, "", "", ""},
	}
	for _, tt := range tests {
		e, ok := readQuick(tt.data, new([]byte))
		if ok != tt.ok || ok && (e.text != tt.text || e.reasoning != tt.reasoning || e.finish != tt.finish) {
			t.Errorf("readQuick(%s) = %+v, %v; want %q %q %q, %v", tt.data, e, ok, tt.text, tt.reasoning, tt.finish, tt.ok)
		}
	}
}

// FuzzReadQuick: what the quick reader reads, encoding/json reads the
// same; it never panics.
func FuzzReadQuick(f *testing.F) {
	for _, seed := range []string{
		`{"choices":[{"index":0,"text":" word"}]}`,
		`{"choices":[{"index":0,"delta":{"content":"a\n\u00e9","reasoning_content":"r"},"finish_reason":"stop"}],"usage":null}`,
		`{"choices":[],"usage":{"total_tokens":1}}`,
		`{"choices":[{"text":"\ud83d"}]}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data string) {
		e, ok := readQuick(data, new([]byte))
		if !ok {
			return
		}
		var ev struct {
			Choices []struct {
				Text         *string `json:"text"`
				FinishReason *string `json:"finish_reason"`
				Delta        *struct {
					Content          *string `json:"content"`
					ReasoningContent *string `json:"reasoning_content"`
					Reasoning        *string `json:"reasoning"`
				} `json:"delta"`
			} `json:"choices"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			t.Fatalf("readQuick reads %q, which encoding/json refuses: %v", data, err)
		}
		var text, reasoning string
		for _, c := range ev.Choices {
			if c.Text != nil {
				text += *c.Text
			}
			if d := c.Delta; d != nil {
				for _, r := range []*string{d.ReasoningContent, d.Reasoning} {
					if r != nil {
						reasoning += *r
					}
				}
				if d.Content != nil {
					text += *d.Content
				}
			}
		}
		if text != e.text || reasoning != e.reasoning {
			t.Fatalf("%q: readQuick reads %q / %q, encoding/json %q / %q", data, e.text, e.reasoning, text, reasoning)
		}
	})
}
