package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
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
// answers with 502.
var ErrUpstream = errors.New("upstream")

// HTTPUpstream is an OpenAI-compatible server's /v1/completions, streamed.
type HTTPUpstream struct {
	BaseURL string
	Client  *http.Client
	APIKey  string
}

// Complete implements Upstream.
func (u *HTTPUpstream) Complete(ctx context.Context, c Completion, yield func(string) error) error {
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
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUpstream, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("%w: status %d: %s", ErrUpstream, resp.StatusCode, bytes.TrimSpace(msg))
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
