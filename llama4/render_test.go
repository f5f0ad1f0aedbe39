package llama4_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama4"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in; RenderPrompt; and the
// template goldens testdata/templates/goldens.txt lists.
var writers = formatstest.Writers{
	Format: llama4.Format, Prompt: llama4.RenderPrompt,
	// llama4_pythonic_vllm is broken (vLLM's llama4 pythonic template
	// lists no tools): no options follow it, and the package doc says why.
	Broken: []string{"llama4_pythonic_vllm"},
	Renderers: []formatstest.Renderer{
		{
			Name: "llama4 list", Render: llama4.RenderCalls,
		},
		{
			Name: "llama4 function tags", Render: llama4.RenderFunctionTags,
			Tolerated: "</function>",
		},
		{
			Name: "llama4 JSON", Render: llama4.RenderJSON,
			Unconstrained: true, // the Grammar writes the main syntax
		},
	},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard and every golden, byte for byte.
func TestWriters(t *testing.T) { writers.Check(t) }

var conversation = []toolcall.Message{
	{Role: "system", Content: "You are a helpful assistant"},
	{Role: "user", Content: "Weather in SF?"},
	{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "call_1", Name: "get_weather", Arguments: `{"city":"San Francisco"}`}}},
	{Role: "tool", ToolCallID: "call_1", Content: `{"temp_f": 64}`},
}

// TestPromptOfFormatsSection8 is the exact prompt FORMATS.md section 8 gives.
func TestPromptOfFormatsSection8(t *testing.T) {
	gotPrompt, err := llama4.RenderPrompt(conversation, nil, toolcall.PromptOptions{})
	got := gotPrompt.Text
	if err != nil {
		t.Fatal(err)
	}
	want := "<|begin_of_text|><|header_start|>system<|header_end|>\n\nYou are a helpful assistant<|eot|><|header_start|>user<|header_end|>\n\nWeather in SF?<|eot|><|header_start|>assistant<|header_end|>\n\n[get_weather(city=\"San Francisco\")]<|eom|><|header_start|>ipython<|header_end|>\n\n{\"temp_f\": 64}<|eom|><|header_start|>assistant<|header_end|>\n\n"
	if got != want {
		t.Errorf("prompt:\n%q\nwant:\n%q", got, want)
	}
}

func TestPromptOptions(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_weather", Description: "Weather by city", Parameters: []byte(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}`)}}
	follow := append(append([]toolcall.Message{}, conversation...), toolcall.Message{Role: "assistant", Content: "It is 64°F."}, toolcall.Message{Role: "user", Content: "Thanks"})
	tests := []struct {
		name     string
		opts     llama4.MetaOptions
		contains []string
		lacks    []string
	}{
		{"defaults put JSON definitions in the system turn", llama4.MetaOptions{},
			[]string{"You are a helpful assistant\n\nYou may call the functions below", `{"name": "get_weather", "description": "Weather by city", "parameters": {`, "[get_weather(city=\"San Francisco\")]<|eom|>", "It is 64°F.<|eot|>"}, nil},
		{"function tags for past calls", llama4.MetaOptions{Fmt: "function_tag"}, []string{`<function=get_weather>{"city":"San Francisco"}</function><|eom|>`, "<function=func_name>"}, nil},
		{"JSON objects for past calls", llama4.MetaOptions{Fmt: "json"}, []string{`{"name": "get_weather", "parameters": {"city":"San Francisco"}}<|eom|>`}, nil},
		{"definitions in the first user turn", llama4.MetaOptions{SysMode: "user"}, []string{"system<|header_end|>\n\nYou are a helpful assistant<|eot|>", "user<|header_end|>\n\nYou may call"}, nil},
		{"signatures", llama4.MetaOptions{Defs: "signatures"}, []string{"get_weather(city: string, days?: integer) - Weather by city"}, nil},
		{"results as JSON strings", llama4.MetaOptions{Result: "json"}, []string{`"{\"temp_f\": 64}"<|eom|>`}, nil},
		{"eom off", llama4.MetaOptions{EOM: "off"}, []string{"San Francisco\")]<|eot|>", "64}<|eot|>"}, []string{"<|eom|>"}},
		{"only results of past calls", llama4.MetaOptions{History: "results"}, []string{"ipython<|header_end|>\n\n{\"temp_f\": 64}"}, []string{"get_weather(city"}},
		{"the sequencing rule", llama4.MetaOptions{SeqRule: true}, []string{"wait for its result", "Make only calls"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotPrompt, err := llama4.RenderMetaPrompt(follow, tools, tt.opts)
			got := gotPrompt.Text
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(got, "<|header_start|>assistant<|header_end|>\n\n") || !strings.HasPrefix(got, "<|begin_of_text|>") {
				t.Errorf("prompt does not start with BOS and end with the assistant header:\n%s", got)
			}
			for _, s := range tt.contains {
				if !strings.Contains(got, s) {
					t.Errorf("prompt lacks %q:\n%s", s, got)
				}
			}
			for _, s := range tt.lacks {
				if strings.Contains(got, s) {
					t.Errorf("prompt holds %q:\n%s", s, got)
				}
			}
		})
	}
}

func TestPromptErrors(t *testing.T) {
	bad := [][]toolcall.Message{
		{{Role: "robot", Content: "x"}},
		{{Role: "user", Content: "x"}, {Role: "tool", ToolCallID: "nope", Content: "1"}},
		{{Role: "tool", Content: "1"}},
		{{Role: "assistant", ToolCalls: []toolcall.Call{{Name: "f", Arguments: "[1]"}}}},
	}
	for i, msgs := range bad {
		if _, err := llama4.RenderPrompt(msgs, nil, toolcall.PromptOptions{}); err == nil {
			t.Errorf("case %d: no error", i)
		}
	}
	for _, opts := range []llama4.MetaOptions{{Fmt: "xml"}, {SysMode: "none"}, {Defs: "yaml"}, {Result: "base64"}, {EOM: "maybe"}} {
		if _, err := llama4.RenderMetaPrompt(conversation, []toolcall.Tool{{Name: "f"}}, opts); err == nil {
			t.Errorf("options %+v: no error", opts)
		}
	}
}

func TestRenderForms(t *testing.T) {
	calls := []toolcall.Call{{Name: "f", Arguments: `{"a":"x\"y","b":[1,null]}`}, {Name: "g"}}
	for _, tt := range []struct {
		render func([]toolcall.Call) (string, error)
		want   string
	}{
		{llama4.RenderCalls, `[f(a="x\"y", b=[1, None]), g()]`},
		{llama4.RenderFunctionTags, `<function=f>{"a":"x\"y","b":[1,null]}</function><function=g>{}</function>`},
		{llama4.RenderJSON, `{"name": "f", "parameters": {"a":"x\"y","b":[1,null]}}; {"name": "g", "parameters": {}}`},
	} {
		if got, err := tt.render(calls); err != nil || got != tt.want {
			t.Errorf("got %s, %v; want %s", got, err, tt.want)
		}
	}
}
