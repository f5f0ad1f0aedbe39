package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// sseUpstream streams tokens as server-sent events, as a completions
// endpoint (text) or a chat endpoint (delta content) writes them, each
// event flushed on its own.
type sseUpstream struct {
	events [][]byte // per endpoint kind, rendered once
	chat   [][]byte
	// batched writes every event before one flush: the transport's cost
	// per token (a write and a read per event) drops out, and what is
	// left is the gateway's own.
	batched bool
}

func newSSEUpstream(tokens []string) *sseUpstream {
	u := &sseUpstream{}
	for _, tok := range tokens {
		raw, _ := json.Marshal(map[string]any{"choices": []map[string]any{{"index": 0, "text": tok}}})
		u.events = append(u.events, []byte("data: "+string(raw)+"\n\n"))
		raw, _ = json.Marshal(map[string]any{"choices": []map[string]any{{"index": 0, "delta": map[string]any{"content": tok}}}})
		u.chat = append(u.chat, []byte("data: "+string(raw)+"\n\n"))
	}
	return u
}

func (u *sseUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	events := u.events
	if r.URL.Path == "/v1/chat/completions" {
		events = u.chat
	}
	w.Header().Set("Content-Type", "text/event-stream")
	fl := w.(http.Flusher)
	for _, ev := range events {
		w.Write(ev)
		if !u.batched {
			fl.Flush()
		}
	}
	w.Write([]byte("data: [DONE]\n\n"))
}

// discard is a client that reads nothing back: a ResponseWriter that
// drops what it is given.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(int)             {}
func (d *discard) Flush()                      {}

// SetWriteDeadline lets the gateway set its per-write deadlines, as a
// server's connection does.
func (d *discard) SetWriteDeadline(time.Time) error { return nil }

// BenchmarkGatewayPerToken streams N tokens through the gateway (an
// in-process upstream writes them as SSE, the gateway reads each event,
// decodes its JSON, feeds the stream and writes the chunk; the client
// discards): prose, and a long call, for both upstream APIs, with and
// without argument streaming; each event flushed on its own (a write and
// a read per token, as a model server streams) and all batched (the
// gateway's own cost). It reports ns, allocations and bytes per token.
func BenchmarkGatewayPerToken(b *testing.B) {
	const n = 2000
	prose := make([]string, n)
	for i := range prose {
		prose[i] = " word"
	}
	call := []string{`<tool_call>{"name": "write_file", "arguments": {"path": "a.py", "content": "`}
	for len(call) < n {
		call = append(call, "x = ", "1\\n")
	}
	call = append(call, `"}}</tool_call>`)
	body := `{"model": "m", "stream": true, "messages": [{"role": "user", "content": "hi"}], "tools": [{"type": "function", "function": {"name": "write_file"}}]}`
	for _, doc := range []struct {
		name   string
		tokens []string
	}{{"prose", prose}, {"call", call}} {
		for _, batched := range []bool{false, true} {
			sse := newSSEUpstream(doc.tokens)
			sse.batched = batched
			up := httptest.NewServer(sse)
			transport := "flushed"
			if batched {
				transport = "batched"
			}
			for _, api := range []string{APIOpenAI, APIChat} {
				for _, whole := range []bool{false, true} {
					name := fmt.Sprintf("%s/%s/%s/argstream=%v", doc.name, transport, api, !whole)
					b.Run(name, func(b *testing.B) {
						g, err := New(Config{Format: "hermes", WholeCalls: whole, Upstream: &HTTPUpstream{BaseURL: up.URL, API: api, Client: up.Client()}})
						if err != nil {
							b.Fatal(err)
						}
						var before, after runtime.MemStats
						runtime.ReadMemStats(&before)
						for b.Loop() {
							req := httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(body))
							g.ServeHTTP(&discard{h: http.Header{}}, req)
						}
						runtime.ReadMemStats(&after)
						tokens := float64(b.N) * float64(len(doc.tokens))
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/tokens, "ns/token")
						b.ReportMetric(float64(after.Mallocs-before.Mallocs)/tokens, "allocs/token")
						b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/tokens, "B/token")
					})
				}
			}
			up.Close()
		}
	}
}
