package gigachat_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/toolcall"
)

var weatherTools = []toolcall.Tool{
	{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}`)},
	{Name: "get_time"},
}

// The grammar accepts calls after either version's marker, and refuses
// what the tools' schemas or the layout do not allow.
func TestGrammar(t *testing.T) {
	no := false
	paris := toolcall.Call{Name: "get_weather", Arguments: `{"city":"Paris","days":2}`}
	now := toolcall.Call{Name: "get_time", Arguments: `{}`}
	render := func(r func([]toolcall.Call) (string, error), calls ...toolcall.Call) string {
		s, err := r(calls)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	required := toolcall.Request{Tools: weatherTools, ToolChoice: "required"}
	for _, tt := range []struct {
		name string
		req  toolcall.Request
		text string
		want bool
	}{
		{"a 3.1 call", required, render(gigachat.RenderCalls, paris), true},
		{"a 3 call", required, render(gigachat.RenderCalls3, paris), true},
		{"two calls", required, render(gigachat.RenderCalls, paris, now), true},
		{"two calls, one of each", required, render(gigachat.RenderCalls, paris) + render(gigachat.RenderCalls3, now), true},
		{"a tool not offered", required, render(gigachat.RenderCalls, toolcall.Call{Name: "rm", Arguments: `{}`}), false},
		{"arguments against the schema", required, render(gigachat.RenderCalls, toolcall.Call{Name: "get_weather", Arguments: `{"days":2}`}), false},
		{"no marker", required, strings.TrimPrefix(render(gigachat.RenderCalls, paris), "<|function_call|>"), false},
		{"the object not closed", required, strings.TrimSuffix(render(gigachat.RenderCalls, paris), "}"), false},
		{"two calls, parallel_tool_calls false", toolcall.Request{Tools: weatherTools, ToolChoice: "required", ParallelToolCalls: &no}, render(gigachat.RenderCalls, paris, now), false},
		{"the named tool", toolcall.Request{Tools: weatherTools, ToolChoice: "get_time"}, render(gigachat.RenderCalls, now), true},
		{"another than the named tool", toolcall.Request{Tools: weatherTools, ToolChoice: "get_time"}, render(gigachat.RenderCalls, paris), false},
	} {
		g := grammartest.Of(t, gigachat.Grammar, tt.req)
		if got := g.Match(tt.text); got != tt.want {
			t.Errorf("%s: the grammar matches %q: %v, want %v", tt.name, tt.text, got, tt.want)
		}
	}
}

// The structural tag is triggered by either marker, with a tag per marker
// and tool whose content is the tool's schema.
func TestStructuralTag(t *testing.T) {
	raw, err := gigachat.StructuralTag(toolcall.Request{Tools: weatherTools})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Type   string `json:"type"`
		Format struct {
			Type     string   `json:"type"`
			Triggers []string `json:"triggers"`
			Tags     []struct {
				Begin   string `json:"begin"`
				End     string `json:"end"`
				Content struct {
					Type string `json:"type"`
				} `json:"content"`
			} `json:"tags"`
		} `json:"format"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	f := v.Format
	if v.Type != "structural_tag" || f.Type != "triggered_tags" || len(f.Triggers) != 2 || len(f.Tags) != 4 {
		t.Fatalf("structural tag %s", raw)
	}
	for _, tag := range f.Tags {
		if !strings.HasPrefix(tag.Begin, f.Triggers[0]) && !strings.HasPrefix(tag.Begin, f.Triggers[1]) ||
			!strings.HasSuffix(tag.Begin, `, "arguments": `) || tag.End != "}" || tag.Content.Type != "json_schema" {
			t.Errorf("tag %+v", tag)
		}
	}
	if _, err := gigachat.StructuralTag(toolcall.Request{Tools: weatherTools, ToolChoice: "none"}); err == nil {
		t.Error(`tool_choice "none": no error`)
	}
}
