package solaropen_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/internal/grammar/grammartest"
	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/toolcall"
)

var weatherTools = []toolcall.Tool{
	{Name: "get_weather", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}`)},
	{Name: "get_time"},
}

// The grammar accepts the template's calls, with IDs as the template
// asks for them, and refuses what the tools' schemas or the layout do
// not allow.
func TestGrammar(t *testing.T) {
	no := false
	paris := toolcall.Call{ID: "a1b2c3d4e5", Name: "get_weather", Arguments: `{"city":"Paris","days":2}`}
	now := toolcall.Call{ID: "0123456789", Name: "get_time", Arguments: `{}`}
	render := func(calls ...toolcall.Call) string {
		s, err := solaropen.RenderCalls(calls)
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
		{"one call", required, render(paris), true},
		{"two calls", required, render(paris, now), true},
		{"an ID the template does not ask for", required, strings.ReplaceAll(render(paris), "a1b2c3d4e5", "A1B2c3"), false},
		{"a tool not offered", required, render(toolcall.Call{ID: "a1b2c3d4e5", Name: "rm", Arguments: `{}`}), false},
		{"arguments against the schema", required, render(toolcall.Call{ID: "a1b2c3d4e5", Name: "get_weather", Arguments: `{"days":2}`}), false},
		{"no section end", required, strings.TrimSuffix(render(paris), "<|calls|>"), false},
		{"two calls, parallel_tool_calls false", toolcall.Request{Tools: weatherTools, ToolChoice: "required", ParallelToolCalls: &no}, render(paris, now), false},
		{"the named tool", toolcall.Request{Tools: weatherTools, ToolChoice: "get_time"}, render(now), true},
		{"another than the named tool", toolcall.Request{Tools: weatherTools, ToolChoice: "get_time"}, render(paris), false},
	} {
		g := grammartest.Of(t, solaropen.Grammar, tt.req)
		if got := g.Match(tt.text); got != tt.want {
			t.Errorf("%s: the grammar matches %q: %v, want %v", tt.name, tt.text, got, tt.want)
		}
	}
}

// The structural tag is one tag, the calls' section, triggered by its
// start.
func TestStructuralTag(t *testing.T) {
	raw, err := solaropen.StructuralTag(toolcall.Request{Tools: weatherTools})
	if err != nil {
		t.Fatal(err)
	}
	var tag struct {
		Type   string `json:"type"`
		Format struct {
			Triggers []string `json:"triggers"`
			Tags     []struct {
				Begin, End string
				Content    struct{ Type, Grammar string }
			} `json:"tags"`
			AtLeastOne bool `json:"at_least_one"`
		} `json:"format"`
	}
	if err := json.Unmarshal(raw, &tag); err != nil {
		t.Fatal(err)
	}
	f := tag.Format
	if tag.Type != "structural_tag" || len(f.Triggers) != 1 || f.Triggers[0] != "<|tool_calls|>" || len(f.Tags) != 1 ||
		f.Tags[0].Begin != "<|tool_calls|>" || f.Tags[0].End != "<|calls|>" || f.Tags[0].Content.Type != "grammar" || f.AtLeastOne {
		t.Errorf("structural tag %s", raw)
	}
	if _, err := grammartest.Compile(f.Tags[0].Content.Grammar); err != nil {
		t.Error(err)
	}
	if _, err := solaropen.StructuralTag(toolcall.Request{Tools: weatherTools, ToolChoice: "none"}); err == nil {
		t.Error(`tool_choice "none": no error`)
	}
}
