package openai_test

import (
	"os"
	"strings"

	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// A gateway's streaming loop: decode the request, parse each delta, write
// chunks.
func ExampleChunkWriter() {
	body := `{"model": "llama-4", "stream": true, "messages": [{"role": "user", "content": "Weather in Paris?"}],
		"tools": [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]}`
	chat, _ := openai.DecodeRequest(strings.NewReader(body), 1<<20)
	req, _ := chat.ToolRequest()
	s := stream.New(llama4.Format, req, stream.WithIDs(func(toolcall.Call) string { return "call_1" }))
	w := openai.NewChunkWriter(os.Stdout, "chatcmpl-1", chat.Model, 0)
	for _, delta := range []string{"[get_weather(", "city='Paris')]"} {
		w.WriteEvents(s.Feed(delta))
	}
	w.WriteEvents(s.Close())
	w.Finish("stop", nil)
	// Output:
	// data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":0,"model":"llama-4","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}
	//
	// data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":0,"model":"llama-4","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]},"finish_reason":null}]}
	//
	// data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":0,"model":"llama-4","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}
	//
	// data: [DONE]
}
