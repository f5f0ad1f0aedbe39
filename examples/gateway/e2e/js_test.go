package e2e_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

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
	Content string `json:"content"`
	Calls   []struct {
		ID        string `json:"id"`
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"calls"`
	FinishReason string `json:"finish_reason"`
	ToolChunks   int    `json:"tool_chunks"`
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
