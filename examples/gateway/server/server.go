// Package server is the gateway of examples/gateway: an OpenAI-compatible
// /v1/chat/completions endpoint in front of a model server's
// /v1/completions, which renders the conversation in the model's prompt
// format and turns the model's text back into content, reasoning and tool
// calls with a toolparse stream while it streams.
package server

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	_ "github.com/toolparse/toolparse/formats" // every shipped format
	"github.com/toolparse/toolparse/models"
	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// Config configures a gateway.
type Config struct {
	// Format is hermes, qwen3_coder, harmony, glm45, deepseek, kimi_k2,
	// mistral, llama3_json, llama4, lfm2, olmo3 or pythonic, or an alias;
	// or "auto": each request's format and prompt profile come from its
	// model's name (models.Lookup), else from the first model the
	// upstream's GET /v1/models lists that Lookup knows.
	Format   string
	Upstream Upstream // where completions come from; nil means the built-in demo
	MaxBody  int64    // largest request body in bytes; 4 MiB when 0
	// MaxResponse is the most text a non-streaming response may hold,
	// reasoning included (16 MiB when 0): past it the upstream is cut off
	// and the client gets a 502, so one runaway completion cannot fill the
	// gateway's memory. Streaming responses, which the gateway does not
	// hold, are not capped.
	MaxResponse int64
	// Policy, when set, decides which calls of a parallel list are
	// returned (the gateway reads it from LLAMA4_* variables). Its mode
	// applies only to formats with a default policy of their own (llama4);
	// its tool lists apply to every format.
	Policy *policy.Policy
	// Profile is the prompt profile (one of the format's PromptProfiles:
	// which model's chat template the prompt follows); "" is the format's
	// default.
	Profile string
	Log     *slog.Logger // one line per request, and failures; slog.Default() when nil
	Model   string       // the model name GET /v1/models lists when the upstream has no list
	// WholeCalls hands each call of a streaming response on whole, in one
	// tool_calls delta. By default a call's arguments stream in pieces as
	// the model writes them (stream.WithArgumentStreaming), as OpenAI's
	// API streams them: the first delta has the index, id, type, name and
	// "arguments": "", the next ones pieces of the arguments.
	WholeCalls bool
	// The client's side of a request is bounded in time too: BodyTimeout
	// is how long reading the request body may take, on every endpoint (a
	// body sent a byte at a time, or never, is cut off), WriteTimeout how
	// long one write to the client may block (a client that stops reading
	// a stream is dropped), and ModelsTimeout how long asking the upstream
	// for its models may take before GET /v1/models answers with Model.
	// Defaults when 0: DefaultBodyTimeout, DefaultWriteTimeout,
	// DefaultModelsTimeout.
	BodyTimeout   time.Duration
	WriteTimeout  time.Duration
	ModelsTimeout time.Duration
	// The server NewHTTPServer returns bounds a client's connection:
	// HeaderTimeout is how long reading a request's headers may take, and
	// ConnIdleTimeout how long a kept-alive connection may wait for its
	// next request before it is closed. Defaults when 0:
	// DefaultHeaderTimeout, DefaultConnIdleTimeout.
	HeaderTimeout   time.Duration
	ConnIdleTimeout time.Duration
	// Llama4Lenient serves llama4 without its precision option
	// (llama4.Precise, the default): calls in code fences after prose and
	// bare calls mentioned inside sentences are then calls too.
	Llama4Lenient bool
	// SpecialTokens is what becomes of the format's special tokens in the
	// client's text when the gateway renders the prompt: kept (""),
	// "escape"d or "refuse"d (a 400); see toolcall.PromptOptions.
	SpecialTokens string
	// MaxCalls is the most calls one response hands on
	// (toolcall.DefaultMaxCalls, 1,024, when 0): past it the rest of the
	// response is content, with a diagnostic of kind "limit" (see
	// toolcall.Limits), so that a runaway response of tiny calls costs
	// what its text does.
	MaxCalls int
}

// The defaults of the client-side timeouts.
const (
	DefaultBodyTimeout     = 30 * time.Second
	DefaultWriteTimeout    = DefaultIdleTimeout
	DefaultModelsTimeout   = 10 * time.Second
	DefaultHeaderTimeout   = 10 * time.Second
	DefaultConnIdleTimeout = 60 * time.Second
)

// NewHTTPServer returns the HTTP server to serve h, a Gateway made with
// cfg, on addr: it gives reading a request's headers cfg.HeaderTimeout,
// and closes a kept-alive connection idle for cfg.ConnIdleTimeout.
//
// It sets no ReadTimeout: the Gateway bounds reading each request's body
// with cfg.BodyTimeout itself, from the end of its headers, whichever
// server runs it, and lifts the deadline once a body is read, so that no
// read deadline cuts a long streamed response.
func NewHTTPServer(addr string, h http.Handler, cfg Config) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: cmp.Or(max(cfg.HeaderTimeout, 0), DefaultHeaderTimeout),
		IdleTimeout:       cmp.Or(max(cfg.ConnIdleTimeout, 0), DefaultConnIdleTimeout),
	}
}

// formatKit is what the gateway needs of a format, read from its
// descriptor.
type formatKit struct {
	format   toolcall.Format // what the stream reads with (the strict reading when there is one)
	lenient  toolcall.Format // the descriptor's own Format
	prompter toolcall.Prompter
	policy   bool // the format has a default policy of its own
	tag      func(toolcall.Request) ([]byte, error)
	grammar  func(toolcall.Request) (string, error)
}

// kitFor returns the kit of the described format named name (or an
// alias), and false when no described format can be served: it must have
// a prompter (its own, or PromptAs's) and constraints.
func kitFor(name string) (formatKit, string, bool) {
	f, ok := toolcall.Lookup(name)
	if !ok {
		return formatKit{}, "", false
	}
	for _, d := range toolcall.Descriptors() {
		if d.Format.Name() != f.Name() {
			continue
		}
		k := formatKit{format: cmp.Or(d.Strict, d.Format), lenient: d.Format, prompter: d.Prompter, policy: d.DefaultPolicy != ""}
		if k.prompter == nil && d.PromptAs != "" {
			if pk, _, ok := kitFor(d.PromptAs); ok {
				k.prompter = pk.prompter
			}
		}
		if k.prompter == nil || d.Constrainer == nil {
			return formatKit{}, "", false
		}
		k.tag, k.grammar = d.Constrainer.StructuralTag, d.Constrainer.Grammar
		return k, d.Format.Name(), true
	}
	return formatKit{}, "", false
}

// servable lists the names of the formats the gateway can serve.
func servable() []string {
	var names []string
	for _, d := range toolcall.Descriptors() {
		if _, name, ok := kitFor(d.Format.Name()); ok {
			names = append(names, name)
		}
	}
	return names
}

// FormatNames lists the formats the gateway serves, for flag help.
func FormatNames() string { return strings.Join(servable(), ", ") }

// ErrUnknownFormat is returned by New for a format it does not serve.
var ErrUnknownFormat = errors.New("unknown format (want auto or a registered format's name or alias: " + strings.Join(servable(), ", ") + ")")

// Auto is the Config.Format that picks each request's format by its
// model's name.
const Auto = "auto"

// Gateway is the HTTP handler.
type Gateway struct {
	fixed       served // the format and profile, unless auto
	auto        bool
	upstream    Upstream
	maxBody     int64
	maxResponse int64
	policy      *policy.Policy
	log         *slog.Logger
	model       string
	wholeCalls  bool
	maxCalls    int // Config.MaxCalls
	timeouts    struct{ body, write, models time.Duration }
	special     string
	// llama4Lenient: see Config.Llama4Lenient.
	llama4Lenient bool

	// listed is what auto learnt of the upstream's models: the format of
	// the first one models.Lookup knows, once found.
	mu     sync.Mutex
	listed *served
}

// served is a format the gateway serves, with its prompt profile.
type served struct {
	kit     formatKit
	name    string // the format's name
	profile string // "" for the format's default
	from    string // why: "config", "request model", "upstream model NAME"
}

// resolve returns the served format for a format's name (or alias) and
// profile, checking the profile.
func resolve(format, profile string) (served, error) {
	kit, name, ok := kitFor(format) // an alias: qwen3 is hermes
	if !ok {
		return served{}, fmt.Errorf("%q: %w", format, ErrUnknownFormat)
	}
	if profile != "" && !slices.Contains(kit.prompter.PromptProfiles(), profile) {
		return served{}, fmt.Errorf("format %s has no prompt profile %q (want one of %s)", name, profile, strings.Join(kit.prompter.PromptProfiles(), ", "))
	}
	return served{kit: kit, name: name, profile: profile, from: "config"}, nil
}

// New returns a gateway for cfg.
func New(cfg Config) (*Gateway, error) {
	switch cfg.SpecialTokens {
	case toolcall.KeepSpecialTokens, toolcall.EscapeSpecialTokens, toolcall.RefuseSpecialTokens:
	default:
		return nil, fmt.Errorf("special tokens %q: want %q, %q or nothing", cfg.SpecialTokens, toolcall.EscapeSpecialTokens, toolcall.RefuseSpecialTokens)
	}
	g := &Gateway{special: cfg.SpecialTokens, llama4Lenient: cfg.Llama4Lenient, upstream: cfg.Upstream, maxBody: cfg.MaxBody, maxResponse: cfg.MaxResponse, policy: cfg.Policy, log: cfg.Log, model: cfg.Model, wholeCalls: cfg.WholeCalls, maxCalls: cfg.MaxCalls}
	if cfg.Format == Auto {
		g.auto = true
	} else {
		s, err := resolve(cfg.Format, cfg.Profile)
		if err != nil {
			return nil, err
		}
		g.fixed = s
	}
	if g.upstream == nil {
		g.upstream = &Demo{Format: g.fixed.name, Delay: 15 * time.Millisecond}
	}
	if server := g.chatServer(); server != "" {
		switch server {
		case ServerVLLM, ServerSGLang, ServerLlamaCpp:
		default:
			return nil, fmt.Errorf("chat upstream server %q: want %s, %s or %s", server, ServerVLLM, ServerSGLang, ServerLlamaCpp)
		}
		if !g.auto {
			if err := ChatRefuses(server, g.fixed.name); err != nil {
				return nil, err
			}
		}
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
	g.timeouts.body = cmp.Or(max(cfg.BodyTimeout, 0), DefaultBodyTimeout)
	g.timeouts.write = cmp.Or(max(cfg.WriteTimeout, 0), DefaultWriteTimeout)
	g.timeouts.models = cmp.Or(max(cfg.ModelsTimeout, 0), DefaultModelsTimeout)
	return g, nil
}

// errNoFormat says auto could not tell a model's format.
var errNoFormat = errors.New("cannot tell the model's format from its name or the upstream's models; start the gateway with -format")

// servedFor returns the format a request for model is served with: the
// fixed one, or with auto the one its name tells, else the one the first
// known model the upstream lists tells (found once, then kept).
func (g *Gateway) servedFor(ctx context.Context, model string) (served, error) {
	if !g.auto {
		return g.fixed, nil
	}
	if m, ok := models.Lookup(model); ok {
		s, err := resolve(m.Format, m.Profile)
		s.from = "request model"
		return s, err
	}
	g.mu.Lock()
	listed := g.listed
	g.mu.Unlock()
	if listed != nil {
		return *listed, nil
	}
	if s, ok := g.fromTemplate(ctx); ok {
		return s, nil
	}
	body, err := g.upstreamModels(ctx)
	if err != nil {
		return served{}, errNoFormat
	}
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if json.Unmarshal(body, &list) != nil {
		return served{}, errNoFormat
	}
	for _, d := range list.Data {
		if m, ok := models.Lookup(d.ID); ok {
			s, err := resolve(m.Format, m.Profile)
			if err != nil {
				return served{}, err
			}
			s.from = "upstream model " + d.ID
			g.mu.Lock()
			g.listed = &s
			g.mu.Unlock()
			g.log.Info("format auto", "model", d.ID, "format", s.name, "profile", s.profile)
			return s, nil
		}
	}
	return served{}, errNoFormat
}

// fromTemplate reads the format from the upstream's chat template, when it
// tells one (llama-server's GET /props), and keeps what it found.
func (g *Gateway) fromTemplate(ctx context.Context) (served, bool) {
	tr, ok := g.upstream.(TemplateReader)
	if !ok {
		return served{}, false
	}
	ctx, cancel := context.WithTimeout(ctx, g.timeouts.models)
	defer cancel()
	text, err := tr.ChatTemplate(ctx)
	if err != nil {
		return served{}, false
	}
	m, ok := models.FromTemplate(text)
	if !ok {
		g.log.Info("format auto: the upstream's chat template tells no known format")
		return served{}, false
	}
	s, err := resolve(m.Format, m.Profile)
	if err != nil {
		return served{}, false
	}
	s.from = "template"
	g.mu.Lock()
	g.listed = &s
	g.mu.Unlock()
	g.log.Info("format auto", "from", "template", "format", s.name, "profile", s.profile)
	return s, true
}

// streamOptions are the options of a stream reading s's format.
func (g *Gateway) streamOptions(s served) []stream.Option {
	var opts []stream.Option
	if g.maxCalls > 0 {
		opts = append(opts, stream.WithLimits(toolcall.Limits{MaxCalls: g.maxCalls}))
	}
	if g.policy == nil {
		return opts
	}
	p := *g.policy
	if !s.kit.policy {
		p.Mode = "" // the variables' mode is llama4's, as in the original plugin
	}
	return append(opts, stream.WithPolicy(p))
}

// ServeHTTP implements http.Handler.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil { // never take the server down
			g.log.Error("panic", "err", fmt.Sprint(v))
			writeError(w, http.StatusInternalServerError, "server_error", "internal error")
		}
	}()
	// Reading a request's body has a deadline on every endpoint: one that
	// reads no body still has the server read what is left of it before
	// the answer (to keep the connection), which without a deadline waits
	// for a body that never comes. A request without a body sets none:
	// the server is already reading the connection, to see the client
	// hang up, and a deadline would cancel the request. (Servers whose
	// connections cannot take deadlines, such as test recorders, go on
	// without.)
	if r.ContentLength != 0 {
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(g.timeouts.body))
	}
	switch {
	case r.URL.Path == "/" && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, "toolparse gateway (%s format): POST /v1/chat/completions, GET /v1/models\n", g.formatName())
	case r.URL.Path == "/v1/models" && r.Method == http.MethodGet:
		g.models(w, r)
	case r.URL.Path == "/v1/chat/completions" && r.Method == http.MethodPost:
		g.chat(w, r)
	case r.URL.Path == "/v1/chat/completions" || r.URL.Path == "/v1/models":
		writeError(w, http.StatusMethodNotAllowed, "invalid_request_error", "method not allowed")
	default:
		writeError(w, http.StatusNotFound, "invalid_request_error", "no such endpoint: "+r.URL.Path)
	}
}

func writeError(w http.ResponseWriter, status int, kind, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(openai.NewError(kind, msg))
}

// upstreamModels asks the upstream for its models, within the models
// timeout: a stalled upstream costs a request that long, not forever.
func (g *Gateway) upstreamModels(ctx context.Context) ([]byte, error) {
	lister, ok := g.upstream.(ModelLister)
	if !ok {
		return nil, errNoList
	}
	ctx, cancel := context.WithTimeout(ctx, g.timeouts.models)
	defer cancel()
	type answer struct {
		body []byte
		err  error
	}
	done := make(chan answer, 1)
	go func() { // a lister that ignores its context still cannot hold the request
		body, err := lister.Models(ctx)
		done <- answer{body, err}
	}()
	select {
	case a := <-done:
		return a.body, a.err
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: %w", ErrTimeout, ctx.Err())
	}
}

var errNoList = errors.New("the upstream lists no models")

// models answers GET /v1/models with the upstream's list, or the
// configured model name.
func (g *Gateway) models(w http.ResponseWriter, r *http.Request) {
	if body, err := g.upstreamModels(r.Context()); err == nil {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
		return
	}
	name := g.model
	if name == "" {
		name = g.formatName()
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": []map[string]any{{"id": name, "object": "model", "owned_by": "toolparse"}}})
}

func (g *Gateway) chat(w http.ResponseWriter, r *http.Request) {
	began := time.Now()
	rc := http.NewResponseController(w)
	// Reading the body has the deadline ServeHTTP set: a client that sends
	// it a byte at a time holds a handler that long at most.
	chat, err := openai.DecodeRequest(r.Body, g.maxBody)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		g.log.Info("chat completion", "err", "the client did not send its request body within "+g.timeouts.body.String(), "side", "client")
		// The connection closes after the answer: the server must not
		// wait for the rest of the body before answering.
		w.Header().Set("Connection", "close")
		writeError(w, http.StatusRequestTimeout, "invalid_request_error", "the request body did not arrive in time")
		return
	}
	if err != nil { // the deadline stays on what is left of the body
		if strings.Contains(err.Error(), "bytes") && strings.Contains(err.Error(), "over") {
			writeError(w, http.StatusRequestEntityTooLarge, "invalid_request_error", fmt.Sprintf("request body over %d bytes", g.maxBody))
			return
		}
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	_ = rc.SetReadDeadline(time.Time{}) // the body is read: no read deadline may cut the stream
	req, err := chat.ToolRequest()
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	msgs, err := chat.Conversation()
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	sv, err := g.servedFor(r.Context(), chat.Model)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	// With a chat upstream the server renders the prompt with the model's
	// own template; else the gateway renders it as the profile says.
	chatServer := g.chatServer()
	var prompt toolcall.Prompt
	if chatServer != "" {
		if err := ChatRefuses(chatServer, sv.name); err != nil {
			writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
			return
		}
	} else {
		// The request's template switches (chat_template_kwargs,
		// reasoning_effort) reach the prompt as the model's own template
		// would read them.
		opts, err := chat.PromptOptions()
		if err != nil {
			writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
			return
		}
		opts.Profile, opts.SpecialTokens = sv.profile, g.special
		if prompt, err = sv.kit.prompter.Prompt(msgs, req.Tools, opts); err != nil {
			writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
			return
		}
	}
	c := Completion{Model: chat.Model, Format: sv.name, Prompt: prompt.Text, MaxTokens: chat.MaxTokens, Temperature: chat.Temperature, TopP: chat.TopP, Stop: chat.Stop, Chat: chat,
		IncludeUsage: chat.StreamOptions != nil && chat.StreamOptions.IncludeUsage}
	if chat.MaxCompletionTokens != nil {
		c.MaxTokens = chat.MaxCompletionTokens
	}
	if req.ToolChoice != "" && req.ToolChoice != "auto" && req.ToolChoice != "none" {
		if tag, err := sv.kit.tag(req); err == nil {
			c.ResponseFormat = tag
		}
		if gr, err := sv.kit.grammar(req); err == nil {
			c.Grammar = gr
		}
	}
	id, created := newID(), time.Now().Unix()
	var cw *openai.ChunkWriter
	var asm openai.Assembler
	if chat.Stream {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		cw = openai.NewChunkWriter(&lazyHeader{w: w, rc: rc, timeout: g.timeouts.write}, id, chat.Model, created)
	}
	// The prompt says whether the answer begins inside reasoning, so the
	// stream need not hold its start to tell (a server's own template does
	// not tell: the stream finds out from the answer).
	opts := g.streamOptions(sv)
	if chatServer == "" {
		opts = append(opts, stream.ForPrompt(prompt))
	}
	if chat.Stream && !g.wholeCalls {
		opts = append(opts, stream.WithArgumentStreaming())
	}
	f := sv.kit.format
	if g.llama4Lenient {
		f = sv.kit.lenient
	}
	s := stream.New(f, req, opts...)
	// Text and reasoning count alike toward the limit: a non-streaming
	// response holds both until its end. A stream holds neither (each
	// event goes out as it is decided) and is not capped.
	var got int64
	count := func(text string) error {
		if got += int64(len(text)); !chat.Stream && got > g.maxResponse {
			return errTooLarge
		}
		return nil
	}
	hand := func(evs []toolcall.Event) error {
		if cw != nil {
			if err := cw.WriteEvents(evs); err != nil {
				return fmt.Errorf("%w: %w", errClientGone, err)
			}
			return nil
		}
		asm.Add(evs)
		return nil
	}
	c.Reasoning = func(text string) error { // what the server separated itself
		if err := count(text); err != nil {
			return err
		}
		return hand([]toolcall.Event{{Reasoning: text}})
	}
	out, err := g.upstream.Complete(r.Context(), c, func(delta string) error {
		if err := count(delta); err != nil {
			return err
		}
		return hand(s.Feed(delta))
	})
	if err == nil {
		err = hand(s.Close())
	}
	if err != nil && r.Context().Err() != nil && !errors.Is(err, errClientGone) {
		err = fmt.Errorf("%w: %w", errClientGone, err) // the client went away first
	}
	g.logRequest(began, chat, sv, s, err)
	if err != nil {
		g.fail(w, cw, err)
		return
	}
	if cw != nil {
		_ = cw.Finish(out.FinishReason, out.Usage)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = rc.SetWriteDeadline(time.Now().Add(g.timeouts.write))
	_ = json.NewEncoder(w).Encode(asm.Completion(id, chat.Model, created, out.FinishReason, out.Usage))
}

// chatServer is the server that renders prompts itself (an APIChat
// upstream), or "" when the gateway renders them.
func (g *Gateway) chatServer() string {
	if u, ok := g.upstream.(ChatUpstream); ok {
		return u.ChatServer()
	}
	return ""
}

// formatName is the configured format's name, or auto.
func (g *Gateway) formatName() string {
	if g.auto {
		return Auto
	}
	return g.fixed.name
}

// logRequest writes one line about a finished request: format, duration,
// calls, and diagnostics by kind.
func (g *Gateway) logRequest(began time.Time, chat *openai.ChatRequest, sv served, s *stream.Stream, err error) {
	kinds := map[string]int{}
	for _, d := range s.Diagnostics() {
		kinds[d.Kind]++
	}
	attrs := []any{"format", sv.name, "profile", sv.profile, "format_from", sv.from, "model", chat.Model, "stream", chat.Stream, "duration", time.Since(began).Round(time.Millisecond), "calls", s.Calls()}
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		attrs = append(attrs, "diag_"+k, kinds[k])
	}
	switch {
	case errors.Is(err, errClientGone):
		attrs = append(attrs, "err", err.Error(), "side", "client")
	case err != nil:
		attrs = append(attrs, "err", err.Error(), "side", "upstream")
	}
	g.log.Info("chat completion", attrs...)
}

// errClientGone marks a response that ended because the client went away
// or stopped reading, not because the upstream failed.
var errClientGone = errors.New("the client went away")

// lazyHeader writes the status line only with the first chunk, so an
// upstream that fails before anything went out can still get a 502. Each
// write has a deadline: a client that stops reading is dropped after
// timeout.
type lazyHeader struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	set     time.Time // when the deadline was last moved
}

func (l *lazyHeader) Write(p []byte) (int, error) {
	// The deadline moves at most every eighth of the timeout: a write
	// still has at least seven eighths of it, and a stream of tokens does
	// not pay a deadline per token.
	if now := time.Now(); now.Sub(l.set) > l.timeout/8 {
		l.set = now
		_ = l.rc.SetWriteDeadline(now.Add(l.timeout))
	}
	return l.w.Write(p)
}

// Flush flushes the response, so each chunk reaches the client at once.
func (l *lazyHeader) Flush() {
	if f, ok := l.w.(http.Flusher); ok {
		f.Flush()
	}
}

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("chatcmpl-%x", b)
}

var errTooLarge = errors.New("the upstream's response is too large")

// fail ends a response whose upstream failed: 502 (504 for a timeout)
// before anything went out, an error event after. The client learns what
// kind of failure it was, never the upstream's own words (the log has
// them).
func (g *Gateway) fail(w http.ResponseWriter, cw *openai.ChunkWriter, err error) {
	if errors.Is(err, context.Canceled) || errors.Is(err, errClientGone) {
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
		msg = fmt.Sprintf("the upstream's response is over %d bytes", g.maxResponse)
	}
	if cw == nil || !cw.Started() {
		writeError(w, status, "upstream_error", msg)
		return
	}
	_ = cw.Fail("upstream_error", msg)
}
