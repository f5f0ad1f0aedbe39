package e2e_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/examples/gateway/server"

	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// nodeWithClient returns node's path, or skips the test where node or the
// JS client is missing (CI must have both).
func nodeWithClient(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	modules := filepath.Join("js", "node_modules", "openai")
	if _, statErr := os.Stat(modules); err != nil || statErr != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install the JS client: node %v, %s: %v (run npm ci in js/)", err, modules, statErr)
		}
		t.Skip("no node or no js/node_modules: run npm ci in examples/gateway/e2e/js")
	}
	return node
}

// jsRequest is a streaming chat request with one user message and one tool.
func jsRequest(user string, tool toolcall.Tool) string {
	request, _ := json.Marshal(map[string]any{
		"model":    "test-model",
		"messages": []map[string]string{{"role": "user", "content": user}},
		"tools":    []map[string]any{{"type": "function", "function": map[string]any{"name": tool.Name, "parameters": json.RawMessage(tool.Parameters)}}},
	})
	return string(request)
}

// jsResult is what js/client.mjs prints of what the client rebuilt.
type jsResult struct {
	Content      string          `json:"content"`
	Calls        []toolcall.Call `json:"calls"`
	FinishReason string          `json:"finish_reason"`
	ToolChunks   int             `json:"tool_chunks"`
}

// runJSClient streams request from the gateway at url with the JS client.
func runJSClient(t *testing.T, node, url, request string) jsResult {
	t.Helper()
	out, err := exec.Command(node, filepath.Join("js", "client.mjs"), url, request).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%.2000s", err, out)
	}
	var got jsResult
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %.200s", err, out)
	}
	return got
}

// TestJSClientReassemblesStreamParse: the official OpenAI JS client
// (openai on npm, installed in js/ by .ci/run) streams from the gateway and
// rebuilds the content and calls stream.Parse gives for the same text.
func TestJSClientReassemblesStreamParse(t *testing.T) {
	node := nodeWithClient(t)
	request := jsRequest("Weather in Paris and Tokyo?", weatherTool)
	for _, rec := range recorded {
		t.Run(rec.format+"/"+rec.text[:12], func(t *testing.T) {
			f, _ := toolcall.Lookup(rec.format)
			want := stream.Parse(f, rec.text, toolcall.Request{Tools: []toolcall.Tool{weatherTool}})
			gw, _ := gateway(t, rec.format, &upstream{text: rec.text})
			got := runJSClient(t, node, gw.URL, request)
			if got.Content != want.Content || len(got.Calls) != len(want.Calls) {
				t.Fatalf("JS client: content %q, %d calls; want %q, %d", got.Content, len(got.Calls), want.Content, len(want.Calls))
			}
			for i, c := range got.Calls {
				if c.Name != want.Calls[i].Name || c.Arguments != want.Calls[i].Arguments || c.ID == "" {
					t.Errorf("call %d = %+v, want %+v", i, c, want.Calls[i])
				}
			}
			wantFinish := "stop"
			if len(want.Calls) > 0 {
				wantFinish = "tool_calls"
			}
			if got.FinishReason != wantFinish {
				t.Errorf("finish_reason %q, want %q", got.FinishReason, wantFinish)
			}
		})
	}
}

// TestJSClientSeesALongCallInPieces: the JS client rebuilds a 100 KB
// write_file call from many tool_calls deltas.
func TestJSClientSeesALongCallInPieces(t *testing.T) {
	node := nodeWithClient(t)
	request := jsRequest("Write the handler.", writeFileTool)
	for _, lc := range longCalls(t) {
		t.Run(lc.format, func(t *testing.T) {
			f, _ := toolcall.Lookup(lc.format)
			want := stream.Parse(f, lc.text, toolcall.Request{Tools: []toolcall.Tool{writeFileTool}})
			gw, _ := gateway(t, lc.format, &upstream{text: lc.text})
			got := runJSClient(t, node, gw.URL, request)
			if len(got.Calls) != 1 || got.Calls[0].Name != want.Calls[0].Name || got.Calls[0].Arguments != want.Calls[0].Arguments {
				t.Fatalf("JS client rebuilt %d calls, not Parse's one", len(got.Calls))
			}
			if got.ToolChunks < 100 {
				t.Errorf("the call came in %d tool_calls chunks: its arguments did not stream", got.ToolChunks)
			}
		})
	}
}

// TestJSClientReadsEveryTemplatesReply: the JS client, through the
// gateway with -format auto, rebuilds from each model's own template
// reply (templateReplies) exactly its calls, with no content.
func TestJSClientReadsEveryTemplatesReply(t *testing.T) {
	node := nodeWithClient(t)
	str := map[string]any{"type": "string"}
	tools := []map[string]any{
		{"type": "function", "function": map[string]any{"name": "write_note", "parameters": map[string]any{
			"type": "object", "properties": map[string]any{"path": str, "text": str}, "required": []string{"path", "text"}}}},
		{"type": "function", "function": map[string]any{"name": "lookup_order", "parameters": map[string]any{
			"type": "object", "properties": map[string]any{
				"order_id": map[string]any{"type": "integer"},
				"status":   map[string]any{"type": "string", "enum": []string{"open", "shipped", "cancelled"}},
				"options": map[string]any{"type": "object", "properties": map[string]any{
					"include_items": map[string]any{"type": "boolean"}, "fields": map[string]any{"type": "array", "items": str}, "max_price": map[string]any{"type": "number"}}},
			}, "required": []string{"order_id"}}}},
	}
	for _, r := range templateReplies {
		t.Run(r.golden+"/"+r.model, func(t *testing.T) {
			reply, err := os.ReadFile(filepath.Join("testdata", "twocalls", r.golden+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			request, _ := json.Marshal(map[string]any{
				"model":    r.model,
				"messages": []map[string]string{{"role": "system", "content": "You are a careful assistant."}, {"role": "user", "content": "Save a note and check order 42."}},
				"tools":    tools,
			})
			gw, _ := gatewayFor(t, server.Auto, &upstream{text: string(reply)}, completionsMode)
			got := runJSClient(t, node, gw.URL, string(request))
			if strings.TrimSpace(got.Content) != "" || len(got.Calls) != r.calls || got.FinishReason != "tool_calls" {
				t.Fatalf("content %q, %d calls, finish %q; want none, %d, tool_calls", got.Content, len(got.Calls), got.FinishReason, r.calls)
			}
			for i, c := range got.Calls {
				if c.Name != goldenCalls[i].Name || !sameJSON(c.Arguments, goldenCalls[i].Arguments) || c.ID == "" {
					t.Errorf("call %d is %+v, want %s %s", i, c, goldenCalls[i].Name, goldenCalls[i].Arguments)
				}
			}
		})
	}
}
