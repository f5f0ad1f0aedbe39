package openai_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolparse/toolparse/openai"
	"github.com/toolparse/toolparse/toolcall"
)

const head = `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":7,"model":"m<1>","choices":[{"index":0,"delta":`

// Every event kind has its exact chunk.
func TestChunkGoldens(t *testing.T) {
	var out bytes.Buffer
	w := openai.NewChunkWriter(&out, "chatcmpl-1", "m<1>", 7)
	evs := []toolcall.Event{
		{Content: "Hi <b> \"there\"\n"},
		{Reasoning: "thinking…"},
		{Call: &toolcall.Call{Index: 0, ID: "call_1", Name: "get_weather", Arguments: `{"city":"Paris"}`}},
		{Call: &toolcall.Call{Index: 1, ID: "call_2", Name: "f", Arguments: `{}`}},
	}
	if err := w.WriteEvents(evs); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish("stop", &openai.Usage{PromptTokens: 3, CompletionTokens: 4, TotalTokens: 7}); err != nil {
		t.Fatal(err)
	}
	want := head + `{"role":"assistant","content":""},"finish_reason":null}]}` + "\n\n" +
		head + `{"content":"Hi <b> \"there\"\n"},"finish_reason":null}]}` + "\n\n" +
		head + `{"reasoning_content":"thinking…"},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"f","arguments":"{}"}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{},"finish_reason":"tool_calls"}]}` + "\n\n" +
		`data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":7,"model":"m<1>","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}` + "\n\n" +
		"data: [DONE]\n\n"
	if got := out.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// Every line is a chunk OpenAI's types read.
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n\n") {
		data := strings.TrimPrefix(line, "data: ")
		if data == "[DONE]" {
			continue
		}
		var c openai.Chunk
		if err := json.Unmarshal([]byte(data), &c); err != nil || c.Object != "chat.completion.chunk" {
			t.Errorf("%s: %v", data, err)
		}
	}
}

// With argument streaming, a call goes out as its start and its pieces; a
// withdrawn call writes nothing and the next call takes the next index.
func TestStreamedCallGoldens(t *testing.T) {
	var out bytes.Buffer
	w := openai.NewChunkWriter(&out, "chatcmpl-1", "m<1>", 7)
	call := &toolcall.Call{Index: 0, ID: "call_1", Name: "write_file", Arguments: `{"path":"a"}`}
	evs := []toolcall.Event{
		{Delta: &toolcall.CallDelta{Kind: toolcall.CallStarted, Index: 0, ID: "call_1", Name: "write_file"}},
		{Delta: &toolcall.CallDelta{Kind: toolcall.ArgumentsFragment, Index: 0, Arguments: `{"path":`}},
		{Delta: &toolcall.CallDelta{Kind: toolcall.ArgumentsFragment, Index: 0, Arguments: `"a"}`}},
		{Call: call},
		{Delta: &toolcall.CallDelta{Kind: toolcall.CallStarted, Index: 1, ID: "call_2", Name: "f"}},
		{Delta: &toolcall.CallDelta{Kind: toolcall.ArgumentsFragment, Index: 1, Arguments: `{"x`}},
		{Delta: &toolcall.CallDelta{Kind: toolcall.CallRetracted, Index: 1, ID: "call_2", Name: "f"}},
		{Content: "f(x"},
		{Delta: &toolcall.CallDelta{Kind: toolcall.CallStarted, Index: 1, ID: "call_3", Name: "g"}},
		{Delta: &toolcall.CallDelta{Kind: toolcall.ArgumentsFragment, Index: 1, Arguments: `{}`}},
		{Call: &toolcall.Call{Index: 1, ID: "call_3", Name: "g", Arguments: `{}`}},
	}
	if err := w.WriteEvents(evs); err != nil {
		t.Fatal(err)
	}
	if err := w.Finish("stop", nil); err != nil {
		t.Fatal(err)
	}
	want := head + `{"role":"assistant","content":""},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"write_file","arguments":""}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":0,"function":{"arguments":"{\"path\":"}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":0,"function":{"arguments":"\"a\"}"}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"f","arguments":""}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":1,"function":{"arguments":"{\"x"}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{"content":"f(x"},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":2,"id":"call_3","type":"function","function":{"name":"g","arguments":""}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{"tool_calls":[{"index":2,"function":{"arguments":"{}"}}]},"finish_reason":null}]}` + "\n\n" +
		head + `{},"finish_reason":"tool_calls"}]}` + "\n\n" +
		"data: [DONE]\n\n"
	if got := out.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if w.Calls() != 2 {
		t.Errorf("%d calls counted, want 2", w.Calls())
	}
}

func TestFinishReasons(t *testing.T) {
	for _, tt := range []struct {
		reason string
		calls  int
		want   string
	}{{"", 0, "stop"}, {"stop", 2, "tool_calls"}, {"length", 1, "length"}, {"length", 0, "length"}} {
		if got := openai.FinishReason(tt.reason, tt.calls); got != tt.want {
			t.Errorf("FinishReason(%q, %d) = %q, want %q", tt.reason, tt.calls, got, tt.want)
		}
	}
}

func TestAFailedStreamEndsWithAnErrorEvent(t *testing.T) {
	var out bytes.Buffer
	w := openai.NewChunkWriter(&out, "c", "m", 1)
	w.WriteEvents([]toolcall.Event{{Content: "a"}})
	w.Fail("upstream_error", "the upstream model server timed out")
	if !strings.HasSuffix(out.String(), `data: {"error":{"message":"the upstream model server timed out","type":"upstream_error","param":null,"code":null}}`+"\n\n") {
		t.Errorf("%s", out.String())
	}
}

func TestTheAssembledCompletion(t *testing.T) {
	var a openai.Assembler
	a.Add([]toolcall.Event{{Reasoning: "why"}, {Content: "Sure."}, {Call: &toolcall.Call{ID: "call_1", Name: "f", Arguments: `{"a":1}`}}})
	raw, _ := json.Marshal(a.Completion("id1", "m", 9, "stop", nil))
	want := `{"id":"id1","object":"chat.completion","created":9,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Sure.","reasoning_content":"why","tool_calls":[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{\"a\":1}"}}]},"finish_reason":"tool_calls"}]}`
	if string(raw) != want {
		t.Errorf("got  %s\nwant %s", raw, want)
	}
	var none openai.Assembler
	raw, _ = json.Marshal(none.Completion("id2", "m", 9, "length", &openai.Usage{TotalTokens: 1}))
	if !strings.Contains(string(raw), `"content":""`) || !strings.Contains(string(raw), `"finish_reason":"length"`) || !strings.Contains(string(raw), `"usage"`) {
		t.Errorf("%s", raw)
	}
}

// Content chunks are written without allocating.
func TestContentChunksDoNotAllocate(t *testing.T) {
	w := openai.NewChunkWriter(discard{}, "c", "m", 1)
	evs := []toolcall.Event{{Content: "some prose, streamed "}}
	w.WriteEvents(evs)
	if n := testing.AllocsPerRun(200, func() { w.WriteEvents(evs) }); n != 0 {
		t.Errorf("%v allocations per content chunk", n)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func request(t *testing.T, body string) (*openai.ChatRequest, error) {
	t.Helper()
	return openai.DecodeRequest(strings.NewReader(body), 1<<20)
}

func TestToolRequests(t *testing.T) {
	tools := `"tools": [{"type": "function", "function": {"name": "a", "parameters": {"type": "object"}}}, {"type": "function", "function": {"name": "b"}}]`
	tests := []struct {
		name, choice string
		want         string // tool_choice, then the tool names
	}{
		{"no tool_choice", ``, "|a,b"},
		{"auto", `"auto"`, "auto|a,b"},
		{"required", `"required"`, "required|a,b"},
		{"none", `"none"`, "none|a,b"},
		{"a named function", `{"type": "function", "function": {"name": "b"}}`, "b|a,b"},
		{"allowed tools", `{"type": "allowed_tools", "allowed_tools": {"mode": "required", "tools": [{"type": "function", "function": {"name": "b"}}]}}`, "required|b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := `{"model": "m", "messages": [{"role": "user", "content": "x"}], ` + tools
			if tt.choice != "" {
				body += `, "tool_choice": ` + tt.choice
			}
			r, err := request(t, body+`, "parallel_tool_calls": false}`)
			if err != nil {
				t.Fatal(err)
			}
			req, err := r.ToolRequest()
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tl := range req.Tools {
				names = append(names, tl.Name)
			}
			if got := req.ToolChoice + "|" + strings.Join(names, ","); got != tt.want || req.Parallel() {
				t.Errorf("got %s (parallel %v), want %s", got, req.Parallel(), tt.want)
			}
		})
	}
	for _, bad := range []string{
		`{"tools": [{"type": "retrieval"}]}`,
		`{"tools": [{"type": "function", "function": {}}]}`,
		`{"tool_choice": "sometimes"}`,
		`{"tool_choice": {"type": "function", "function": {"name": "zzz"}}}`,
		`{"tool_choice": {"type": "function"}}`,
		`{"tool_choice": {"type": "allowed_tools"}}`,
		`{"tool_choice": 5}`,
	} {
		r, err := request(t, bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.ToolRequest(); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestConversation(t *testing.T) {
	r, err := request(t, `{"messages": [{"role": "developer", "content": [{"type": "text", "text": "be "}, {"type": "text", "text": "brief"}]},
		{"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
		{"role": "tool", "tool_call_id": "c1", "content": "ok"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := r.Conversation()
	if err != nil || len(msgs) != 3 || msgs[0].Role != "system" || msgs[0].Content != "be brief" || msgs[1].ToolCalls[0].ID != "c1" || msgs[2].ToolCallID != "c1" {
		t.Errorf("%+v %v", msgs, err)
	}
	for _, bad := range []string{`{"messages": []}`, `{"messages": [{"role": "user", "content": 5}]}`, `{"messages": [{"role": "wizard", "content": "x"}]}`,
		`{"messages": [{"role": "user", "content": [{"type": "image_url"}]}]}`} {
		r, _ := request(t, bad)
		if _, err := r.Conversation(); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if _, err := request(t, `{"messages": [`); err == nil {
		t.Errorf("a broken body gave no error")
	}
	if _, err := openai.DecodeRequest(strings.NewReader(`{"model": "`+strings.Repeat("x", 100)+`"}`), 50); err == nil {
		t.Errorf("an oversized body gave no error")
	}
}

// FuzzRequest: any body is decoded or refused, never a panic.
func FuzzRequest(f *testing.F) {
	f.Add(`{"messages": [{"role": "user", "content": "x"}], "tools": [{"type": "function", "function": {"name": "a"}}], "tool_choice": "auto"}`)
	f.Add(`{"tool_choice": {"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": [{"function": {"name": "a"}}]}}, "tools": [{"function": {"name": "a"}}]}`)
	f.Add(`{"messages": [{"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": "{"}}]}]}`)
	f.Fuzz(func(t *testing.T, body string) {
		r, err := openai.DecodeRequest(strings.NewReader(body), 1<<20)
		if err != nil {
			return
		}
		r.ToolRequest()
		r.Conversation()
		r.PromptOptions()
	})
}

// TestErrorsDoNotEchoHugeNames: a client's megabyte-long tool_choice name,
// tool type or role comes back in an error cut to its first bytes, with its
// length.
func TestErrorsDoNotEchoHugeNames(t *testing.T) {
	huge := strings.Repeat("é", 1<<20) // 2 MiB
	for _, body := range []string{
		`{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f"}}],"tool_choice":{"type":"function","function":{"name":"` + huge + `"}}}`,
		`{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f"}}],"tool_choice":"` + huge + `"}`,
		`{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"` + huge + `","function":{"name":"f"}}]}`,
	} {
		r, err := openai.DecodeRequest(strings.NewReader(body), 8<<20)
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.ToolRequest()
		if err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), "2097152 bytes") || !utf8.ValidString(err.Error()) {
			t.Errorf("error of %d bytes: %.300s", len(fmt.Sprint(err)), err)
		}
	}
	r, _ := openai.DecodeRequest(strings.NewReader(`{"model":"m","messages":[{"role":"`+huge+`","content":"hi"}]}`), 8<<20)
	if _, err := r.Conversation(); err == nil || len(err.Error()) > 300 {
		t.Errorf("error of %d bytes", len(fmt.Sprint(err)))
	}
}

// TestPromptOptions: the template switches of chat_template_kwargs and
// the request's reasoning_effort become the prompt's options; a known key
// of the wrong type is refused; other keys are not read.
func TestPromptOptions(t *testing.T) {
	no, yes := false, true
	for _, tt := range []struct {
		body string
		want toolcall.PromptOptions
	}{
		{`{}`, toolcall.PromptOptions{}},
		{`{"chat_template_kwargs": null}`, toolcall.PromptOptions{}},
		{`{"chat_template_kwargs": {"enable_thinking": false}}`, toolcall.PromptOptions{Thinking: &no}},
		{`{"chat_template_kwargs": {"thinking": true, "custom": [1]}}`, toolcall.PromptOptions{Thinking: &yes}},
		{`{"reasoning_effort": "high"}`, toolcall.PromptOptions{ReasoningEffort: "high"}},
		{`{"reasoning_effort": "low", "chat_template_kwargs": {"reasoning_effort": "max"}}`, toolcall.PromptOptions{ReasoningEffort: "max"}},
		{`{"chat_template_kwargs": {"thinking_effort": "max"}}`, toolcall.PromptOptions{ReasoningEffort: "max"}},
		{`{"chat_template_kwargs": {"thinking_budget": 512, "clear_thinking": false, "model_identity": "You are Tester."}}`,
			toolcall.PromptOptions{ThinkingBudget: 512, KeepReasoning: true, ModelIdentity: "You are Tester."}},
		{`{"chat_template_kwargs": {"clear_thinking": true}}`, toolcall.PromptOptions{}},
	} {
		r, err := request(t, tt.body)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.PromptOptions()
		if err != nil {
			t.Errorf("%s: %v", tt.body, err)
			continue
		}
		if (got.Thinking == nil) != (tt.want.Thinking == nil) || got.Thinking != nil && *got.Thinking != *tt.want.Thinking {
			t.Errorf("%s: Thinking %v, want %v", tt.body, got.Thinking, tt.want.Thinking)
		}
		got.Thinking, tt.want.Thinking = nil, nil
		if got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.body, got, tt.want)
		}
	}
	for _, bad := range []string{`{"chat_template_kwargs": [1]}`, `{"chat_template_kwargs": {"enable_thinking": "no"}}`,
		`{"chat_template_kwargs": {"thinking_budget": "lots"}}`, `{"chat_template_kwargs": {"reasoning_effort": 3}}`} {
		r, err := request(t, bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.PromptOptions(); err == nil || !strings.HasPrefix(err.Error(), "openai: ") {
			t.Errorf("%s: error %v", bad, err)
		}
	}
}
