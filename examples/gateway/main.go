// Command gateway is an OpenAI-compatible chat completions server in front
// of a model server's completions endpoint: it renders the conversation in
// the model's own prompt format and turns the model's text back into
// content, reasoning and tool calls while it streams.
//
//	go run ./examples/gateway                      # with the built-in demo upstream
//	go run ./examples/gateway -upstream http://127.0.0.1:8000              # format by model name
//	go run ./examples/gateway -upstream http://127.0.0.1:8000 -format lfm2
//	go run ./examples/gateway -upstream http://127.0.0.1:8081 -api llamacpp -format llama4
//
// It reads UPSTREAM_API_KEY, and the LLAMA4_TOOL_CALL_POLICY,
// LLAMA4_READONLY_TOOLS and LLAMA4_EDIT_TOOLS policy variables
// (policyFromEnv), from the environment; the library itself reads none.
//
// Then:
//
//	curl -s 127.0.0.1:8080/v1/chat/completions -d '{"model": "demo", "stream": true,
//	  "messages": [{"role": "user", "content": "Weather in Paris and Tokyo?"}],
//	  "tools": [{"type": "function", "function": {"name": "get_weather",
//	    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]}'
package main

import (
	"flag"
	"log"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/toolparse/toolparse/examples/gateway/server"
	"github.com/toolparse/toolparse/toolcall"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to serve on")
	upstream := flag.String("upstream", "", "base URL of the model server (none: the built-in demo upstream)")
	api := flag.String("api", server.APIOpenAI, "the upstream's API: openai (/v1/completions: vLLM, SGLang, llama.cpp; the gateway renders the prompt), llamacpp (llama.cpp's /completion), or chat (the server's /v1/chat/completions: it renders the prompt with the model's own template)")
	upServer := flag.String("server", server.ServerVLLM, "with -api chat, the upstream server: vllm, sglang or llamacpp (each is told in its own words to leave the answer raw)")
	model := flag.String("model", "", "the model name GET /v1/models lists when the upstream has no list")
	format := flag.String("format", "", "the model's format: auto (pick it by each request's model name, or the upstream's /v1/models; the default with -upstream), or one of "+server.FormatNames()+" (llama4 is the demo's default)")
	profile := flag.String("profile", "", "the prompt profile: which model's chat template the prompt follows (one of the format's; none: its default, or with auto the model's)")
	connect := flag.Duration("connect-timeout", server.DefaultConnectTimeout, "how long connecting to the upstream may take")
	firstByte := flag.Duration("first-byte-timeout", server.DefaultFirstByteTimeout, "how long the upstream may take to send its first delta")
	idle := flag.Duration("idle-timeout", server.DefaultIdleTimeout, "how long the upstream may pause between deltas")
	headerTimeout := flag.Duration("header-timeout", server.DefaultHeaderTimeout, "how long a client may take to send a request's headers")
	bodyTimeout := flag.Duration("body-timeout", server.DefaultBodyTimeout, "how long a client may take to send its request body, on every endpoint")
	connIdle := flag.Duration("conn-idle-timeout", server.DefaultConnIdleTimeout, "how long a client's kept-alive connection may wait for its next request before it is closed")
	writeTimeout := flag.Duration("write-timeout", server.DefaultWriteTimeout, "how long one write to a client may block (a client that stops reading is dropped)")
	modelsTimeout := flag.Duration("models-timeout", server.DefaultModelsTimeout, "how long the upstream may take to list its models before GET /v1/models answers with -model")
	special := flag.String("special-tokens", "", "what becomes of the format's special tokens in client text: keep (the default, as chat templates do), escape (a zero-width space breaks each) or refuse (a 400)")
	lenient := flag.Bool("llama4-lenient", false, "llama4: read calls in code fences after prose and bare calls mentioned inside sentences too (by default they are content: llama4.Precise)")
	maxResponse := flag.Int64("max-response", 16<<20, "the most bytes of text and reasoning together a non-streaming response may hold")
	streamArgs := flag.Bool("stream-arguments", true, "stream a call's arguments in pieces as the model writes them (false: each call in one tool_calls delta)")
	maxCalls := flag.Int("max-calls", toolcall.DefaultMaxCalls, "the most calls one response hands on: past them the rest of the response is content")
	flag.Parse()

	// The library reads no environment; the gateway keeps the llama4
	// plugin's variables working by reading them here.
	pol, err := policyFromEnv()
	if err != nil {
		log.Printf("LLAMA4_TOOL_CALL_POLICY is ignored: %v", err)
	}
	if *format == "" {
		*format = "llama4"
		if *upstream != "" {
			*format = server.Auto
		}
	}
	cfg := server.Config{Format: *format, Profile: *profile, MaxResponse: *maxResponse, Policy: &pol, Model: *model, WholeCalls: !*streamArgs,
		SpecialTokens: strings.TrimPrefix(*special, "keep"), Llama4Lenient: *lenient, MaxCalls: *maxCalls, BodyTimeout: *bodyTimeout, WriteTimeout: *writeTimeout, ModelsTimeout: *modelsTimeout,
		HeaderTimeout: *headerTimeout, ConnIdleTimeout: *connIdle, Log: slog.New(slog.NewTextHandler(os.Stderr, nil))}
	if *upstream != "" {
		cfg.Upstream = &server.HTTPUpstream{BaseURL: *upstream, API: *api, Server: *upServer, APIKey: os.Getenv("UPSTREAM_API_KEY"),
			Client: &http.Client{Transport: server.NewTransport(*connect)}, FirstByteTimeout: *firstByte, IdleTimeout: *idle}
	}
	g, err := server.New(cfg)
	if err != nil {
		log.Fatal(err)
	}
	upstreamName := *upstream
	if upstreamName == "" {
		upstreamName = "the built-in demo"
	}
	log.Printf("serving %s on http://%s, upstream %s", *format, *addr, upstreamName)
	log.Fatal(server.NewHTTPServer(*addr, g, cfg).ListenAndServe())
}
