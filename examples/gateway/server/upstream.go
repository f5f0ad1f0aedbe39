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
	"unsafe"

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
	Chat           *openai.ChatRequest // the request it serves (the demo upstream reads its tools; APIChat sends its messages)
	// Reasoning, when set, takes reasoning the upstream sent apart from the
	// text (a chat endpoint's reasoning_content), which no parser reads.
	Reasoning func(text string) error
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
	// APIChat is the server's own /v1/chat/completions: the server renders
	// the prompt with the model's chat template (and its options,
	// chat_template_kwargs), and the gateway asks it to leave the answer
	// raw: the request's tools go with tool_choice "none" (the server's
	// tool parser stays off, the template still lists them), special
	// tokens are kept, and the server's reasoning parser is turned off
	// where a request can (reasoning it separates anyway is handed on as
	// reasoning). HTTPUpstream.Server says which server it is.
	APIChat = "chat"
)

// The servers APIChat speaks to, each told in its own words to leave the
// answer raw.
const (
	// ServerVLLM: "skip_special_tokens": false; required and named
	// tool_choice send the structural tag as response_format. Start vLLM
	// without --exclude-tools-when-tool-choice-none (which would drop the
	// tools from the prompt); a --reasoning-parser's reasoning comes back
	// as reasoning_content, which the gateway hands on. vLLM renders and
	// parses gpt-oss (harmony) itself on this endpoint: that format is
	// refused (use the completions API).
	ServerVLLM = "vllm"
	// ServerSGLang: as vLLM, plus "separate_reasoning": false, which keeps
	// a reasoning parser's text in the answer.
	ServerSGLang = "sglang"
	// ServerLlamaCpp: llama-server with --jinja (the model's template) and
	// --special (special tokens as text); the gateway sends
	// "reasoning_format": "none" and "parse_tool_calls": false, and the
	// format's GBNF grammar as "grammar" for required and named
	// tool_choice.
	ServerLlamaCpp = "llamacpp"
)

// ErrRawUnavailable says a server's chat endpoint cannot hand on a
// format's text raw.
var ErrRawUnavailable = errors.New("the upstream's chat endpoint parses this format itself and cannot hand its text on raw: use the completions API (-api openai)")

// ChatRefuses reports why server's chat endpoint cannot serve format raw,
// or nil.
func ChatRefuses(server, format string) error {
	if (server == ServerVLLM || server == "") && format == "harmony" {
		return fmt.Errorf("%s with %s: %w", format, server, ErrRawUnavailable)
	}
	return nil
}

// HTTPUpstream is a model server's completions endpoint, streamed.
type HTTPUpstream struct {
	BaseURL string
	API     string       // APIOpenAI (when ""), APILlamaCpp or APIChat
	Server  string       // for APIChat: ServerVLLM (when ""), ServerSGLang or ServerLlamaCpp
	Client  *http.Client // nil: a shared client over NewTransport(0)
	APIKey  string
	// FirstByteTimeout bounds the wait from the request to the first
	// delta, IdleTimeout the wait between deltas after it (defaults when
	// 0); a delta of reasoning the server separates counts as one. Past
	// either the completion fails with ErrTimeout.
	FirstByteTimeout time.Duration
	IdleTimeout      time.Duration
}

// ChatUpstream is an upstream that renders prompts itself: the gateway
// sends it the conversation instead of a prompt.
type ChatUpstream interface {
	// ChatServer names the server (ServerVLLM, ServerSGLang,
	// ServerLlamaCpp), or is "" when the upstream takes prompts.
	ChatServer() string
}

// ChatServer implements ChatUpstream.
func (u *HTTPUpstream) ChatServer() string {
	if u.API != APIChat {
		return ""
	}
	if u.Server == "" {
		return ServerVLLM
	}
	return u.Server
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
	if reasoning := c.Reasoning; reasoning != nil { // reasoning is the upstream answering too
		c.Reasoning = func(text string) error {
			timer.Reset(idle)
			return reasoning(text)
		}
	}
	out, err := u.complete(ctx, c, func(delta string) error {
		timer.Reset(idle)
		return yield(delta)
	})
	if cause := context.Cause(ctx); errors.Is(cause, ErrTimeout) {
		return out, fmt.Errorf("%w: %w", ErrUpstream, ErrTimeout)
	}
	return out, err
}

// TemplateReader is an Upstream that can tell the chat template its model
// was served with (llama-server's GET /props), for -format auto to read the
// format from when the model's name tells nothing.
type TemplateReader interface {
	ChatTemplate(ctx context.Context) (string, error)
}

// ChatTemplate implements TemplateReader for llama-server (APILlamaCpp):
// its GET /props answers with the model's chat_template.
func (u *HTTPUpstream) ChatTemplate(ctx context.Context) (string, error) {
	if u.API != APILlamaCpp {
		return "", fmt.Errorf("%w: only llama-server tells its chat template", ErrUpstream)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(u.BaseURL, "/")+"/props", nil)
	if err != nil {
		return "", err
	}
	if u.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+u.APIKey)
	}
	resp, err := u.client().Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var props struct {
		ChatTemplate string `json:"chat_template"`
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil || resp.StatusCode != http.StatusOK || json.Unmarshal(body, &props) != nil || props.ChatTemplate == "" {
		return "", fmt.Errorf("%w: no chat template", ErrUpstream)
	}
	return props.ChatTemplate, nil
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
	body := map[string]any{"stream": true}
	if c.Temperature != nil {
		body["temperature"] = *c.Temperature
	}
	if c.TopP != nil {
		body["top_p"] = *c.TopP
	}
	if len(c.Stop) > 0 && string(c.Stop) != "null" {
		body["stop"] = c.Stop
	}
	if u.API == APIChat {
		return u.chatBody(body, c)
	}
	body["prompt"] = c.Prompt
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

// chatBody completes body, which holds the sampling parameters, as the
// request to a chat endpoint: the conversation, the tools with
// tool_choice "none", and what keeps the answer raw on the server it is.
func (u *HTTPUpstream) chatBody(body map[string]any, c Completion) (map[string]any, string) {
	body["model"] = c.Model
	if c.Chat != nil {
		msgs := make([]openai.Message, len(c.Chat.Messages))
		for i, m := range c.Chat.Messages {
			if len(m.ReasoningContent) == 0 && len(m.Reasoning) > 0 {
				m.ReasoningContent = m.Reasoning // the templates read reasoning_content
			}
			m.Reasoning = nil
			msgs[i] = m
		}
		body["messages"] = msgs
		if len(c.Chat.Tools) > 0 {
			body["tools"] = c.Chat.Tools
			body["tool_choice"] = "none" // the template lists them, the server parses nothing
		}
		if c.Chat.ParallelToolCalls != nil {
			body["parallel_tool_calls"] = *c.Chat.ParallelToolCalls
		}
		if len(c.Chat.ChatTemplateKwargs) > 0 {
			body["chat_template_kwargs"] = c.Chat.ChatTemplateKwargs
		}
	}
	if c.MaxTokens != nil {
		body["max_tokens"] = *c.MaxTokens
	}
	if c.IncludeUsage {
		body["stream_options"] = map[string]bool{"include_usage": true}
	}
	switch u.Server {
	case ServerLlamaCpp:
		body["reasoning_format"] = "none"
		body["parse_tool_calls"] = false
		if c.Grammar != "" {
			body["grammar"] = c.Grammar
		}
	case ServerSGLang:
		body["separate_reasoning"] = false
		fallthrough
	default:
		body["skip_special_tokens"] = false
		if len(c.ResponseFormat) > 0 {
			body["response_format"] = c.ResponseFormat
		}
	}
	return body, "/v1/chat/completions"
}

// arena keeps copies of short strings in large blocks it never writes
// again: a token's text costs no allocation of its own.
type arena struct{ buf []byte }

// keep returns a copy of s that stays valid.
func (a *arena) keep(s string) string {
	if s == "" {
		return ""
	}
	if len(s) > 1<<10 {
		return strings.Clone(s)
	}
	if len(a.buf)+len(s) > cap(a.buf) {
		a.buf = make([]byte, 0, 32<<10) // the old block stays with the strings in it
	}
	start := len(a.buf)
	a.buf = append(a.buf, s...)
	return unsafe.String(&a.buf[start], len(s))
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
	var texts arena    // the deltas' text, kept where the stream may hold it
	var scratch []byte // where an event's escaped strings are read, before texts keeps them
	for sc.Scan() {
		// The line is read in the scanner's buffer: what outlives the next
		// Scan is copied (to texts, or by the full decoder).
		line := sc.Bytes()
		data, ok := strings.CutPrefix(unsafe.String(unsafe.SliceData(line), len(line)), "data:")
		if !ok {
			continue
		}
		data = strings.TrimSpace(data)
		if data == "[DONE]" {
			done = true
			break
		}
		if q, ok := readQuick(data, &scratch); ok { // the usual event, read without reflection
			q.text, q.reasoning, q.finish = texts.keep(q.text), texts.keep(q.reasoning), strings.Clone(q.finish)
			if q.finish != "" {
				out.FinishReason = q.finish
			}
			if q.reasoning != "" && c.Reasoning != nil {
				if err := c.Reasoning(q.reasoning); err != nil {
					return out, err
				}
			} else if q.reasoning != "" {
				q.text = q.reasoning + q.text
			}
			if q.text != "" {
				if err := yield(q.text); err != nil {
					return out, err
				}
			}
			continue
		}
		var ev struct {
			Choices []struct {
				Text         string    `json:"text"`
				FinishReason string    `json:"finish_reason"`
				Delta        *struct { // a chat endpoint's
					Content          string            `json:"content"`
					ReasoningContent string            `json:"reasoning_content"`
					Reasoning        string            `json:"reasoning"`
					ToolCalls        []json.RawMessage `json:"tool_calls"`
				} `json:"delta"`
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
			return out, fmt.Errorf("%w: an event that is not JSON: %.80q", ErrUpstream, strings.Clone(data))
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
			if d := ch.Delta; d != nil {
				if len(d.ToolCalls) > 0 {
					return out, fmt.Errorf("%w: the chat endpoint parsed tool calls itself (start it without a tool parser, or use the completions API)", ErrUpstream)
				}
				if r := d.ReasoningContent + d.Reasoning; r != "" {
					if c.Reasoning == nil {
						texts = append(texts, r)
					} else if err := c.Reasoning(r); err != nil {
						return out, err
					}
				}
				texts = append(texts, d.Content)
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
