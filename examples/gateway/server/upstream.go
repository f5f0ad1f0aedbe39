package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/toolparse/toolparse/openai"
)

// Upstream is where the model's text comes from: it sends deltas of the
// completion of prompt to yield, in order, and returns when the text ends,
// with why it ended and, when asked, the token counts.
type Upstream interface {
	Complete(ctx context.Context, c Completion, yield func(delta string) error) (Outcome, error)
}

// ModelLister is an Upstream that can list its models for GET /v1/models.
type ModelLister interface {
	Models(ctx context.Context) ([]byte, error)
}

// Outcome is how a completion ended.
type Outcome struct {
	FinishReason string        // "stop", "length", or "" when the upstream did not say
	Usage        *openai.Usage // when Completion.IncludeUsage asked for it and the upstream gave it
}

// Completion is one request to the upstream.
type Completion struct {
	Model          string
	Format         string // the format the answer is read with
	Prompt         string
	MaxTokens      *int
	Temperature    *float64
	TopP           *float64
	Stop           json.RawMessage
	ResponseFormat json.RawMessage     // a structural tag, for tool_choice required or a named tool
	Grammar        string              // the format's grammar, for the same (llama.cpp's upstream)
	IncludeUsage   bool                // the client asked for usage
	Chat           *openai.ChatRequest // the request it serves (the demo upstream reads its tools)
}

// ErrUpstream marks a failure of the upstream server, which the gateway
// answers with 502 (504 for a timeout) before it has streamed anything, and
// with an error event after.
var ErrUpstream = errors.New("upstream")

// ErrTimeout marks an upstream that did not answer in time.
var ErrTimeout = errors.New("upstream timed out")

// StatusError is an upstream's answer other than 200. Body is for the
// gateway's log; the client is told only the status.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("upstream: status %d: %s", e.Status, e.Body)
}

// Unwrap makes a StatusError an ErrUpstream.
func (e *StatusError) Unwrap() error { return ErrUpstream }

// The timeouts HTTPUpstream uses where its fields are zero.
const (
	DefaultConnectTimeout   = 10 * time.Second
	DefaultFirstByteTimeout = 120 * time.Second // a long prompt takes a while to read
	DefaultIdleTimeout      = 60 * time.Second
)

// NewTransport returns an http.Transport for an upstream model server: it
// connects within connect (DefaultConnectTimeout when 0) and keeps enough
// idle connections per host for many concurrent streams, so that a busy
// gateway reuses connections instead of leaving thousands in TIME_WAIT.
func NewTransport(connect time.Duration) *http.Transport {
	if connect <= 0 {
		connect = DefaultConnectTimeout
	}
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          1024,
		MaxIdleConnsPerHost:   512,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   connect,
		ExpectContinueTimeout: time.Second,
	}
}

var defaultClient = sync.OnceValue(func() *http.Client { return &http.Client{Transport: NewTransport(0)} })

// The APIs HTTPUpstream speaks.
const (
	// APIOpenAI is an OpenAI-compatible server's /v1/completions (vLLM,
	// SGLang, llama.cpp's server too). The request asks to keep special
	// tokens ("skip_special_tokens": false, which vLLM and SGLang read), so
	// markers such as <|python_start|> reach the parser; for tool_choice
	// required or a named tool it sends the format's structural tag as
	// response_format.
	APIOpenAI = "openai"
	// APILlamaCpp is llama.cpp's native /completion: n_predict for the
	// token limit, and the format's GBNF grammar for tool_choice required or
	// a named tool. Start llama-server with --special (-sp) so special
	// tokens come out as text.
	APILlamaCpp = "llamacpp"
)

// HTTPUpstream is a model server's completions endpoint, streamed.
type HTTPUpstream struct {
	BaseURL string
	API     string       // APIOpenAI (when "") or APILlamaCpp
	Client  *http.Client // nil: a shared client over NewTransport(0)
	APIKey  string
	// FirstByteTimeout bounds the wait from the request to the first
	// delta, IdleTimeout the wait between deltas after it (defaults when
	// 0). Past either the completion fails with ErrTimeout.
	FirstByteTimeout time.Duration
	IdleTimeout      time.Duration
}

// Complete implements Upstream.
func (u *HTTPUpstream) Complete(ctx context.Context, c Completion, yield func(string) error) (Outcome, error) {
	first, idle := u.FirstByteTimeout, u.IdleTimeout
	if first <= 0 {
		first = DefaultFirstByteTimeout
	}
	if idle <= 0 {
		idle = DefaultIdleTimeout
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	timer := time.AfterFunc(first, func() { cancel(ErrTimeout) })
	defer timer.Stop()
	out, err := u.complete(ctx, c, func(delta string) error {
		timer.Reset(idle)
		return yield(delta)
	})
	if cause := context.Cause(ctx); errors.Is(cause, ErrTimeout) {
		return out, fmt.Errorf("%w: %w", ErrUpstream, ErrTimeout)
	}
	return out, err
}

// Models implements ModelLister with the upstream's GET /v1/models.
func (u *HTTPUpstream) Models(ctx context.Context) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(u.BaseURL, "/")+"/v1/models", nil)
	if err != nil {
		return nil, err
	}
	if u.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+u.APIKey)
	}
	resp, err := u.client().Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil || resp.StatusCode != http.StatusOK || !json.Valid(body) {
		return nil, fmt.Errorf("%w: no model list", ErrUpstream)
	}
	return body, nil
}

func (u *HTTPUpstream) client() *http.Client {
	if u.Client != nil {
		return u.Client
	}
	return defaultClient()
}

// body returns the request body and the endpoint for c.
func (u *HTTPUpstream) body(c Completion) (map[string]any, string) {
	body := map[string]any{"prompt": c.Prompt, "stream": true}
	if c.Temperature != nil {
		body["temperature"] = *c.Temperature
	}
	if c.TopP != nil {
		body["top_p"] = *c.TopP
	}
	if len(c.Stop) > 0 && string(c.Stop) != "null" {
		body["stop"] = c.Stop
	}
	if u.API == APILlamaCpp {
		if c.MaxTokens != nil {
			body["n_predict"] = *c.MaxTokens
		}
		if c.Grammar != "" {
			body["grammar"] = c.Grammar
		}
		return body, "/completion"
	}
	body["model"] = c.Model
	body["skip_special_tokens"] = false
	if c.MaxTokens != nil {
		body["max_tokens"] = *c.MaxTokens
	}
	if len(c.ResponseFormat) > 0 {
		body["response_format"] = c.ResponseFormat
	}
	if c.IncludeUsage {
		body["stream_options"] = map[string]bool{"include_usage": true}
	}
	return body, "/v1/completions"
}

func (u *HTTPUpstream) complete(ctx context.Context, c Completion, yield func(string) error) (Outcome, error) {
	var out Outcome
	body, path := u.body(c)
	raw, err := json.Marshal(body)
	if err != nil {
		return out, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(u.BaseURL, "/")+path, bytes.NewReader(raw))
	if err != nil {
		return out, fmt.Errorf("%w: %w", ErrUpstream, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	if u.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+u.APIKey)
	}
	resp, err := u.client().Do(req)
	if err != nil {
		return out, fmt.Errorf("%w: %w", ErrUpstream, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return out, &StatusError{Status: resp.StatusCode, Body: string(bytes.TrimSpace(msg))}
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	done := false
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data:")
		if !ok {
			continue
		}
		data = strings.TrimSpace(data)
		if data == "[DONE]" {
			done = true
			break
		}
		var ev struct {
			Choices []struct {
				Text         string `json:"text"`
				FinishReason string `json:"finish_reason"`
			} `json:"choices"`
			Usage *openai.Usage `json:"usage"`
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
			// llama.cpp's /completion
			Content         string `json:"content"`
			Stop            bool   `json:"stop"`
			StoppedLimit    bool   `json:"stopped_limit"`
			TokensEvaluated int    `json:"tokens_evaluated"`
			TokensPredicted int    `json:"tokens_predicted"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			return out, fmt.Errorf("%w: an event that is not JSON: %.80q", ErrUpstream, data)
		}
		if ev.Error != nil {
			return out, fmt.Errorf("%w: %s", ErrUpstream, ev.Error.Message)
		}
		if ev.Usage != nil && c.IncludeUsage {
			out.Usage = ev.Usage
		}
		texts := []string{ev.Content}
		for _, ch := range ev.Choices {
			texts = append(texts, ch.Text)
			if ch.FinishReason != "" {
				out.FinishReason = ch.FinishReason
			}
		}
		for _, t := range texts {
			if t == "" {
				continue
			}
			if err := yield(t); err != nil {
				return out, err
			}
		}
		if u.API == APILlamaCpp && ev.Stop {
			out.FinishReason = "stop"
			if ev.StoppedLimit {
				out.FinishReason = "length"
			}
			if c.IncludeUsage {
				out.Usage = &openai.Usage{PromptTokens: ev.TokensEvaluated, CompletionTokens: ev.TokensPredicted, TotalTokens: ev.TokensEvaluated + ev.TokensPredicted}
			}
			done = true
			break
		}
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("%w: %w", ErrUpstream, err)
	}
	if !done && ctx.Err() == nil {
		return out, fmt.Errorf("%w: the stream ended without [DONE]", ErrUpstream)
	}
	return out, ctx.Err()
}
