package e2e_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/toolparse/toolparse/examples/gateway/server"
)

// autoReplies are replies models write for two calls after the prompt
// their chat template writes, each under the model's name as a client
// asks for it.
var autoReplies = []struct {
	model, text string
}{
	{"swiss-ai/Apertus-8B-Instruct-2509", `<|inner_prefix|>Two cities to check.<|inner_suffix|><|tools_prefix|>[{"get_weather": {"city": "Paris"}}, {"get_weather": {"city": "Tokyo"}}]<|tools_suffix|>`},
	{"ibm-granite/granite-3.3-8b-instruct", `<think>Two cities to check.</think><|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Tokyo"}}]<|end_of_text|>`},
}

// TestAutoFormatReadsEachModel: with -format auto, the gateway picks the
// format by the request's model name, and each model's reply reaches the
// client as exactly its two calls, whole and streamed, with no content
// and the reasoning as reasoning_content.
func TestAutoFormatReadsEachModel(t *testing.T) {
	for _, r := range autoReplies {
		t.Run(r.model, func(t *testing.T) {
			gw, _ := gatewayFor(t, server.Auto, &upstream{text: r.text}, completionsMode)
			c := client(gw.URL)
			p := params(true)
			p.Model = r.model
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
			p = params(false)
			p.Model = r.model
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
				if got.msg.Content != "" || got.reasoning != "Two cities to check." {
					t.Errorf("%s: content %q, reasoning %q", got.mode, got.msg.Content, got.reasoning)
				}
				if len(got.msg.ToolCalls) != 2 || got.msg.ToolCalls[0].Function.Arguments != `{"city":"Paris"}` || got.msg.ToolCalls[1].Function.Arguments != `{"city":"Tokyo"}` {
					t.Errorf("%s: calls %+v", got.mode, got.msg.ToolCalls)
				}
			}
		})
	}
}
