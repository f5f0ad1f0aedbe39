package gigachat_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/gigachat"
	"github.com/toolparse/toolparse/toolcall"
)

// The grammar accepts calls after either version's marker, and refuses
// what the tools' schemas or the layout do not allow.
func TestGrammar(t *testing.T) {
	render, render3 := formatstest.Renders(t, gigachat.RenderCalls), formatstest.Renders(t, gigachat.RenderCalls3)
	formatstest.CheckJSONGrammar(t, gigachat.Grammar, render, []formatstest.GrammarCase{
		{Name: "a 3 call", Text: render3(formatstest.Paris), Want: true},
		{Name: "two calls, one of each", Text: render(formatstest.Paris) + render3(formatstest.Now), Want: true},
		{Name: "no marker", Text: strings.TrimPrefix(render(formatstest.Paris), "<|function_call|>"), Want: false},
		{Name: "the object not closed", Text: strings.TrimSuffix(render(formatstest.Paris), "}"), Want: false},
	})
}

// The structural tag is triggered by either marker, with a tag per marker
// and tool whose content is the tool's schema.
func TestStructuralTag(t *testing.T) {
	raw, err := gigachat.StructuralTag(toolcall.Request{Tools: formatstest.GrammarTools()})
	if err != nil {
		t.Fatal(err)
	}
	v := formatstest.DecodeTag(t, raw)
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
	if _, err := gigachat.StructuralTag(toolcall.Request{Tools: formatstest.GrammarTools(), ToolChoice: "none"}); err == nil {
		t.Error(`tool_choice "none": no error`)
	}
}
