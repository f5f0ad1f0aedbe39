package toolparse_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/harmony"
	"github.com/toolparse/toolparse/hermes"
	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// writeFile is a coding agent's write tool.
var writeFile = toolcall.Request{Tools: []toolcall.Tool{{Name: "write_file", Parameters: json.RawMessage(
	`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)}}}

// TestAFileHoldingTheFormatsTagsNeverRedirectsAWrite: a file whose content
// holds Qwen3-Coder's or GLM's own tags (a document about the format, a
// test fixture) is written whole, to the path the call gave: a tag inside a
// value is text unless what follows makes it structure, and a key already
// set is never set again. Whole and in deltas, with argument streaming.
func TestAFileHoldingTheFormatsTagsNeverRedirectsAWrite(t *testing.T) {
	for _, tt := range []struct {
		name    string
		f       toolcall.Format
		text    string
		content string
	}{
		{"qwen3_coder: a parameter tag and its close in the file", qwen3coder.Format,
			"<tool_call>\n<function=write_file>\n<parameter=path>\nout.txt\n</parameter>\n<parameter=content>\nsee <parameter=path>\n/etc/passwd\n</parameter>\nand </function> too\n</parameter>\n</function>\n</tool_call>",
			"see <parameter=path>\n/etc/passwd\n</parameter>\nand </function> too"},
		{"qwen3_coder: a close tag then the path tag, at a line's start", qwen3coder.Format,
			"<tool_call>\n<function=write_file>\n<parameter=path>\nout.txt\n</parameter>\n<parameter=content>\nx\n</parameter>\n<parameter=path>\n/etc/passwd\n</parameter>\n</function>\n</tool_call>",
			"x\n</parameter>\n<parameter=path>\n/etc/passwd"},
		{"qwen3_coder: the block's end marker in the file", qwen3coder.Format,
			"<tool_call>\n<function=write_file>\n<parameter=path>\nout.txt\n</parameter>\n<parameter=content>\na</parameter> b </tool_call> c\n</parameter>\n</function>\n</tool_call>",
			"a</parameter> b </tool_call> c"},
		{"glm45: a key tag after a close tag in the file", glm45.Format,
			"<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>\n<arg_key>content</arg_key>\n<arg_value>x</arg_value>\n<arg_key>path</arg_key>\n<arg_value>/etc/passwd</arg_value>\n</tool_call>",
			"x</arg_value>\n<arg_key>path</arg_key>\n<arg_value>/etc/passwd"},
		{"glm45: the block's end marker in the file", glm45.Format,
			"<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>\n<arg_key>content</arg_key>\n<arg_value>see </tool_call> and </arg_value> here</arg_value>\n</tool_call>",
			"see </tool_call> and </arg_value> here"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := stream.Parse(tt.f, tt.text, writeFile)
			want, _ := json.Marshal(map[string]string{"path": "out.txt", "content": tt.content})
			if len(res.Calls) != 1 || !sameJSON(res.Calls[0].Arguments, string(want)) || res.Content != "" {
				t.Fatalf("%+v, want write_file %s", res, want)
			}
			for _, n := range []uint64{1, 2, 3} {
				streamtest.Compare(t, tt.f, writeFile, streamtest.SeededSplit(tt.text, n))
			}
		})
	}
}

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

// TestEndOfTurnEndsTheResponse: a server that did not stop at the
// model's end-of-turn token sends a runaway continuation (a next turn, the
// same call again); what follows the token is not part of the response:
// dropped, with one end_of_turn diagnostic. For every format, each of its
// end-of-turn tokens.
func TestEndOfTurnEndsTheResponse(t *testing.T) {
	call := toolcall.Call{Name: "f", Arguments: `{"a":1}`}
	runaway := "<|start_header_id|>assistant<|end_header_id|>\n\nSure. [f(a=1)] <tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 1}}</tool_call>"
	for _, tt := range []struct {
		renderer string
		eots     []string
	}{
		{"pythonic", []string{"<|eot_id|>", "<|eom_id|>", "<|eot|>", "<|eom|>", "<|im_end|>", "<|endoftext|>", "</s>", "<end_of_turn>", "<|role_end|>"}},
		{"llama4 list", []string{"<|eot|>", "<|eom|>", "<|end_of_text|>"}},
		{"llama3_json", []string{"<|eot_id|>", "<|eom_id|>"}},
		{"lfm2", []string{"<|im_end|>", "<|endoftext|>"}},
		{"olmo3", []string{"<|im_end|>", "<|endoftext|>"}},
		{"qwen3_coder", []string{"<|im_end|>", "<|endoftext|>"}},
		{"kimi_k2", []string{"<|im_end|>"}},
		{"glm45", []string{"<|user|>", "<|observation|>", "<|endoftext|>"}},
		{"deepseek", []string{"<｜end▁of▁sentence｜>"}},
		{"mistral", []string{"</s>"}},
		{"harmony", []string{"<|return|>"}},
	} {
		r := rendererNamed(t, tt.renderer)
		text, err := r.render([]toolcall.Call{call})
		if err != nil {
			t.Fatal(err)
		}
		for _, eot := range tt.eots {
			doc := text + eot + runaway
			res := stream.Parse(r.format, doc, toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}})
			ends := 0
			for _, d := range res.Diagnostics {
				if d.Kind == toolcall.KindEndOfTurn {
					ends++
				}
			}
			if len(res.Calls) != 1 || res.Content != "" || ends != 1 {
				t.Errorf("%s, %s: calls %+v, content %q, diagnostics %v; want the call once, no content, one end_of_turn diagnostic", tt.renderer, eot, res.Calls, res.Content, res.Diagnostics)
			}
			streamtest.Compare(t, r.format, toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}}}, streamtest.SeededSplit(doc, 7))
		}
	}
}

// TestHarmonyStopsAtCall: after a call's <|call|>, gpt-oss stops; a
// further call message is a parallel call, but anything else (a tool's
// result the model made up, a final message) ends the response.
func TestHarmonyStopsAtCall(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}, {Name: "g"}}}
	callF := "<|channel|>commentary to=functions.f <|constrain|>json<|message|>{\"a\":1}<|call|>"
	for _, tt := range []struct {
		after string
		calls int
	}{
		{"<|start|>assistant<|channel|>commentary to=functions.g <|constrain|>json<|message|>{}<|call|>", 2},
		{"<|start|>functions.f to=assistant<|channel|>commentary<|message|>\"sunny\"<|end|><|start|>assistant<|channel|>final<|message|>It is sunny.", 1},
		{"<|start|>assistant<|channel|>final<|message|>Done.", 1},
		{"stray text", 1},
	} {
		res := stream.Parse(harmony.Format, callF+tt.after, req)
		if len(res.Calls) != tt.calls || res.Content != "" {
			t.Errorf("%q: calls %+v, content %q; want %d calls and no content", tt.after, res.Calls, res.Content, tt.calls)
		}
		streamtest.Compare(t, harmony.Format, req, streamtest.SeededSplit(callF+tt.after, 3))
	}
}

// TestHermesReadsPastImEnd: Hermes 2 Theta writes call objects after
// <|im_start|>, past <|im_end|>: hermes keeps reading after it. Ling's
// <|role_end|> is consumed, never content.
func TestHermesReadsPastImEnd(t *testing.T) {
	req := toolcall.Request{Tools: []toolcall.Tool{{Name: "f"}, {Name: "g"}}}
	// (The first object, bare at the start of the response, is a call too:
	// Qwen2.5 writes its calls so.)
	res := stream.Parse(hermes.Format, `{"name": "f", "arguments": {}}<|im_end|><|im_start|>{"name": "g", "arguments": {}}`, req)
	if len(res.Calls) != 2 || res.Calls[0].Name != "f" || res.Calls[1].Name != "g" {
		t.Errorf("Hermes 2 Theta's calls: %+v", res)
	}
	res = stream.Parse(hermes.Format, "Hello.<|role_end|>", req)
	if res.Content != "Hello." {
		t.Errorf("<|role_end|>: content %q", res.Content)
	}
}

func rendererNamed(t *testing.T, name string) struct {
	name   string
	format toolcall.Format
	render func([]toolcall.Call) (string, error)
	typed  bool
} {
	for _, r := range renderers {
		if r.name == name {
			return r
		}
	}
	t.Fatalf("no renderer %s", name)
	panic("unreachable")
}

// TestTextValuesParseBeforeTheyAreWrapped: a format that writes every value
// as text (Qwen3-Coder, GLM) gives the text of an object where the schema
// allows an array or an object: it is the object, not a one-item array of
// its text; a broken list stays the text the model wrote, with a schema
// diagnostic; where a string is allowed too, JSON of another allowed type
// is that value (as vLLM, SGLang, Ollama and llama.cpp read it).
func TestTextValuesParseBeforeTheyAreWrapped(t *testing.T) {
	for _, tt := range []struct {
		name, schema, value, want string
		diagnostic                bool
	}{
		{"an object where an array or an object is allowed", `{"type":["array","object"]}`, `{"key": "value"}`, `{"key":"value"}`, false},
		{"a broken list", `{"type":"array"}`, `[1, 2, unclosed`, `"[1, 2, unclosed"`, true},
		{"a list", `{"type":"array"}`, `[1, 2]`, `[1,2]`, false},
		{"a lone value where a list is wanted", `{"type":"array","items":{"type":"integer"}}`, `7`, `[7]`, false},
		{"an object where a string or an object is allowed", `{"type":["string","object"]}`, `{"a": 1}`, `{"a":1}`, false},
		{"a text where a string or an object is allowed", `{"type":["string","object"]}`, `hello {`, `"hello {"`, false},
		{"null where a string or null is allowed", `{"type":["string","null"]}`, `null`, `null`, false},
		{"a quoted string where a string or null is allowed", `{"anyOf":[{"type":"string"},{"type":"null"}]}`, `"hello"`, `"hello"`, false},
	} {
		req := toolcall.Request{Tools: []toolcall.Tool{{Name: "set", Parameters: json.RawMessage(`{"type":"object","properties":{"v":` + tt.schema + `}}`)}}}
		for _, f := range []toolcall.Format{qwen3coder.Format, glm45.Format} {
			var text string
			if f == qwen3coder.Format {
				text = "<tool_call>\n<function=set>\n<parameter=v>\n" + tt.value + "\n</parameter>\n</function>\n</tool_call>"
			} else {
				text = "<tool_call>set\n<arg_key>v</arg_key>\n<arg_value>" + tt.value + "</arg_value>\n</tool_call>"
			}
			res := stream.Parse(f, text, req)
			if len(res.Calls) != 1 || !sameJSON(res.Calls[0].Arguments, `{"v":`+tt.want+`}`) || (len(res.Diagnostics) > 0) != tt.diagnostic {
				t.Errorf("%s, %s: %+v; want {\"v\":%s}, diagnostic %v", f.Name(), tt.name, res, tt.want, tt.diagnostic)
			}
			streamtest.Compare(t, f, req, streamtest.SeededSplit(text, 1))
		}
	}
}
