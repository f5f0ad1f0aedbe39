package e2e_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/examples/gateway/server"
	"github.com/toolparse/toolparse/toolcall"
)

// modelReply is a reply a model writes to the weather question (params)
// after the prompt its chat template writes, served under its name.
type modelReply struct {
	model, reply string
	reasoning    string   // the reasoning the client must read, or ""
	cities       []string // the cities of its get_weather calls, in order
	promptEnd    string   // how the prompt the gateway renders ends, or "" for any end
}

// parisTokyo are the cities of the question's two calls.
var parisTokyo = []string{"Paris", "Tokyo"}

// readsModelReplies serves each reply from an upstream behind the gateway
// with -format auto, asks the question under the model's name, and checks
// with readsReply that the client reads its reasoning and calls, and that
// the prompt sent ends as promptEnd says.
func readsModelReplies(t *testing.T, replies []modelReply) {
	for _, r := range replies {
		t.Run(r.model, func(t *testing.T) {
			up := &upstream{text: r.reply}
			gw, _ := gatewayFor(t, server.Auto, up, completionsMode)
			p := params(true)
			p.Model = r.model
			var calls []toolcall.Call
			for _, city := range r.cities {
				calls = append(calls, toolcall.Call{Name: "get_weather", Arguments: `{"city":"` + city + `"}`})
			}
			readsReply(t, gw.URL, p, wantReply{reasoning: r.reasoning, calls: calls})
			up.mu.Lock()
			defer up.mu.Unlock()
			for _, req := range up.requests {
				if prompt, _ := req["prompt"].(string); !strings.HasSuffix(prompt, r.promptEnd) {
					t.Errorf("the prompt ends %q, want %q", prompt[max(0, len(prompt)-60):], r.promptEnd)
				}
			}
		})
	}
}

// autoReplies are replies models write for two calls after the prompt
// their chat template writes, each under the model's name as a client
// asks for it.
var autoReplies = []modelReply{
	{"swiss-ai/Apertus-8B-Instruct-2509", `<|inner_prefix|>Two cities to check.<|inner_suffix|><|tools_prefix|>[{"get_weather": {"city": "Paris"}}, {"get_weather": {"city": "Tokyo"}}]<|tools_suffix|>`, "Two cities to check.", parisTokyo, ""},
	{"ibm-granite/granite-3.3-8b-instruct", `<think>Two cities to check.</think><|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Tokyo"}}]<|end_of_text|>`, "Two cities to check.", parisTokyo, ""},
}

// TestAutoFormatReadsEachModel: with -format auto, the gateway picks the
// format by the request's model name, and each model's reply reaches the
// client as exactly its two calls, whole and streamed, with no content
// and the reasoning as reasoning_content.
func TestAutoFormatReadsEachModel(t *testing.T) {
	readsModelReplies(t, autoReplies)
}
