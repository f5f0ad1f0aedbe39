package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/toolparse/toolparse/examples/gateway/server"
)

// chatBody is a request with history: an assistant turn with its
// reasoning and a call, the call's result, tool_choice required and a
// chat template option.
const chatBody = `{"model": "test-model", "stream": %s, "stream_options": {"include_usage": true},
	"messages": [
		{"role": "user", "content": "Weather in Paris?"},
		{"role": "assistant", "reasoning_content": "The user wants Paris.", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}}]},
		{"role": "tool", "tool_call_id": "call_1", "content": "sunny"},
		{"role": "user", "content": "And Tokyo?"}],
	"tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}],
	"tool_choice": "required",
	"chat_template_kwargs": {"enable_thinking": false}}`

// TestChatModeSendsTheConversation: with -api chat the gateway sends each
// server the conversation (reasoning in history kept as reasoning_content),
// the tools with tool_choice "none", the template options, and what keeps
// that server's answer raw; it parses the raw answer as in the completions
// mode, and hands on reasoning the server separated itself.
func TestChatModeSendsTheConversation(t *testing.T) {
	text := "<think>Tokyo next.</think><tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}\n</tool_call>"
	for _, mode := range apiModes[1:] {
		t.Run(mode.name, func(t *testing.T) {
			up := &upstream{text: text, usage: true, reasoning: "Separated by the server."}
			gw, _ := gatewayFor(t, "hermes", up, mode)
			for _, streaming := range []string{"true", "false"} {
				resp := post(t, gw.URL, strings.Replace(chatBody, "%s", streaming, 1))
				body := readAll(t, resp)
				if resp.StatusCode != 200 || !strings.Contains(body, `Tokyo`) || !strings.Contains(body, "get_weather") {
					t.Fatalf("stream %s: %d %s", streaming, resp.StatusCode, body)
				}
				joined := body
				if streaming == "true" {
					joined = joinedDeltas(t, body)
				}
				for _, want := range []string{"Separated by the server.Tokyo next.", `"total_tokens":12`} {
					if !strings.Contains(joined, want) {
						t.Errorf("stream %s: the answer lacks %q: %s", streaming, want, body)
					}
				}
				if strings.Contains(body, "<tool_call>") || strings.Contains(body, "<think>") {
					t.Errorf("stream %s: markers reached the client: %s", streaming, body)
				}
			}
			req := up.requests[0]
			if up.paths[0] != "/v1/chat/completions" || req["prompt"] != nil {
				t.Fatalf("the gateway asked %s with a prompt %v", up.paths[0], req["prompt"] != nil)
			}
			msgs, _ := req["messages"].([]any)
			if len(msgs) != 4 {
				t.Fatalf("%d messages sent, want 4", len(msgs))
			}
			if m, _ := msgs[1].(map[string]any); m["reasoning_content"] != "The user wants Paris." {
				t.Errorf("the history's reasoning went as %v", m)
			}
			if tools, _ := req["tools"].([]any); len(tools) != 1 || req["tool_choice"] != "none" {
				t.Errorf("tools %v, tool_choice %v; want the tool and none", req["tools"], req["tool_choice"])
			}
			if kw, _ := req["chat_template_kwargs"].(map[string]any); kw["enable_thinking"] != false {
				t.Errorf("chat_template_kwargs %v", req["chat_template_kwargs"])
			}
			switch mode.server {
			case server.ServerLlamaCpp:
				if req["reasoning_format"] != "none" || req["parse_tool_calls"] != false || req["grammar"] == nil {
					t.Errorf("llama.cpp got reasoning_format %v, parse_tool_calls %v, grammar %v", req["reasoning_format"], req["parse_tool_calls"], req["grammar"] != nil)
				}
			default:
				rf, _ := req["response_format"].(map[string]any)
				if req["skip_special_tokens"] != false || rf["type"] != "structural_tag" {
					t.Errorf("%s got skip_special_tokens %v, response_format %v", mode.server, req["skip_special_tokens"], req["response_format"])
				}
				if mode.server == server.ServerSGLang && req["separate_reasoning"] != false {
					t.Errorf("SGLang got separate_reasoning %v", req["separate_reasoning"])
				}
			}
		})
	}
}

// TestChatModeAutoFormat: -format auto picks the format by the request's
// model name in the chat mode too.
func TestChatModeAutoFormat(t *testing.T) {
	up := &upstream{text: `<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>`}
	gw, _ := gatewayFor(t, server.Auto, up, apiModes[1])
	p := params(false)
	p.Model = "Qwen/Qwen3-8B"
	c := client(gw.URL)
	resp, err := c.Chat.Completions.New(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if calls := resp.Choices[0].Message.ToolCalls; len(calls) != 1 || calls[0].Function.Arguments != `{"city":"Oslo"}` {
		t.Errorf("calls %+v", calls)
	}
}

// TestChatModeRefusals: a format a server's chat endpoint parses itself
// (gpt-oss's harmony on vLLM) is refused at startup, and a server that
// parsed tool calls anyway fails the request instead of passing on a
// wrong answer.
func TestChatModeRefusals(t *testing.T) {
	_, err := server.New(server.Config{Format: "harmony", Upstream: &server.HTTPUpstream{BaseURL: "http://x", API: server.APIChat, Server: server.ServerVLLM}})
	if !errors.Is(err, server.ErrRawUnavailable) {
		t.Errorf("harmony on vLLM's chat endpoint: %v", err)
	}
	if _, err := server.New(server.Config{Format: "hermes", Upstream: &server.HTTPUpstream{BaseURL: "http://x", API: server.APIChat, Server: "tgi"}}); err == nil {
		t.Error("an unknown chat server starts a gateway")
	}
	parsed := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte(`data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"get_weather","arguments":"{}"}}]}}]}` + "\n\ndata: [DONE]\n\n"))
	})
	gw, _ := gatewayFor(t, "hermes", parsed, apiModes[1])
	c := client(gw.URL)
	_, err = c.Chat.Completions.New(context.Background(), params(false))
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadGateway {
		t.Errorf("a server that parsed the calls itself: %v", err)
	}
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	var b strings.Builder
	if _, err := io.Copy(&b, resp.Body); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// joinedDeltas returns a streamed answer's reasoning deltas joined, then
// its events as they are (for what is not a delta).
func joinedDeltas(t *testing.T, body string) string {
	t.Helper()
	var reasoning strings.Builder
	for _, ev := range strings.Split(body, "\n\n") {
		var c struct {
			Choices []struct {
				Delta struct {
					Reasoning string `json:"reasoning_content"`
				} `json:"delta"`
			} `json:"choices"`
		}
		if json.Unmarshal([]byte(strings.TrimPrefix(strings.TrimSpace(ev), "data: ")), &c) == nil && len(c.Choices) > 0 {
			reasoning.WriteString(c.Choices[0].Delta.Reasoning)
		}
	}
	return reasoning.String() + "\n" + body
}

// TestUpstreamErrorsInBothModes: a failing upstream is a 502 in either
// mode, before anything went out.
func TestUpstreamErrorsInBothModes(t *testing.T) {
	for _, mode := range apiModes {
		for name, up := range map[string]http.Handler{
			"500":     &upstream{status: 500},
			"garbage": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("data: {not json\n\n")) }),
		} {
			gw, _ := gatewayFor(t, "lfm2", up, mode)
			resp := post(t, gw.URL, `{"stream": true, "messages": [{"role": "user", "content": "hi"}]}`)
			if resp.StatusCode != http.StatusBadGateway {
				t.Errorf("%s, upstream %s: status %d", mode.name, name, resp.StatusCode)
			}
			resp.Body.Close()
		}
	}
}

// TestCompletionsModeReadsTemplateSwitches: when the gateway renders the
// prompt itself, the request's chat_template_kwargs turn the template's
// switches as the model's own template would (Qwen3's enable_thinking
// false writes an empty think block and leaves no reasoning open), and a
// switch of the wrong type is a 400.
func TestCompletionsModeReadsTemplateSwitches(t *testing.T) {
	up := &upstream{text: "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}\n</tool_call>"}
	gw, _ := gatewayFor(t, server.Auto, up, completionsMode)
	body := strings.Replace(strings.Replace(chatBody, "%s", "false", 1), `"test-model"`, `"Qwen/Qwen3-8B"`, 1)
	resp := post(t, gw.URL, body)
	if got := readAll(t, resp); resp.StatusCode != 200 || !strings.Contains(got, `"name":"get_weather"`) || strings.Contains(got, "reasoning_content") {
		t.Errorf("%d %s", resp.StatusCode, got)
	}
	up.mu.Lock()
	prompt, _ := up.requests[0]["prompt"].(string)
	up.mu.Unlock()
	if want := "<|im_start|>assistant\n<think>\n\n</think>\n\n"; !strings.HasSuffix(prompt, want) {
		t.Errorf("the prompt ends %q, want %q", prompt[max(0, len(prompt)-60):], want)
	}
	bad := strings.Replace(body, `{"enable_thinking": false}`, `{"enable_thinking": "no"}`, 1)
	resp = post(t, gw.URL, bad)
	if got := readAll(t, resp); resp.StatusCode != 400 || !strings.Contains(got, "enable_thinking") {
		t.Errorf("a bad switch: %d %s", resp.StatusCode, got)
	}
}
