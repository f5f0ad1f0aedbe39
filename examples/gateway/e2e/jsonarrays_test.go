package e2e_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/toolparse/toolparse/examples/gateway/server"
)

// jsonArrayReplies are replies for two calls as the models of two of the
// JSON-array families write them after the prompt their template writes
// (apriel/testdata and functools/testdata hold those prompts' goldens),
// and as models of other families write them, each served under the
// model's own name.
var jsonArrayReplies = []struct{ model, reply, reasoning string }{
	// The prompt opened the reasoning ("Here are my reasoning steps:\n").
	{"ServiceNow-AI/Apriel-1.6-15b-Thinker", "Two cities to check.\n[BEGIN FINAL RESPONSE]\n\n<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}, \"id\": \"a1B2c3D4e\"}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}, \"id\": \"f5G6h7J8k\"}]</tool_calls>\n<|end|>\n", "Two cities to check."},
	// Apriel 1.5's prompt opens nothing: the model writes the header.
	{"ServiceNow-AI/Apriel-1.5-15b-Thinker", "Here are my reasoning steps:\nTwo cities to check.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]</tool_calls>\n<|end|>\n", "Two cities to check."},
	{"microsoft/Phi-4-mini-instruct", "functools[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]<|end|>", ""},
	// Llama 3.1 models read by llama4, as their model cards show them
	// (llama4's default policy keeps only independent calls: these are).
	{"meetkai/functionary-v3.1", "<function=get_weather>{\"city\": \"Paris\"}</function><function=get_weather>{\"city\": \"Tokyo\"}</function><|eom_id|>", ""},
	{"Salesforce/Llama-xLAM-2-8b-fc-r", "[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]<|eot_id|>", ""},
	{"fireworks-ai/llama-3-firefunction-v2", " functools[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]<|eot_id|>", ""},
	// MiniMax-M3's template leaves reasoning closed (thinking adaptive):
	// the model opens it, then writes one block of namespaced invokes.
	{"MiniMaxAI/MiniMax-M3", "<mm:think>Two cities to check.</mm:think>]<]minimax[>[<tool_call>\n" +
		"]<]minimax[>[<invoke name=\"get_weather\">]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[</invoke>\n" +
		"]<]minimax[>[<invoke name=\"get_weather\">]<]minimax[>[<city>Tokyo]<]minimax[>[</city>]<]minimax[>[</invoke>\n" +
		"]<]minimax[>[</tool_call>[e~[", "Two cities to check."},
}

// TestFormatAutoReadsJSONArrayReplies: with -format auto, each model's
// reply reaches the OpenAI client as exactly its two calls, whole and
// streamed, with no content and the reasoning as reasoning_content.
func TestFormatAutoReadsJSONArrayReplies(t *testing.T) {
	for _, r := range jsonArrayReplies {
		t.Run(r.model, func(t *testing.T) {
			gw, _ := gatewayFor(t, server.Auto, &upstream{text: r.reply}, completionsMode)
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
				if strings.TrimSpace(got.msg.Content) != "" || strings.TrimSpace(got.reasoning) != r.reasoning {
					t.Errorf("%s: content %q, reasoning %q; want none and %q", got.mode, got.msg.Content, got.reasoning, r.reasoning)
				}
				if len(got.msg.ToolCalls) != 2 {
					t.Fatalf("%s: %d calls, want 2", got.mode, len(got.msg.ToolCalls))
				}
				for i, city := range []string{"Paris", "Tokyo"} {
					if c := got.msg.ToolCalls[i]; c.Function.Name != "get_weather" || c.Function.Arguments != `{"city":"`+city+`"}` {
						t.Errorf("%s: call %d is %s %s", got.mode, i, c.Function.Name, c.Function.Arguments)
					}
				}
			}
		})
	}
}
