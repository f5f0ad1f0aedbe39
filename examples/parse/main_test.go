package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/toolcall"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools.json")
	os.WriteFile(tools, []byte(`[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"days": {"type": "integer"}}}}}]`), 0o644)
	var out bytes.Buffer
	in := strings.NewReader(`Sure. <|tool_call_start|>[get_weather(days="3")]<|tool_call_end|>`)
	var summary bytes.Buffer
	if err := run(options{format: "lfm2", tools: tools, parallel: true, delta: 4}, in, &out, &summary); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Content string          `json:"content"`
		Calls   []toolcall.Call `json:"calls"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Content != "Sure." || len(res.Calls) != 1 || res.Calls[0].Arguments != `{"days":3}` || res.Calls[0].ID != "call_0" {
		t.Errorf("%s (%v)", out.String(), err)
	}
	if !strings.Contains(out.String(), `"content": "Sure."`) || !strings.Contains(summary.String(), "1 calls") {
		t.Errorf("keys are not lowercase, or no summary: %s %s", out.String(), summary.String())
	}
	out.Reset()
	if err := run(options{format: "lfm2", parallel: true, delta: 4}, strings.NewReader("<|tool_call_start|>[f(a='<b>'), g()]<|tool_call_end|>"), &out, &summary); err != nil || !strings.Contains(out.String(), `"{\"a\":\"<b>\"}"`) {
		t.Errorf("HTML escaped or failed: %s %v", out.String(), err)
	}
	out.Reset()
	if err := run(options{format: "lfm2", toolChoice: "none", parallel: true, delta: 4}, strings.NewReader("<|tool_call_start|>[f()]<|tool_call_end|>"), &out, &summary); err != nil || !strings.Contains(out.String(), `"calls": []`) {
		t.Errorf("tool_choice none: %s %v", out.String(), err)
	}
	out.Reset()
	if err := run(options{format: "lfm2", parallel: false, delta: 4}, strings.NewReader("<|tool_call_start|>[f(), g()]<|tool_call_end|>"), &out, &summary); err != nil || strings.Count(out.String(), `"name"`) != 1 {
		t.Errorf("-parallel=false: %s %v", out.String(), err)
	}
	out.Reset()
	if err := run(options{format: "lfm2", parallel: true, streaming: true, delta: 3}, strings.NewReader("<think>hm</think>ok"), &out, &summary); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `{"reasoning":"hm"}`) || !strings.Contains(out.String(), `{"content":"o"}`) {
		t.Errorf("events: %s", out.String())
	}
	if err := run(options{format: "nope"}, strings.NewReader(""), &out, &summary); err == nil {
		t.Error("unknown format: no error")
	}
}
