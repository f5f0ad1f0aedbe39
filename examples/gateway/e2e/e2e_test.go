package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
	"github.com/toolparse/toolparse/examples/gateway/server"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// upstream is a fake model server: /v1/completions (and a chat
// endpoint's /v1/chat/completions, as delta content) streams its text in
// random deltas, after reasoning it separated itself when it has some, and
// it remembers what it was asked, and where.
type upstream struct {
	text      string
	reasoning string // sent first as reasoning_content, by a chat endpoint
	status    int
	usage     bool // end with a usage event when asked for one
	mu        sync.Mutex
	requests  []map[string]any
	paths     []string
	canceled  chan struct{}
}

func (u *upstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	u.mu.Lock()
	u.requests = append(u.requests, body)
	u.paths = append(u.paths, r.URL.Path)
	u.mu.Unlock()
	chat := r.URL.Path == "/v1/chat/completions"
	if u.status != 0 {
		http.Error(w, "model crashed", u.status)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	rng := rand.New(rand.NewPCG(uint64(len(u.text)), 1))
	if chat && u.reasoning != "" {
		raw, _ := json.Marshal(map[string]any{"choices": []map[string]any{{"index": 0, "delta": map[string]any{"reasoning_content": u.reasoning}}}})
		fmt.Fprintf(w, "data: %s\n\n", raw)
	}
	for rest := u.text; rest != ""; {
		n := min(len(rest), 1+rng.IntN(7))
		for n < len(rest) && !utf8.RuneStart(rest[n]) { // JSON strings hold whole characters
			n++
		}
		choice := map[string]any{"index": 0, "text": rest[:n]}
		if chat {
			choice = map[string]any{"index": 0, "delta": map[string]any{"content": rest[:n]}}
		}
		raw, _ := json.Marshal(map[string]any{"choices": []map[string]any{choice}})
		fmt.Fprintf(w, "data: %s\n\n", raw)
		w.(http.Flusher).Flush()
		rest = rest[n:]
		if u.canceled != nil {
			select {
			case <-r.Context().Done():
				close(u.canceled)
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	if so, _ := body["stream_options"].(map[string]any); u.usage && so["include_usage"] == true {
		fmt.Fprint(w, `data: {"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":5,"total_tokens":12}}`+"\n\n")
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

var weatherTool = toolcall.Tool{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`)}

func params(stream bool) openai.ChatCompletionNewParams {
	_ = stream
	return openai.ChatCompletionNewParams{
		Model:    "test-model",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather in Paris and Tokyo?")},
		Tools: []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name:       "get_weather",
			Parameters: shared.FunctionParameters{"type": "object", "properties": map[string]any{"city": map[string]any{"type": "string"}}, "required": []string{"city"}},
		})},
	}
}

func gateway(t *testing.T, format string, up http.Handler) (*httptest.Server, *httptest.Server) {
	t.Helper()
	return gatewayFor(t, format, up, completionsMode)
}

// apiMode is how the gateway speaks to its upstream: the completions API
// (the gateway renders the prompt), or a server's chat endpoint.
type apiMode struct{ name, api, server string }

var (
	completionsMode = apiMode{"completions", server.APIOpenAI, ""}
	apiModes        = []apiMode{completionsMode,
		{"chat/vllm", server.APIChat, server.ServerVLLM},
		{"chat/sglang", server.APIChat, server.ServerSGLang},
		{"chat/llamacpp", server.APIChat, server.ServerLlamaCpp},
	}
)

func gatewayFor(t *testing.T, format string, up http.Handler, mode apiMode) (*httptest.Server, *httptest.Server) {
	t.Helper()
	upSrv := httptest.NewServer(up)
	t.Cleanup(upSrv.Close)
	g, err := server.New(server.Config{Format: format, Upstream: &server.HTTPUpstream{BaseURL: upSrv.URL, Client: upSrv.Client(), API: mode.api, Server: mode.server}})
	if err != nil {
		t.Fatal(err)
	}
	gwSrv := httptest.NewServer(g)
	t.Cleanup(gwSrv.Close)
	return gwSrv, upSrv
}

func client(base string) openai.Client {
	return openai.NewClient(option.WithBaseURL(base+"/v1/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
}

var recorded = []struct {
	format string
	text   string
}{
	{"llama4", "I'll check both.\n[get_weather(city=\"Paris\"), get_weather(city=\"Tokyo\")]<|eom|>"},
	{"llama4", `<function=get_weather>{"city": "Paris"}</function><|eom|>`},
	{"llama4", "Just prose, with ✓ and \"quotes\", no calls.<|eot|>"},
	{"lfm2", "<think>Two cities.</think>Checking.<|tool_call_start|>[get_weather(city=\"Paris\"), get_weather(city='Tokyo')]<|tool_call_end|><|im_end|>"},
	{"olmo3", "Looking it up.\n<function_calls>\nget_weather(city=\"Oslo\")\n</function_calls><|im_end|>"},
	{"pythonic", "[get_weather(city='Rome')] Let me check that for you."},
	{"gigachat", "Let me check.<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Kazan\"}}</s>"},
	{"solar_open", "<|think|>One city.<|end|><|begin|>assistant<|tool_calls|><|tool_call:begin|>k3v9x2m7q1<|tool_call:name|>get_weather<|tool_call:args|>{\"city\": \"Seoul\"}<|tool_call:end|><|calls|>"},
}

// TestClientReassemblesStreamParse: the OpenAI client's stream accumulator
// must rebuild exactly the content and calls of stream.Parse on the same
// text, and the non-streaming response must match too.
func TestClientReassemblesStreamParse(t *testing.T) {
	for _, mode := range apiModes {
		for _, rec := range recorded {
			t.Run(mode.name+"/"+rec.format+"/"+rec.text[:12], func(t *testing.T) { reassembles(t, mode, rec.format, rec.text) })
		}
	}
}

func reassembles(t *testing.T, mode apiMode, format, text string) {
	f, _ := toolcall.Lookup(format)
	want := stream.Parse(f, text, toolcall.Request{Tools: []toolcall.Tool{weatherTool}})
	gw, _ := gatewayFor(t, format, &upstream{text: text}, mode)
	for _, got := range askBothWays(t, gw.URL, params(true)) {
		check(t, got.mode, got.msg, got.finish, want)
	}
}

func check(t *testing.T, mode string, msg openai.ChatCompletionMessage, finish string, want toolcall.Result) {
	t.Helper()
	if msg.Content != want.Content {
		t.Errorf("%s: content %q, want %q", mode, msg.Content, want.Content)
	}
	if len(msg.ToolCalls) != len(want.Calls) {
		t.Fatalf("%s: %d tool calls, want %d", mode, len(msg.ToolCalls), len(want.Calls))
	}
	for i, c := range msg.ToolCalls {
		// the stream's own IDs, or the model's, which Parse keeps too
		idOK := strings.HasPrefix(c.ID, "call_") || c.ID == want.Calls[i].ID
		if c.Function.Name != want.Calls[i].Name || c.Function.Arguments != want.Calls[i].Arguments || c.Type != "function" || !idOK {
			t.Errorf("%s: call %d = %+v, want %+v", mode, i, c, want.Calls[i])
		}
	}
	wantFinish := "stop"
	if len(want.Calls) > 0 {
		wantFinish = "tool_calls"
	}
	if finish != wantFinish {
		t.Errorf("%s: finish_reason %q, want %q", mode, finish, wantFinish)
	}
}

func TestStreamedChunksHaveOpenAIsShape(t *testing.T) {
	gw, _ := gateway(t, "lfm2", &upstream{text: recorded[3].text})
	resp := post(t, gw.URL, `{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"get_weather"}}]}`)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	events := strings.Split(strings.TrimSpace(string(body)), "\n\n")
	if resp.Header.Get("Content-Type") != "text/event-stream" || events[len(events)-1] != "data: [DONE]" {
		t.Fatalf("not an SSE stream ending in [DONE]:\n%s", body)
	}
	var sawRole, sawReasoning, sawCall, sawFinish bool
	for _, ev := range events[:len(events)-1] {
		var c struct {
			Object  string `json:"object"`
			Choices []struct {
				Delta struct {
					Role      string `json:"role"`
					Reasoning string `json:"reasoning_content"`
					ToolCalls []struct {
						Index *int   `json:"index"`
						ID    string `json:"id"`
						Type  string `json:"type"`
					} `json:"tool_calls"`
				} `json:"delta"`
				FinishReason *string `json:"finish_reason"`
			} `json:"choices"`
		}
		if err := json.Unmarshal([]byte(strings.TrimPrefix(ev, "data: ")), &c); err != nil || c.Object != "chat.completion.chunk" {
			t.Fatalf("event %q: %v", ev, err)
		}
		d := c.Choices[0].Delta
		sawRole = sawRole || d.Role == "assistant"
		sawReasoning = sawReasoning || d.Reasoning != ""
		for _, tc := range d.ToolCalls {
			sawCall = sawCall || (tc.Index != nil && tc.ID != "" && tc.Type == "function")
		}
		if f := c.Choices[0].FinishReason; f != nil {
			sawFinish = *f == "tool_calls"
		}
	}
	if !sawRole || !sawReasoning || !sawCall || !sawFinish {
		t.Errorf("role %v, reasoning %v, tool call %v, finish %v:\n%s", sawRole, sawReasoning, sawCall, sawFinish, body)
	}
}

func TestRequiredToolChoiceSendsTheStructuralTag(t *testing.T) {
	up := &upstream{text: recorded[1].text}
	gw, _ := gateway(t, "llama4", up)
	p := params(false)
	p.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("required")}
	c := client(gw.URL)
	if _, err := c.Chat.Completions.New(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	rf, _ := up.requests[0]["response_format"].(map[string]any)
	if rf["type"] != "structural_tag" {
		t.Errorf("upstream got response_format %v", up.requests[0]["response_format"])
	}
	if prompt, _ := up.requests[0]["prompt"].(string); !strings.HasPrefix(prompt, "<|begin_of_text|>") || !strings.Contains(prompt, "get_weather") {
		t.Errorf("upstream prompt %q", prompt)
	}
}

// post posts body to the chat completions of the gateway at base.
func post(t *testing.T, base, body string) *http.Response {
	t.Helper()
	resp, err := http.Post(base+"/v1/chat/completions", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// apiError checks that resp is an OpenAI-style error with status.
func apiError(t *testing.T, resp *http.Response, status int) {
	t.Helper()
	defer resp.Body.Close()
	var e struct {
		Error struct {
			Message string `json:"message"`
			Type    string `json:"type"`
		} `json:"error"`
	}
	if resp.StatusCode != status || json.NewDecoder(resp.Body).Decode(&e) != nil || e.Error.Message == "" || e.Error.Type == "" {
		t.Errorf("status %d, error %+v; want %d with an OpenAI-style error", resp.StatusCode, e, status)
	}
}

func TestErrors(t *testing.T) {
	t.Run("bad JSON body", func(t *testing.T) {
		gw, _ := gateway(t, "llama4", &upstream{text: "x"})
		apiError(t, post(t, gw.URL, `{"messages": [`), http.StatusBadRequest)
	})
	t.Run("bad request", func(t *testing.T) {
		gw, _ := gateway(t, "llama4", &upstream{text: "x"})
		apiError(t, post(t, gw.URL, `{"messages": [{"role": "robot", "content": "x"}]}`), http.StatusBadRequest)
	})
	t.Run("body too large", func(t *testing.T) {
		g, _ := server.New(server.Config{Format: "llama4", MaxBody: 100, Upstream: &server.Demo{Format: "llama4"}})
		gw := httptest.NewServer(g)
		defer gw.Close()
		apiError(t, post(t, gw.URL, `{"messages": [{"role": "user", "content": "`+strings.Repeat("x", 200)+`"}]}`), http.StatusRequestEntityTooLarge)
	})
	t.Run("unknown format", func(t *testing.T) {
		if _, err := server.New(server.Config{Format: "gpt-9"}); !errors.Is(err, server.ErrUnknownFormat) {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("upstream down", func(t *testing.T) {
		l, _ := net.Listen("tcp", "127.0.0.1:0")
		addr := l.Addr().String()
		l.Close()
		g, _ := server.New(server.Config{Format: "llama4", Upstream: &server.HTTPUpstream{BaseURL: "http://" + addr}})
		gw := httptest.NewServer(g)
		defer gw.Close()
		apiError(t, post(t, gw.URL, `{"messages": [{"role": "user", "content": "hi"}]}`), http.StatusBadGateway)
	})
	t.Run("upstream 500", func(t *testing.T) {
		gw, _ := gateway(t, "lfm2", &upstream{status: 500})
		apiError(t, post(t, gw.URL, `{"stream": true, "messages": [{"role": "user", "content": "hi"}]}`), http.StatusBadGateway)
	})
	t.Run("upstream garbage", func(t *testing.T) {
		gw, _ := gateway(t, "lfm2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "data: {not json\n\n") }))
		apiError(t, post(t, gw.URL, `{"messages": [{"role": "user", "content": "hi"}]}`), http.StatusBadGateway)
	})
	t.Run("client cancel", func(t *testing.T) {
		up := &upstream{text: strings.Repeat("long answer ", 200), canceled: make(chan struct{})}
		gw, _ := gateway(t, "llama4", up)
		ctx, cancel := context.WithCancel(context.Background())
		c := client(gw.URL)
		s := c.Chat.Completions.NewStreaming(ctx, params(true))
		if !s.Next() {
			t.Fatalf("no first chunk: %v", s.Err())
		}
		cancel()
		select {
		case <-up.canceled:
		case <-time.After(5 * time.Second):
			t.Fatal("the upstream request was not canceled when the client went away")
		}
	})
}

func TestDemoUpstreamCallsTheOfferedTool(t *testing.T) {
	for _, format := range []string{"llama4", "lfm2", "olmo3", "pythonic"} {
		g, err := server.New(server.Config{Format: format, Upstream: &server.Demo{Format: format}})
		if err != nil {
			t.Fatal(err)
		}
		gw := httptest.NewServer(g)
		c := client(gw.URL)
		resp, err := c.Chat.Completions.New(context.Background(), params(false))
		gw.Close()
		if err != nil {
			t.Fatal(err)
		}
		msg := resp.Choices[0].Message
		if len(msg.ToolCalls) != 2 || msg.ToolCalls[0].Function.Name != "get_weather" || msg.ToolCalls[0].Function.Arguments != `{"city":"Paris"}` {
			t.Errorf("%s: demo answered %+v", format, msg)
		}
	}
}

var writeFileTool = toolcall.Tool{Name: "write_file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)}

// longCalls are 100 KB write_file calls as three formats write them.
func longCalls(t *testing.T) []struct{ format, text string } {
	t.Helper()
	var src strings.Builder
	for i := 0; src.Len() < 100_000; i++ {
		fmt.Fprintf(&src, "def handler_%d(event):\n    return {\"status\": %d, \"body\": 'ok <%d>'}\n\n", i, 200+i%3, i)
	}
	args, _ := json.Marshal(map[string]string{"path": "src/handler.py", "content": src.String()})
	var out []struct{ format, text string }
	for _, format := range []string{"qwen3_coder", "hermes", "llama4"} {
		f, _ := toolcall.Lookup(format)
		text, err := f.(toolcall.Renderer).RenderCalls([]toolcall.Call{{Name: "write_file", Arguments: string(args)}})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, struct{ format, text string }{format, text})
	}
	return out
}

// TestLongCallStreamsToTheClient: a 100 KB write_file call reaches
// openai-go's accumulator in many tool_calls deltas, and the call it
// rebuilds is stream.Parse's.
func TestLongCallStreamsToTheClient(t *testing.T) {
	for _, mode := range []apiMode{completionsMode, apiModes[1]} {
		for _, lc := range longCalls(t) {
			t.Run(mode.name+"/"+lc.format, func(t *testing.T) { longCallStreams(t, mode, lc.format, lc.text) })
		}
	}
}

func longCallStreams(t *testing.T, mode apiMode, format, text string) {
	f, _ := toolcall.Lookup(format)
	want := stream.Parse(f, text, toolcall.Request{Tools: []toolcall.Tool{writeFileTool}})
	if len(want.Calls) != 1 {
		t.Fatalf("Parse gave %d calls", len(want.Calls))
	}
	gw, _ := gatewayFor(t, format, &upstream{text: text}, mode)
	c := client(gw.URL)
	p := openai.ChatCompletionNewParams{
		Model:    "test-model",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Write the handler.")},
		Tools: []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name:       "write_file",
			Parameters: shared.FunctionParameters{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}, "content": map[string]any{"type": "string"}}, "required": []string{"path", "content"}},
		})},
	}
	s := c.Chat.Completions.NewStreaming(context.Background(), p)
	acc := openai.ChatCompletionAccumulator{}
	toolChunks := 0
	for s.Next() {
		chunk := s.Current()
		acc.AddChunk(chunk)
		if len(chunk.Choices) > 0 && len(chunk.Choices[0].Delta.ToolCalls) > 0 {
			toolChunks++
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	check(t, "streaming", acc.Choices[0].Message, acc.Choices[0].FinishReason, want)
	if toolChunks < 100 {
		t.Errorf("the call came in %d tool_calls deltas: its arguments did not stream", toolChunks)
	}
}

// TestEveryFormatsReplyReachesTheClient: for every described format, a
// model answering the gateway's prompt with two calls, as the family's
// models write them (its descriptor's Reply, after the reasoning its
// prompt opens), in small deltas, reaches the OpenAI client as exactly
// those calls, whole and streamed, with the reasoning as
// reasoning_content and nothing of the markers in the content. A new
// format gets this by registering.
func TestEveryFormatsReplyReachesTheClient(t *testing.T) {
	calls := []toolcall.Call{{Name: "get_weather", Arguments: `{"city":"Paris"}`}, {Name: "get_weather", Arguments: `{"city":"Tokyo"}`}}
	const reasoning = "Two cities to check."
	n := 0
	for _, d := range toolcall.Descriptors() {
		if d.Reply == nil {
			continue
		}
		n++
		text, err := d.Reply(reasoning, "", calls)
		if err != nil {
			t.Fatalf("%s: %v", d.Format.Name(), err)
		}
		want := wantReply{calls: calls}
		if strings.Contains(text, reasoning) {
			want.reasoning = reasoning
		}
		t.Run(d.Format.Name(), func(t *testing.T) {
			gw, _ := gateway(t, d.Format.Name(), &upstream{text: text})
			readsReply(t, gw.URL, params(true), want)
		})
	}
	if n < 12 {
		t.Errorf("%d formats write replies, want every shipped one", n)
	}
}

// answer is the gateway's answer to a request as the OpenAI client reads
// it, streamed (the accumulator's message) or whole.
type answer struct {
	mode      string // "streaming" or "non-streaming"
	msg       openai.ChatCompletionMessage
	reasoning string // reasoning_content, its deltas joined when streamed
	finish    string // finish_reason
}

// askBothWays asks the gateway at base p streamed, then whole.
func askBothWays(t *testing.T, base string, p openai.ChatCompletionNewParams) []answer {
	t.Helper()
	type reasoning struct {
		Reasoning string `json:"reasoning_content"`
	}
	c := client(base)
	s := c.Chat.Completions.NewStreaming(context.Background(), p)
	acc := openai.ChatCompletionAccumulator{}
	var streamed strings.Builder
	for s.Next() {
		chunk := s.Current()
		acc.AddChunk(chunk)
		var raw struct {
			Choices []struct {
				Delta reasoning `json:"delta"`
			} `json:"choices"`
		}
		if json.Unmarshal([]byte(chunk.RawJSON()), &raw) == nil && len(raw.Choices) > 0 {
			streamed.WriteString(raw.Choices[0].Delta.Reasoning)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	resp, err := c.Chat.Completions.New(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var whole reasoning
	_ = json.Unmarshal([]byte(resp.Choices[0].Message.RawJSON()), &whole)
	return []answer{
		{"streaming", acc.Choices[0].Message, streamed.String(), acc.Choices[0].FinishReason},
		{"non-streaming", resp.Choices[0].Message, whole.Reasoning, resp.Choices[0].FinishReason},
	}
}

// wantReply is what the client must read of a reply that reasons (or
// not) and then calls: no content, that reasoning, exactly those calls.
type wantReply struct {
	reasoning string
	calls     []toolcall.Call
	sameArgs  func(got, want string) bool // nil: the same text
}

// readsReply asks the gateway at base p, streamed and whole, and checks
// that each answer is want's.
func readsReply(t *testing.T, base string, p openai.ChatCompletionNewParams, want wantReply) {
	t.Helper()
	sameArgs := want.sameArgs
	if sameArgs == nil {
		sameArgs = func(got, want string) bool { return got == want }
	}
	for _, got := range askBothWays(t, base, p) {
		if got.msg.Content != "" || got.reasoning != want.reasoning {
			t.Errorf("%s: content %q, reasoning %q; want none and %q", got.mode, got.msg.Content, got.reasoning, want.reasoning)
		}
		if len(got.msg.ToolCalls) != len(want.calls) {
			t.Fatalf("%s: %d calls, want %d: %+v", got.mode, len(got.msg.ToolCalls), len(want.calls), got.msg.ToolCalls)
		}
		for i, call := range got.msg.ToolCalls {
			if w := want.calls[i]; call.Function.Name != w.Name || !sameArgs(call.Function.Arguments, w.Arguments) {
				t.Errorf("%s: call %d is %s %s, want %s %s", got.mode, i, call.Function.Name, call.Function.Arguments, w.Name, w.Arguments)
			}
		}
	}
}
