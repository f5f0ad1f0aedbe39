package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools.json")
	os.WriteFile(tools, []byte(`[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"days": {"type": "integer"}}}}}]`), 0o644)
	var out bytes.Buffer
	in := strings.NewReader(`Sure. <|tool_call_start|>[get_weather(days="3")]<|tool_call_end|>`)
	if err := run("lfm2", tools, false, 4, nil, in, &out); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Content string
		Calls   []struct{ Name, Arguments string }
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Content != "Sure." || len(res.Calls) != 1 || res.Calls[0].Arguments != `{"days":3}` {
		t.Errorf("%s (%v)", out.String(), err)
	}
	out.Reset()
	if err := run("lfm2", "", true, 3, nil, strings.NewReader("<think>hm</think>ok"), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `{"reasoning":"hm"}`) || !strings.Contains(out.String(), `{"content":"o"}`) {
		t.Errorf("events: %s", out.String())
	}
	if err := run("nope", "", false, 4, nil, strings.NewReader(""), &out); err == nil {
		t.Error("unknown format: no error")
	}
}
