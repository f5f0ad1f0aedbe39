package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolparse/toolparse/openai"
)

func TestGatewayWithTheDemoUpstream(t *testing.T) {
	for _, format := range []string{"llama4", "lfm2", "olmo3", "pythonic", "hermes", "qwen3", "qwen3_coder", "harmony", "gpt_oss", "glm45", "deepseek", "kimi_k2", "mistral", "llama3_json"} {
		resp := askWeather(t, Config{Format: format, Upstream: &Demo{Format: format}})
		msg := resp.Choices[0].Message
		if resp.Choices[0].FinishReason != "tool_calls" || len(msg.ToolCalls) != 2 || msg.ToolCalls[1].Function.Arguments != `{"city":"Tokyo"}` {
			t.Errorf("%s: %+v", format, resp)
		}
		if (format == "lfm2" || format == "olmo3" || format == "hermes") && (msg.ReasoningContent == nil || !strings.Contains(*msg.ReasoningContent, "Weather?")) {
			t.Errorf("%s: no reasoning in %+v", format, msg)
		}
	}
}

// askWeather asks a gateway with cfg, whole, about the weather, offering
// get_weather, and returns its completion.
func askWeather(t *testing.T, cfg Config) openai.Completion {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	body := `{"model": "demo", "messages": [{"role": "user", "content": "Weather?"}],
		"tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]}`
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(body)))
	var resp openai.Completion
	if err := json.Unmarshal(rec.Body.Bytes(), &resp); err != nil || rec.Code != 200 {
		t.Fatalf("%s: %d %s", cfg.Format, rec.Code, rec.Body)
	}
	return resp
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

func TestModelsAndUsage(t *testing.T) {
	g, _ := New(Config{Format: "llama4", Model: "llama-4-scout", Upstream: &Demo{Format: "llama4"}})
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/models", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"id":"llama-4-scout"`) {
		t.Errorf("models: %d %s", rec.Code, rec.Body)
	}
	body := `{"model": "m", "stream": true, "stream_options": {"include_usage": true}, "messages": [{"role": "user", "content": "hi"}]}`
	rec = httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(body)))
	if !strings.Contains(rec.Body.String(), `"choices":[],"usage":{"prompt_tokens":`) || !strings.HasSuffix(rec.Body.String(), "data: [DONE]\n\n") {
		t.Errorf("no usage chunk: %s", rec.Body)
	}
}

// recorder is an upstream that answers with a fixed text in the format it
// is asked for, lists models, and keeps the completions asked of it.
type recorder struct {
	list  string
	asked []Completion
}

func (u *recorder) Complete(_ context.Context, c Completion, yield func(string) error) (Outcome, error) {
	u.asked = append(u.asked, c)
	return Outcome{FinishReason: "stop"}, yield("Hello!")
}

func (u *recorder) Models(context.Context) ([]byte, error) { return []byte(u.list), nil }

// TestFormatAuto: with -format auto, a request's format and prompt
// profile come from its model's name, else from the first known model the
// upstream lists; a model nothing knows is a 400 that says what to do.
func TestFormatAuto(t *testing.T) {
	for _, tt := range []struct {
		model, list, format, promptHas string
	}{
		{"Qwen/Qwen3-8B", "", "hermes", "<|im_start|>user\nhi<|im_end|>"},
		{"meta-llama/Llama-3.3-70B-Instruct", "", "llama3_json", "Today Date: 26 Jul 2024"},
		{"zai-org/GLM-4.6", "", "glm45", "[gMASK]<sop><|user|>\nhi"},
		{"my-model", `{"data": [{"id": "unknown"}, {"id": "openai/gpt-oss-20b"}]}`, "harmony", "<|start|>user<|message|>hi<|end|>"},
	} {
		up := &recorder{list: tt.list}
		var logs strings.Builder
		g, err := New(Config{Format: Auto, Upstream: up, Log: slog.New(slog.NewTextHandler(&logs, nil))})
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(`{"model": "`+tt.model+`", "messages": [{"role": "user", "content": "hi"}]}`)))
		if rec.Code != 200 || len(up.asked) != 1 {
			t.Fatalf("%s: %d %s", tt.model, rec.Code, rec.Body)
		}
		if c := up.asked[0]; c.Format != tt.format || !strings.Contains(c.Prompt, tt.promptHas) {
			t.Errorf("%s: format %s, prompt %q; want %s and %q", tt.model, c.Format, c.Prompt, tt.format, tt.promptHas)
		}
		if !strings.Contains(logs.String(), "format="+tt.format) {
			t.Errorf("%s: the log does not say which format: %s", tt.model, logs.String())
		}
	}
	g, _ := New(Config{Format: Auto, Upstream: &recorder{list: `{"data": [{"id": "mystery"}]}`}})
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(`{"model": "mystery", "messages": [{"role": "user", "content": "hi"}]}`)))
	if rec.Code != 400 || !strings.Contains(rec.Body.String(), "-format") {
		t.Errorf("an unknown model: %d %s", rec.Code, rec.Body)
	}
}

// TestFormatFromTemplate: with -format auto and a llama-server upstream, a
// model whose name tells nothing is served in the format its chat template
// (GET /props) tells, and the log says so; a template that tells nothing
// falls back to the upstream's model list.
func TestFormatFromTemplate(t *testing.T) {
	glm47 := `<tool_call>{{ name }}<arg_key>k</arg_key><arg_value>v</arg_value><|assistant|>{{- '</think>' if (enable_thinking is defined and not enable_thinking) else '<think>' -}}`
	for _, tt := range []struct{ template, list, format, from string }{
		{glm47, `{"data": [{"id": "model.gguf"}]}`, "glm45", "format_from=template"},
		{`<|im_start|>{{ m.content }}<|im_end|>`, `{"data": [{"id": "Qwen3-8B-Q4_K_M.gguf"}]}`, "hermes", `format_from="upstream model Qwen3-8B-Q4_K_M.gguf"`},
	} {
		var props atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/props":
				props.Add(1)
				_ = json.NewEncoder(w).Encode(map[string]string{"chat_template": tt.template})
			case "/v1/models":
				_, _ = io.WriteString(w, tt.list)
			case "/completion":
				w.Header().Set("Content-Type", "text/event-stream")
				_, _ = io.WriteString(w, "data: {\"content\": \"Hello!\", \"stop\": true}\n\n")
			default:
				http.NotFound(w, r)
			}
		}))
		var logs strings.Builder
		g, err := New(Config{Format: Auto, Upstream: &HTTPUpstream{BaseURL: srv.URL, API: APILlamaCpp}, Log: slog.New(slog.NewTextHandler(&logs, nil))})
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(`{"model": "local", "messages": [{"role": "user", "content": "hi"}]}`)))
		srv.Close()
		if rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		if props.Load() != 1 {
			t.Errorf("GET /props asked %d times, want once", props.Load())
		}
		if !strings.Contains(logs.String(), "format="+tt.format) || !strings.Contains(logs.String(), tt.from) {
			t.Errorf("the log does not say format=%s and %s: %s", tt.format, tt.from, logs.String())
		}
	}
}

// Config.MaxCalls bounds the calls of a response: past it the rest of the
// response is content (the demo's answer holds two calls).
func TestMaxCalls(t *testing.T) {
	resp := askWeather(t, Config{Format: "hermes", Upstream: &Demo{Format: "hermes"}, MaxCalls: 1})
	msg := resp.Choices[0].Message
	if len(msg.ToolCalls) != 1 || msg.Content == nil || !strings.Contains(*msg.Content, "Tokyo") {
		t.Errorf("want one call and the second in the content: %+v", msg)
	}
}
