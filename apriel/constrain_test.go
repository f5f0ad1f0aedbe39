package apriel_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

var weatherTools = []toolcall.Tool{
	{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}`)},
	{Name: "get_time"},
}

func TestGrammar(t *testing.T) {
	no := false
	paris := toolcall.Call{Name: "get_weather", Arguments: `{"city":"Paris","days":2}`}
	now := toolcall.Call{Name: "get_time", Arguments: `{}`}
	render := func(calls ...toolcall.Call) string {
		s, err := apriel.RenderCalls(calls)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, tt := range []struct {
		name string
		req  toolcall.Request
		text string
		want bool
	}{
		{"one call", toolcall.Request{Tools: weatherTools, ToolChoice: "required"}, render(paris), true},
		{"two calls", toolcall.Request{Tools: weatherTools, ToolChoice: "required"}, render(paris, now), true},
		{"a tool not offered", toolcall.Request{Tools: weatherTools, ToolChoice: "required"}, render(toolcall.Call{Name: "rm", Arguments: `{}`}), false},
		{"arguments against the schema", toolcall.Request{Tools: weatherTools, ToolChoice: "required"}, render(toolcall.Call{Name: "get_weather", Arguments: `{"days":2}`}), false},
		{"no end marker", toolcall.Request{Tools: weatherTools, ToolChoice: "required"}, strings.TrimSuffix(render(paris), "</tool_calls>"), false},
		{"two calls, parallel_tool_calls false", toolcall.Request{Tools: weatherTools, ToolChoice: "required", ParallelToolCalls: &no}, render(paris, now), false},
		{"a call with the model's ID: the grammar writes none", toolcall.Request{Tools: weatherTools, ToolChoice: "required"}, render(toolcall.Call{Name: "get_time", Arguments: `{}`, ID: "a1"}), false},
		{"the named tool", toolcall.Request{Tools: weatherTools, ToolChoice: "get_time"}, render(now), true},
		{"another than the named tool", toolcall.Request{Tools: weatherTools, ToolChoice: "get_time"}, render(paris), false},
	} {
		g := grammartest.Of(t, apriel.Grammar, tt.req)
		if got := g.Match(tt.text); got != tt.want {
			t.Errorf("%s: the grammar matches %q: %v, want %v", tt.name, tt.text, got, tt.want)
		}
	}
}

func TestStructuralTag(t *testing.T) {
	tag, err := apriel.StructuralTag(toolcall.Request{Tools: weatherTools})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Type   string `json:"type"`
		Format struct {
			Type     string   `json:"type"`
			Triggers []string `json:"triggers"`
			Tags     []struct {
				Begin string `json:"begin"`
				End   string `json:"end"`
			} `json:"tags"`
		} `json:"format"`
	}
	if err := json.Unmarshal(tag, &v); err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	if len(v.Format.Triggers) != 1 || v.Format.Triggers[0] != "<tool_calls>" || len(v.Format.Tags) != 1 ||
		v.Format.Tags[0].Begin != "<tool_calls>[" || v.Format.Tags[0].End != "]</tool_calls>" {
		t.Errorf("structural tag %s", tag)
	}
}
