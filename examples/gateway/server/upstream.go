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
)

// Upstream is where the model's text comes from: it sends deltas of the
// completion of prompt to yield, in order, and returns when the text ends.
type Upstream interface {
	Complete(ctx context.Context, c Completion, yield func(delta string) error) error
}

// Completion is one request to the upstream.
type Completion struct {
	Model          string
	Prompt         string
	MaxTokens      *int
	Temperature    *float64
	TopP           *float64
	Stop           json.RawMessage
	ResponseFormat json.RawMessage // a structural tag, for tool_choice required or a named tool
	Chat           *chatRequest    // the request it serves (the demo upstream reads its tools)
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

// HTTPUpstream is an OpenAI-compatible server's /v1/completions, streamed.
type HTTPUpstream struct {
	BaseURL string
	Client  *http.Client // nil: a shared client over NewTransport(0)
	APIKey  string
	// FirstByteTimeout bounds the wait from the request to the first
	// delta, IdleTimeout the wait between deltas after it (defaults when
	// 0). Past either the completion fails with ErrTimeout.
	FirstByteTimeout time.Duration
	IdleTimeout      time.Duration
}

// Complete implements Upstream.
func (u *HTTPUpstream) Complete(ctx context.Context, c Completion, yield func(string) error) error {
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
	err := u.complete(ctx, c, func(delta string) error {
		timer.Reset(idle)
		return yield(delta)
	})
	if cause := context.Cause(ctx); errors.Is(cause, ErrTimeout) {
		return fmt.Errorf("%w: %w", ErrUpstream, ErrTimeout)
	}
	return err
}

func (u *HTTPUpstream) complete(ctx context.Context, c Completion, yield func(string) error) error {
	body := map[string]any{"model": c.Model, "prompt": c.Prompt, "stream": true}
	if c.MaxTokens != nil {
		body["max_tokens"] = *c.MaxTokens
	}
	if c.Temperature != nil {
		body["temperature"] = *c.Temperature
	}
	if c.TopP != nil {
		body["top_p"] = *c.TopP
	}
	if len(c.Stop) > 0 && string(c.Stop) != "null" {
		body["stop"] = c.Stop
	}
	if len(c.ResponseFormat) > 0 {
		body["response_format"] = c.ResponseFormat
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(u.BaseURL, "/")+"/v1/completions", bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUpstream, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	if u.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+u.APIKey)
	}
	client := u.Client
	if client == nil {
		client = defaultClient()
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUpstream, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return &StatusError{Status: resp.StatusCode, Body: string(bytes.TrimSpace(msg))}
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	done := false
	for sc.Scan() {
		line := sc.Text()
		data, ok := strings.CutPrefix(line, "data:")
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
				Text string `json:"text"`
			} `json:"choices"`
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(data), &ev); err != nil {
			return fmt.Errorf("%w: an event that is not JSON: %.80q", ErrUpstream, data)
		}
		if ev.Error != nil {
			return fmt.Errorf("%w: %s", ErrUpstream, ev.Error.Message)
		}
		for _, ch := range ev.Choices {
			if ch.Text == "" {
				continue
			}
			if err := yield(ch.Text); err != nil {
				return err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%w: %v", ErrUpstream, err)
	}
	if !done && ctx.Err() == nil {
		return fmt.Errorf("%w: the stream ended without [DONE]", ErrUpstream)
	}
	return ctx.Err()
}
