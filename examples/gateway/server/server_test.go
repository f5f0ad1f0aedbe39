package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestGatewayWithTheDemoUpstream(t *testing.T) {
	for _, format := range []string{"llama4", "lfm2", "olmo3", "pythonic"} {
		g, err := New(Config{Format: format, Upstream: &Demo{Format: format}})
		if err != nil {
			t.Fatal(err)
		}
		body := `{"model": "demo", "messages": [{"role": "user", "content": "Weather?"}],
			"tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]}`
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(body)))
		var resp completion
		if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil || rec.Code != 200 {
			t.Fatalf("%s: %d %s", format, rec.Code, rec.Body)
		}
		msg := resp.Choices[0].Message
		if resp.Choices[0].FinishReason != "tool_calls" || len(msg.ToolCalls) != 2 || msg.ToolCalls[1].Function.Arguments != `{"city":"Tokyo"}` {
			t.Errorf("%s: %+v", format, resp)
		}
		if (format == "lfm2" || format == "olmo3") && (msg.ReasoningContent == nil || !strings.Contains(*msg.ReasoningContent, "Weather?")) {
			t.Errorf("%s: no reasoning in %+v", format, msg)
		}
	}
}

func TestGatewayRoutes(t *testing.T) {
	g, _ := New(Config{Format: "llama4"})
	for _, tt := range []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/", 200},
		{http.MethodGet, "/v1/chat/completions", 405},
		{http.MethodGet, "/nope", 404},
	} {
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.status {
			t.Errorf("%s %s = %d, want %d", tt.method, tt.path, rec.Code, tt.status)
		}
	}
}

func TestRequestTranslation(t *testing.T) {
	var chat chatRequest
	_ = json.Unmarshal([]byte(`{"messages": [{"role": "developer", "content": [{"type": "text", "text": "be brief"}]},
		{"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
		{"role": "tool", "tool_call_id": "c1", "content": "ok"}],
		"tools": [{"type": "function", "function": {"name": "f"}}],
		"tool_choice": {"type": "function", "function": {"name": "f"}}, "parallel_tool_calls": false}`), &chat)
	req, msgs, err := chat.toolcallRequest()
	if err != nil {
		t.Fatal(err)
	}
	if req.ToolChoice != "f" || req.Parallel() || len(msgs) != 3 || msgs[0].Role != "system" || msgs[0].Content != "be brief" || msgs[1].ToolCalls[0].ID != "c1" {
		t.Errorf("req %+v msgs %+v", req, msgs)
	}
	for _, bad := range []string{`{"messages": []}`, `{"messages": [{"role": "user", "content": 5}]}`, `{"messages": [{"role": "user", "content": "x"}], "tool_choice": "sometimes"}`,
		`{"messages": [{"role": "user", "content": "x"}], "tool_choice": {"type": "function", "function": {"name": "g"}}}`} {
		var c chatRequest
		_ = json.Unmarshal([]byte(bad), &c)
		if _, _, err := c.toolcallRequest(); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
