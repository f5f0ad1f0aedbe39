package toolparse_test

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// tolerated is, for each renderer, the text its single call ends with that
// a response may lack or have cut: the end markers after the arguments,
// which a format tolerates missing. Formats that tolerate no missing end
// are not listed: for them any cut leaves no call.
var tolerated = map[string]string{
	"llama4 function tags": "</function>",
	"lfm2":                 "<|tool_call_end|>",
	"olmo3":                "\n</function_calls>",
	"hermes":               "\n</tool_call>",
	"qwen3_coder":          "\n</function>\n</tool_call>",
	"harmony":              "<|call|>",
	"glm45":                "\n</tool_call>",
	"deepseek":             "<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
	"deepseek R1":          "\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
	"kimi_k2":              "<|tool_call_end|><|tool_calls_section_end|>",
	// a call object one brace short at the end is closed (Llama 3.2
	// under vLLM ends its calls so): its arguments are complete
	"llama3_json": "}",
}

// TestCutOffCallsAreNoCalls: a call is complete only when its arguments
// are. For every format and call, a response that the end cuts anywhere
// inside the call's arguments gives no call (no half file, no call with
// an argument missing); one cut anywhere inside the end markers that
// follow complete arguments gives the call, once, and nothing of the cut
// marker as content. Streamed in deltas, with and without argument
// streaming, a cut response gives what the whole text gives.
func TestCutOffCallsAreNoCalls(t *testing.T) {
	value := rapid.StringOfN(rapid.SampledFrom([]rune("ab xyZ\"'\n<>{}[],:\\=é")), 1, 12, -1)
	for _, r := range renderers {
		t.Run(r.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				args := map[string]string{"path": value.Draw(t, "path"), "content": value.Draw(t, "content")}
				raw, _ := json.Marshal(args)
				call := toolcall.Call{Name: "write", Arguments: string(raw)}
				text, err := r.render([]toolcall.Call{call})
				if err != nil {
					t.Fatal(err)
				}
				tail := tolerated[r.name]
				if !strings.HasSuffix(text, tail) {
					t.Fatalf("%q does not end with %q", text, tail)
				}
				argsEnd := len(text) - len(tail)
				// One cut, in deltas, with and without argument streaming:
				// what a whole-text parse gives (a call announced while it
				// arrives is withdrawn when the end cuts it).
				cut := rapid.IntRange(1, len(text)-1).Draw(t, "cut")
				streamtest.Compare(t, r.format, writeRequest, streamtest.SeededSplit(text[:cut], rapid.Uint64().Draw(t, "seed")))
				for i := 1; i < len(text); i++ {
					res := stream.Parse(r.format, text[:i], writeRequest)
					switch {
					case i < argsEnd && len(res.Calls) > 0:
						t.Fatalf("cut inside the arguments, %q gives %s %s", text[:i], res.Calls[0].Name, res.Calls[0].Arguments)
					case i >= argsEnd && (len(res.Calls) != 1 || !sameJSON(res.Calls[0].Arguments, call.Arguments)):
						t.Fatalf("cut inside the end markers, %q gives %+v, want the call once", text[:i], res.Calls)
					case i >= argsEnd && res.Content != "":
						t.Fatalf("cut inside the end markers, %q gives content %q", text[:i], res.Content)
					}
				}
			})
		})
	}
}

// writeRequest offers write, both of whose arguments are required.
var writeRequest = toolcall.Request{Tools: []toolcall.Tool{{Name: "write", Parameters: json.RawMessage(
	`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)}}}

// Regressions of the cut-off calls the issue reported.
func TestCutOffValueIsNoCall(t *testing.T) {
	for _, tt := range []struct {
		name string
		f    toolcall.Format
		text string
	}{
		{"glm45", glm45.Format, "<tool_call>write\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>\n<arg_key>content</arg_key>\n<arg_value>partial"},
		{"qwen3_coder", qwen3coder.Format, "<tool_call>\n<function=write>\n<parameter=path>\nout.txt\n</parameter>\n<parameter=content>\npartial"},
	} {
		res := stream.Parse(tt.f, tt.text, writeRequest)
		if len(res.Calls) != 0 || res.Content != tt.text || len(res.Diagnostics) == 0 {
			t.Errorf("%s: %q gives calls %+v, content %q, diagnostics %v; want no call, the text as content, a diagnostic", tt.name, tt.text, res.Calls, res.Content, res.Diagnostics)
		}
	}
}
