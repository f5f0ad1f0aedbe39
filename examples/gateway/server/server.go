// Package server is the gateway of examples/gateway: an OpenAI-compatible
// /v1/chat/completions endpoint in front of a model server's
// /v1/completions, which renders the conversation in the model's prompt
// format and turns the model's text back into content, reasoning and tool
// calls with a toolparse stream while it streams.
package server

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/olmo3"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/pythonic"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Config configures a gateway.
type Config struct {
	Format   string   // llama4, lfm2, olmo3 or pythonic
	Upstream Upstream // where completions come from; nil means the built-in demo
	MaxBody  int64    // largest request body in bytes; 4 MiB when 0
	// MaxResponse is the most text a non-streaming response may hold
	// (16 MiB when 0): past it the upstream is cut off and the client gets
	// a 502, so one runaway completion cannot fill the gateway's memory.
	MaxResponse int64
	// Policy, when set, decides which calls of a parallel list are
	// returned (policy.FromEnv reads it from LLAMA4_* variables). Its mode
	// applies only to formats with a default policy of their own (llama4);
	// its tool lists apply to every format.
	Policy *policy.Policy
	Log    *slog.Logger // where failures are logged; slog.Default() when nil
}

// formatKit is what the gateway needs of a format.
type formatKit struct {
	format toolcall.Format
	prompt func([]toolcall.Message, []toolcall.Tool) (string, error)
	tag    func(toolcall.Request) ([]byte, error)
}

var kits = map[string]formatKit{
	"llama4": {llama4.Format, func(m []toolcall.Message, t []toolcall.Tool) (string, error) {
		return llama4.RenderPrompt(m, t, llama4.PromptOptions{})
	}, llama4.StructuralTag},
	"lfm2": {lfm2.Format, func(m []toolcall.Message, t []toolcall.Tool) (string, error) {
		return lfm2.RenderPrompt(m, t, lfm2.PromptOptions{})
	}, lfm2.StructuralTag},
	"olmo3": {olmo3.Format, func(m []toolcall.Message, t []toolcall.Tool) (string, error) {
		return olmo3.RenderPrompt(m, t, olmo3.PromptOptions{})
	}, olmo3.StructuralTag},
	// Models served with the generic pythonic parser are prompted the Llama
	// way, with call lists.
	"pythonic": {pythonic.Format, func(m []toolcall.Message, t []toolcall.Tool) (string, error) {
		return llama4.RenderPrompt(m, t, llama4.PromptOptions{})
	}, pythonic.StructuralTag},
}

// ErrUnknownFormat is returned by New for a format it does not serve.
var ErrUnknownFormat = errors.New("unknown format (want llama4, lfm2, olmo3 or pythonic)")

// Gateway is the HTTP handler.
type Gateway struct {
	kit         formatKit
	name        string
	upstream    Upstream
	maxBody     int64
	maxResponse int64
	opts        []stream.Option
	log         *slog.Logger
}

// New returns a gateway for cfg.
func New(cfg Config) (*Gateway, error) {
	kit, ok := kits[cfg.Format]
	if !ok {
		return nil, fmt.Errorf("%q: %w", cfg.Format, ErrUnknownFormat)
	}
	g := &Gateway{kit: kit, name: cfg.Format, upstream: cfg.Upstream, maxBody: cfg.MaxBody, maxResponse: cfg.MaxResponse, log: cfg.Log}
	if g.upstream == nil {
		g.upstream = &Demo{Format: cfg.Format, Delay: 15 * time.Millisecond}
	}
	if g.maxBody <= 0 {
		g.maxBody = 4 << 20
	}
	if g.maxResponse <= 0 {
		g.maxResponse = 16 << 20
	}
	if g.log == nil {
		g.log = slog.Default()
	}
	if cfg.Policy != nil {
		p := *cfg.Policy
		if _, ok := kit.format.(policy.Defaulter); !ok {
			p.Mode = "" // the variables' mode is llama4's, as in the original plugin
		}
		g.opts = append(g.opts, stream.WithPolicy(p))
	}
	return g, nil
}

// ServeHTTP implements http.Handler.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil { // never take the server down
			writeError(w, http.StatusInternalServerError, "server_error", fmt.Sprint("internal error: ", v))
		}
	}()
	switch {
	case r.URL.Path == "/" && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, "toolparse gateway (%s format): POST /v1/chat/completions\n", g.name)
	case r.URL.Path == "/v1/chat/completions" && r.Method == http.MethodPost:
		g.chat(w, r)
	case r.URL.Path == "/v1/chat/completions":
		writeError(w, http.StatusMethodNotAllowed, "invalid_request_error", "use POST")
	default:
		writeError(w, http.StatusNotFound, "invalid_request_error", "no such endpoint: "+r.URL.Path)
	}
}

func writeError(w http.ResponseWriter, status int, kind, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(newAPIError(kind, msg))
}

func (g *Gateway) chat(w http.ResponseWriter, r *http.Request) {
	var chat chatRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, g.maxBody))
	if err := dec.Decode(&chat); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "invalid_request_error", fmt.Sprintf("request body over %d bytes", g.maxBody))
			return
		}
		writeError(w, http.StatusBadRequest, "invalid_request_error", "the body is not a JSON chat request: "+err.Error())
		return
	}
	req, msgs, err := chat.toolcallRequest()
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	prompt, err := g.kit.prompt(msgs, req.Tools)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	c := Completion{Model: chat.Model, Prompt: prompt, MaxTokens: chat.MaxTokens, Temperature: chat.Temperature, TopP: chat.TopP, Stop: chat.Stop, Chat: &chat}
	if chat.MaxCompletion != nil {
		c.MaxTokens = chat.MaxCompletion
	}
	if req.ToolChoice != "" && req.ToolChoice != "auto" && req.ToolChoice != "none" {
		if tag, err := g.kit.tag(req); err == nil {
			c.ResponseFormat = tag
		}
	}
	resp := newResponder(w, chat.Model, chat.Stream)
	s := stream.New(g.kit.format, req, g.opts...)
	var got int64
	err = g.upstream.Complete(r.Context(), c, func(delta string) error {
		if got += int64(len(delta)); !chat.Stream && got > g.maxResponse {
			return errTooLarge
		}
		return resp.events(s.Feed(delta))
	})
	if err != nil {
		g.log.Error("completion failed", "format", g.name, "err", err)
		resp.fail(err, g.maxResponse)
		return
	}
	if err := resp.events(s.Close()); err != nil {
		return
	}
	resp.finish()
}

// responder writes what the stream hands on, as SSE chunks or, at the end,
// as one completion.
type responder struct {
	w       http.ResponseWriter
	flusher http.Flusher
	stream  bool
	id      string
	model   string
	created int64
	started bool // headers and the role chunk went out
	content []byte
	reason  []byte
	calls   []chatToolCall
}

func newResponder(w http.ResponseWriter, model string, streaming bool) *responder {
	var b [12]byte
	_, _ = rand.Read(b[:])
	f, _ := w.(http.Flusher)
	return &responder{w: w, flusher: f, stream: streaming, model: model, created: time.Now().Unix(), id: fmt.Sprintf("chatcmpl-%x", b)}
}

func (r *responder) send(d delta, finish *string) error {
	if !r.started {
		r.started = true
		r.w.Header().Set("Content-Type", "text/event-stream")
		r.w.Header().Set("Cache-Control", "no-cache")
		r.w.WriteHeader(http.StatusOK)
		empty := ""
		if err := r.send(delta{Role: "assistant", Content: &empty}, nil); err != nil {
			return err
		}
	}
	raw, err := json.Marshal(chunk{ID: r.id, Object: "chat.completion.chunk", Created: r.created, Model: r.model,
		Choices: []chunkChoice{{Index: 0, Delta: d, FinishReason: finish}}})
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(r.w, "data: %s\n\n", raw); err != nil {
		return err
	}
	if r.flusher != nil {
		r.flusher.Flush()
	}
	return nil
}

// events hands on the stream's events.
func (r *responder) events(evs []toolcall.Event) error {
	for _, e := range evs {
		switch {
		case e.Call != nil:
			tc := toolCall(e.Call, r.stream)
			if !r.stream {
				r.calls = append(r.calls, tc)
				continue
			}
			if err := r.send(delta{ToolCalls: []chatToolCall{tc}}, nil); err != nil {
				return err
			}
			r.calls = append(r.calls, tc)
		case e.Reasoning != "":
			if !r.stream {
				r.reason = append(r.reason, e.Reasoning...)
				continue
			}
			s := e.Reasoning
			if err := r.send(delta{ReasoningContent: &s}, nil); err != nil {
				return err
			}
		default:
			if !r.stream {
				r.content = append(r.content, e.Content...)
				continue
			}
			s := e.Content
			if err := r.send(delta{Content: &s}, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *responder) finishReason() string {
	if len(r.calls) > 0 {
		return "tool_calls"
	}
	return "stop"
}

// finish ends a good response.
func (r *responder) finish() {
	reason := r.finishReason()
	if r.stream {
		if r.send(delta{}, &reason) == nil {
			fmt.Fprint(r.w, "data: [DONE]\n\n")
			if r.flusher != nil {
				r.flusher.Flush()
			}
		}
		return
	}
	msg := responseMessage{Role: "assistant", ToolCalls: r.calls}
	if len(r.content) > 0 || len(r.calls) == 0 {
		s := string(r.content)
		msg.Content = &s
	}
	if len(r.reason) > 0 {
		s := string(r.reason)
		msg.ReasoningContent = &s
	}
	r.w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(r.w).Encode(completion{ID: r.id, Object: "chat.completion", Created: r.created, Model: r.model,
		Choices: []completionChoice{{Index: 0, Message: msg, FinishReason: reason}}})
}

var errTooLarge = errors.New("the upstream's response is too large")

// fail ends a response whose upstream failed: 502 (504 for a timeout)
// before anything went out, an error event after. The client learns what
// kind of failure it was, never the upstream's own words (the log has
// them).
func (r *responder) fail(err error, maxResponse int64) {
	if errors.Is(err, context.Canceled) {
		return // the client went away
	}
	status, msg := http.StatusBadGateway, "the upstream model server failed"
	var se *StatusError
	switch {
	case errors.Is(err, ErrTimeout):
		status, msg = http.StatusGatewayTimeout, "the upstream model server timed out"
	case errors.As(err, &se):
		msg = fmt.Sprintf("the upstream model server answered with status %d", se.Status)
	case errors.Is(err, errTooLarge):
		msg = fmt.Sprintf("the upstream's response is over %d bytes", maxResponse)
	}
	if !r.started {
		writeError(r.w, status, "upstream_error", msg)
		return
	}
	raw, _ := json.Marshal(newAPIError("upstream_error", msg))
	fmt.Fprintf(r.w, "data: %s\n\n", raw)
	if r.flusher != nil {
		r.flusher.Flush()
	}
}
