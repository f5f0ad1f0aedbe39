package kimik2_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// Moved from the root package's wrongcalls_test.go: this format's cases
// of the wrong calls real models write.

// TestKimiCallIDIsNoName: Kimi K2 writes a bare index or an ID of its own
// where functions.NAME:IDX belongs (real outputs reported against SGLang).
// Such an ID names no tool: the call is to the one requested tool its
// arguments fit (its required keys present, no key it does not list), and
// no call at all (content, with a diagnostic) when none or several fit;
// never a call to a tool named "0".
func TestKimiCallIDIsNoName(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{
		{Name: "exec", Parameters: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}`)},
		{Name: "read_file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
		{Name: "list_dir", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"all":{"type":"boolean"}},"required":["path"]}`)},
	}}
	call := func(id, args string) string {
		return "<|tool_calls_section_begin|><|tool_call_begin|>" + id + "<|tool_call_argument_begin|>" + args + "<|tool_call_end|><|tool_calls_section_end|>"
	}
	for _, tt := range []struct {
		text, name string // name "" when there must be no call
	}{
		{call("0 ", `{"command": "ls"}`), "exec"},
		{call("3", `{"command": "pwd"}`), "exec"},
		{call("call00003", `{"command": "pwd"}`), "exec"},
		{call("functionsexec5", `{"command": "pwd"}`), "exec"},
		{call("functions.exec:0", `{"command": "pwd"}`), "exec"},
		{call("exec:2", `{"command": "pwd"}`), "exec"},
		{call("0", `{"path": "a", "all": true}`), "list_dir"},
		{call("0", `{"path": "a"}`), ""}, // read_file and list_dir both fit
		{call("0", `{"nothing": 1}`), ""},
	} {
		res := stream.Parse(kimik2.Format, tt.text, req)
		switch {
		case tt.name == "" && (len(res.Calls) != 0 || res.Content != tt.text || len(res.Diagnostics) == 0):
			t.Errorf("%q: %+v, want no call, the text as content, a diagnostic", tt.text, res)
		case tt.name != "" && (len(res.Calls) != 1 || res.Calls[0].Name != tt.name):
			t.Errorf("%q: %+v, want a call to %s", tt.text, res, tt.name)
		case tt.name != "" && res.Calls[0].ID != "" && nameOfID(res.Calls[0].ID) != tt.name:
			t.Errorf("%q: the call keeps the ID %q, which names no tool", tt.text, res.Calls[0].ID)
		}
		streamtest.Compare(t, kimik2.Format, req, streamtest.SeededSplit(tt.text, 1))
	}
}

func nameOfID(id string) string { return kimik2.NameOf(id) }

// TestKimiNamelessEmptyCallIsNoGuess: a call ID that names no tool with
// empty arguments gives nothing to tell the tool by, even when one
// requested tool (reset_database) requires no key and so "fits" them: it
// is no call (content, with a diagnostic), never a guessed call to it. A
// call whose tool its arguments' keys told is read, with a diagnostic
// that says so.
func TestKimiNamelessEmptyCallIsNoGuess(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{
		{Name: "exec", Parameters: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}`)},
		{Name: "reset_database", Parameters: json.RawMessage(`{"type":"object","properties":{"force":{"type":"boolean"}}}`)},
	}}
	call := func(id, args string) string {
		return "<|tool_calls_section_begin|><|tool_call_begin|>" + id + "<|tool_call_argument_begin|>" + args + "<|tool_call_end|><|tool_calls_section_end|>"
	}
	for _, text := range []string{call("0", "{}"), call("call00003", " { } "), call("2", "")} {
		res := stream.Parse(kimik2.Format, text, req)
		if len(res.Calls) != 0 || res.Content != text || len(res.Diagnostics) == 0 {
			t.Errorf("%q: %+v, want no call, the text as content, a diagnostic", text, res)
		}
		streamtest.Compare(t, kimik2.Format, req, streamtest.SeededSplit(text, 1))
	}
	text := call("0", `{"force": true}`)
	res := stream.Parse(kimik2.Format, text, req)
	if len(res.Calls) != 1 || res.Calls[0].Name != "reset_database" || len(res.Diagnostics) != 1 {
		t.Errorf("%q: %+v, want a call to reset_database and a diagnostic", text, res)
	}
}
