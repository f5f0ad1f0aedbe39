package server

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const chatBody = `{"model": "m", "stream": %v, "messages": [{"role": "user", "content": "hi"}]}`

// gatewayOver returns a gateway in front of a fake upstream served by h,
// with short timeouts.
func gatewayOver(t *testing.T, h http.HandlerFunc, maxResponse int64) *Gateway {
	t.Helper()
	up := httptest.NewServer(h)
	t.Cleanup(up.Close)
	g, err := New(Config{Format: "llama4", MaxResponse: maxResponse, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Upstream: &HTTPUpstream{BaseURL: up.URL, Client: &http.Client{Transport: NewTransport(time.Second)},
			FirstByteTimeout: 200 * time.Millisecond, IdleTimeout: 200 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func post(g *Gateway, streaming bool) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(fmt.Sprintf(chatBody, streaming))))
	return rec
}

func sse(w http.ResponseWriter, text string) {
	raw, _ := json.Marshal(map[string]any{"choices": []map[string]any{{"index": 0, "text": text}}})
	fmt.Fprintf(w, "data: %s\n\n", raw)
	w.(http.Flusher).Flush()
}

func TestAnUpstreamThatNeverAnswersTimesOut(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	g := gatewayOver(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}, 0)
	for _, streaming := range []bool{false, true} {
		rec := post(g, streaming)
		if rec.Code != http.StatusGatewayTimeout || !strings.Contains(rec.Body.String(), "timed out") {
			t.Errorf("stream %v: %d %s, want 504", streaming, rec.Code, rec.Body)
		}
	}
}

func TestAnUpstreamThatStallsMidStreamEndsWithAnErrorEvent(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	g := gatewayOver(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		sse(w, "Hello there, ")
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}, 0)
	rec := post(g, true)
	body := rec.Body.String()
	if rec.Code != 200 || !strings.Contains(body, "Hello there") || !strings.Contains(body, `"upstream_error"`) || !strings.Contains(body, "timed out") {
		t.Errorf("%d %s", rec.Code, body)
	}
	if strings.Contains(body, "[DONE]") {
		t.Errorf("a failed stream ended with [DONE]")
	}
}

func TestAnUpstreamErrorBodyIsNotRelayed(t *testing.T) {
	g := gatewayOver(t, func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "secret internal trace at /srv/model.py:42", http.StatusInternalServerError)
	}, 0)
	rec := post(g, false)
	if rec.Code != http.StatusBadGateway || !strings.Contains(rec.Body.String(), "status 500") || strings.Contains(rec.Body.String(), "secret") {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
}

func TestAnOversizedResponseIsCutOff(t *testing.T) {
	g := gatewayOver(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for range 1000 {
			if r.Context().Err() != nil {
				return
			}
			sse(w, strings.Repeat("x", 1000))
		}
		fmt.Fprint(w, "data: [DONE]\n\n")
	}, 64<<10)
	// Timeouts long enough for a loaded machine (CI runs packages side by
	// side): this test is about the size, not the time.
	g.upstream.(*HTTPUpstream).FirstByteTimeout, g.upstream.(*HTTPUpstream).IdleTimeout = 10*time.Second, 10*time.Second
	rec := post(g, false)
	if rec.Code != http.StatusBadGateway || !strings.Contains(rec.Body.String(), "over 65536 bytes") {
		t.Errorf("non-streaming: %d %.200s", rec.Code, rec.Body)
	}
	if rec := post(g, true); rec.Code != 200 || !strings.Contains(rec.Body.String(), "[DONE]") {
		t.Errorf("streaming is not capped: %d %.200s", rec.Code, rec.Body)
	}
}

// Concurrent streams reuse upstream connections: 40 clients making 20
// requests each open about 40 connections, not hundreds.
func TestConcurrentStreamsReuseConnections(t *testing.T) {
	var conns atomic.Int64
	up := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		sse(w, "ok")
		fmt.Fprint(w, "data: [DONE]\n\n")
	}))
	up.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	up.Start()
	defer up.Close()
	u := &HTTPUpstream{BaseURL: up.URL}
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() {
			for range 20 {
				if _, err := u.Complete(t.Context(), Completion{Prompt: "p"}, func(string) error { return nil }); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if n := conns.Load(); n > 120 {
		t.Errorf("%d connections for 800 requests from 40 clients", n)
	}
}

// The llama.cpp upstream: /completion with n_predict and, for a required
// tool_choice, the format's grammar; its stop and token counts become the
// finish_reason and usage.
func TestLlamaCppUpstream(t *testing.T) {
	var got map[string]any
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/completion" {
			http.NotFound(w, r)
			return
		}
		_ = json.NewDecoder(r.Body).Decode(&got)
		w.Header().Set("Content-Type", "text/event-stream")
		for _, piece := range []string{"[get_weather(", "city='Paris')]"} {
			raw, _ := json.Marshal(map[string]any{"content": piece, "stop": false})
			fmt.Fprintf(w, "data: %s\n\n", raw)
		}
		fmt.Fprint(w, `data: {"content":"","stop":true,"stopped_limit":true,"tokens_evaluated":12,"tokens_predicted":9}`+"\n\n")
	}))
	defer up.Close()
	g, err := New(Config{Format: "pythonic", Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Upstream: &HTTPUpstream{BaseURL: up.URL, API: APILlamaCpp}})
	if err != nil {
		t.Fatal(err)
	}
	body := `{"model": "m", "max_tokens": 40, "stream": true, "stream_options": {"include_usage": true}, "tool_choice": "required",
		"messages": [{"role": "user", "content": "Weather?"}], "tools": [{"type": "function", "function": {"name": "get_weather"}}]}`
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(body)))
	out := rec.Body.String()
	if got["n_predict"] != float64(40) || !strings.Contains(fmt.Sprint(got["grammar"]), "root ::=") || got["stream"] != true {
		t.Errorf("the upstream was asked %v", got)
	}
	if !strings.Contains(out, `"name":"get_weather"`) || !strings.Contains(out, `"finish_reason":"length"`) || !strings.Contains(out, `"usage":{"prompt_tokens":12,"completion_tokens":9,"total_tokens":21}`) {
		t.Errorf("%s", out)
	}
}

// The OpenAI-compatible upstream is asked to keep special tokens, and for
// usage when the client wants it.
func TestOpenAIUpstreamKeepsSpecialTokens(t *testing.T) {
	var got map[string]any
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewDecoder(r.Body).Decode(&got)
		w.Header().Set("Content-Type", "text/event-stream")
		sse(w, "hello")
		fmt.Fprint(w, `data: {"choices":[{"text":"","finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}`+"\n\ndata: [DONE]\n\n")
	}))
	defer up.Close()
	g, _ := New(Config{Format: "llama4", Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Upstream: &HTTPUpstream{BaseURL: up.URL}})
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(`{"model": "m", "stream": true, "stream_options": {"include_usage": true}, "messages": [{"role": "user", "content": "hi"}]}`)))
	if got["skip_special_tokens"] != false || got["stream_options"] == nil {
		t.Errorf("the upstream was asked %v", got)
	}
	if !strings.Contains(rec.Body.String(), `"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}`) {
		t.Errorf("%s", rec.Body)
	}
}

// chatUpstream is a chat server with a reasoning parser: it answers
// /v1/chat/completions with reasoning bytes of reasoning_content, then
// content bytes of content, in events of 64 KiB, and counts the bytes it
// managed to send.
func chatUpstream(t *testing.T, reasoning, content int, sent *atomic.Int64) *httptest.Server {
	t.Helper()
	event := func(key string) []byte {
		raw, _ := json.Marshal(map[string]any{"choices": []map[string]any{{"index": 0, "delta": map[string]string{key: strings.Repeat("r", 64<<10)}}}})
		return fmt.Appendf(nil, "data: %s\n\n", raw)
	}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for _, part := range []struct {
			ev []byte
			n  int
		}{{event("reasoning_content"), reasoning}, {event("content"), content}} {
			for i := 0; i < part.n; i += 64 << 10 {
				n, err := w.Write(part.ev)
				if sent.Add(int64(n)); err != nil {
					return
				}
				w.(http.Flusher).Flush()
			}
		}
		fmt.Fprint(w, `data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`+"\n\ndata: [DONE]\n\n")
	}))
	t.Cleanup(up.Close)
	return up
}

// Reasoning a chat upstream separates itself counts toward MaxResponse
// with the text (before, it was not counted: 64 MiB of it came back as a
// 64 MiB response): a non-streaming response over the limit is a 502 as
// soon as it is, the upstream cut off long before it is done. A stream
// holds neither, and is not capped.
func TestReasoningCountsTowardMaxResponse(t *testing.T) {
	const limit = 1 << 20
	for _, tt := range []struct {
		name               string
		reasoning, content int // what the upstream sends
		streaming          bool
		status             int
	}{
		{"64 MiB of reasoning", 64 << 20, 0, false, http.StatusBadGateway},
		{"reasoning and text, each under the limit", 768 << 10, 768 << 10, false, http.StatusBadGateway},
		{"reasoning and text under the limit", 384 << 10, 384 << 10, false, http.StatusOK},
		{"a stream", 2 << 20, 64 << 10, true, http.StatusOK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var sent atomic.Int64
			up := chatUpstream(t, tt.reasoning, tt.content, &sent)
			g, err := New(Config{Format: "hermes", MaxResponse: limit, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Upstream: &HTTPUpstream{BaseURL: up.URL, API: APIChat, Client: &http.Client{Transport: NewTransport(time.Second)}}})
			if err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			rec := post(g, tt.streaming)
			runtime.ReadMemStats(&after)
			if rec.Code != tt.status {
				t.Fatalf("%d %.200s, want %d", rec.Code, rec.Body, tt.status)
			}
			switch {
			case tt.status == http.StatusBadGateway && !strings.Contains(rec.Body.String(), "over 1048576 bytes"):
				t.Errorf("%.200s", rec.Body)
			case tt.status == http.StatusOK && tt.streaming && !strings.Contains(rec.Body.String(), "[DONE]"):
				t.Errorf("the stream did not end: %.200s", rec.Body)
			case tt.status == http.StatusOK && !tt.streaming && !strings.Contains(rec.Body.String(), `"reasoning_content":"rrr`):
				t.Errorf("no reasoning: %.200s", rec.Body)
			}
			if tt.reasoning < 64<<20 {
				return
			}
			// The upstream is cut off after about a mebibyte (what the
			// connection's buffers take besides), and the gateway does not
			// allocate the whole of it.
			if n := sent.Load(); n > 16<<20 {
				t.Errorf("the upstream sent %d MiB before it was cut off", n>>20)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 32<<20 {
				t.Errorf("the request allocated %d MiB", n>>20)
			}
		})
	}
}

// Reasoning a chat upstream separates itself is the upstream answering:
// it starts the idle timeout as text does (before, only text did, so a
// model that reasoned for longer than the first-byte timeout was cut off).
func TestReasoningKeepsTheUpstreamAlive(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for range 10 { // 500 ms of reasoning, a delta every 50 ms
			fmt.Fprint(w, `data: {"choices":[{"index":0,"delta":{"reasoning_content":"hmm "}}]}`+"\n\n")
			w.(http.Flusher).Flush()
			time.Sleep(50 * time.Millisecond)
		}
		fmt.Fprint(w, `data: {"choices":[{"index":0,"delta":{"content":"Hello."},"finish_reason":"stop"}]}`+"\n\ndata: [DONE]\n\n")
	}))
	defer up.Close()
	g, err := New(Config{Format: "hermes", Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Upstream: &HTTPUpstream{BaseURL: up.URL, API: APIChat, FirstByteTimeout: 200 * time.Millisecond, IdleTimeout: 200 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	rec := post(g, false)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"content":"Hello."`) || !strings.Contains(rec.Body.String(), `"reasoning_content":"hmm hmm`) {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
}
