package e2e_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/toolparse/toolparse/examples/gateway/server"
)

// namedModelReplies are served models' names, with the reply each one's chat
// template has it write for the weather question (its calls as the
// template writes them, after the reasoning it writes first), the end of
// the prompt the gateway must render for it, and the calls' cities.
var namedModelReplies = []struct {
	model, promptEnd, reply, reasoning string
	cities                             []string
}{
	// GigaChat's templates write one call per turn.
	{"ai-sage/GigaChat3-10B-A1.8B", "<|message_sep|>\n\nassistant<|role_sep|>\n",
		"<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</s>", "", []string{"Paris"}},
	{"ai-sage/GigaChat3.1-10B-A1.8B", "<|message_sep|>\n\nassistant<|role_sep|>\n",
		"<|function_call|>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</s>", "", []string{"Paris"}},
	{"upstage/Solar-Open-100B", "<|end|><|begin|>assistant",
		"<|think|>Two cities to check.<|end|><|begin|>assistant<|tool_calls|>" +
			"<|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>get_weather<|tool_call:args|>{\"city\": \"Paris\"}<|tool_call:end|>" +
			"<|tool_call:begin|>f6g7h8i9j0<|tool_call:name|>get_weather<|tool_call:args|>{\"city\": \"Tokyo\"}<|tool_call:end|><|calls|>",
		"Two cities to check.", []string{"Paris", "Tokyo"}},
}

// TestAutoFormatByModelName: the gateway with -format auto, told only
// the model's name, renders its template's prompt and turns the reply
// that template has the model write into exactly its calls, whole and
// streamed, with empty content and the reasoning as reasoning_content.
func TestAutoFormatByModelName(t *testing.T) {
	for _, tt := range namedModelReplies {
		t.Run(tt.model, func(t *testing.T) {
			up := &upstream{text: tt.reply}
			gw, _ := gatewayFor(t, server.Auto, up, completionsMode)
			c := client(gw.URL)
			p := params(true)
			p.Model = tt.model
			s := c.Chat.Completions.NewStreaming(context.Background(), p)
			acc := openai.ChatCompletionAccumulator{}
			var streamed strings.Builder
			for s.Next() {
				chunk := s.Current()
				acc.AddChunk(chunk)
				var raw struct {
					Choices []struct {
						Delta struct {
							Reasoning string `json:"reasoning_content"`
						} `json:"delta"`
					} `json:"choices"`
				}
				if json.Unmarshal([]byte(chunk.RawJSON()), &raw) == nil && len(raw.Choices) > 0 {
					streamed.WriteString(raw.Choices[0].Delta.Reasoning)
				}
			}
			if err := s.Err(); err != nil {
				t.Fatal(err)
			}
			resp, err := c.Chat.Completions.New(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			var whole struct {
				Reasoning string `json:"reasoning_content"`
			}
			_ = json.Unmarshal([]byte(resp.Choices[0].Message.RawJSON()), &whole)
			for _, got := range []struct {
				mode      string
				msg       openai.ChatCompletionMessage
				reasoning string
			}{{"streaming", acc.Choices[0].Message, streamed.String()}, {"non-streaming", resp.Choices[0].Message, whole.Reasoning}} {
				if strings.TrimSpace(got.msg.Content) != "" || strings.TrimSpace(got.reasoning) != tt.reasoning {
					t.Errorf("%s: content %q, reasoning %q; want none, %q", got.mode, got.msg.Content, got.reasoning, tt.reasoning)
				}
				if len(got.msg.ToolCalls) != len(tt.cities) {
					t.Fatalf("%s: %d calls, want %d", got.mode, len(got.msg.ToolCalls), len(tt.cities))
				}
				for i, call := range got.msg.ToolCalls {
					if want := `{"city":"` + tt.cities[i] + `"}`; call.Function.Name != "get_weather" || call.Function.Arguments != want {
						t.Errorf("%s: call %d is %s %s, want get_weather %s", got.mode, i, call.Function.Name, call.Function.Arguments, want)
					}
				}
			}
			up.mu.Lock()
			defer up.mu.Unlock()
			for _, req := range up.requests {
				if prompt, _ := req["prompt"].(string); !strings.HasSuffix(prompt, tt.promptEnd) {
					t.Errorf("the prompt ends %q, want %q", prompt[max(0, len(prompt)-60):], tt.promptEnd)
				}
			}
		})
	}
}
