package solaropen_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/solaropen"
	"github.com/toolparse/toolparse/toolcall"
)

// The grammar accepts the template's calls, with IDs as the template
// asks for them, and refuses what the tools' schemas or the layout do
// not allow.
func TestGrammar(t *testing.T) {
	rendered := formatstest.Renders(t, solaropen.RenderCalls)
	render := func(calls ...toolcall.Call) string { // with the IDs the template asks for
		for i := range calls {
			calls[i].ID = "a1b2c3d4e5"
			if calls[i].Name == "get_time" {
				calls[i].ID = "0123456789"
			}
		}
		return rendered(calls...)
	}
	formatstest.CheckJSONGrammar(t, solaropen.Grammar, render, []formatstest.GrammarCase{
		{Name: "an ID the template does not ask for", Text: strings.ReplaceAll(render(formatstest.Paris), "a1b2c3d4e5", "A1B2c3"), Want: false},
		{Name: "no section end", Text: strings.TrimSuffix(render(formatstest.Paris), "<|calls|>"), Want: false},
	})
}

// The structural tag is one tag, the calls' section, triggered by its
// start.
func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, solaropen.StructuralTag, toolcall.Request{Tools: formatstest.GrammarTools()},
		formatstest.TagWant{Trigger: "<|tool_calls|>", Begin: "<|tool_calls|>", End: "<|calls|>", Content: "grammar"})
	if _, err := solaropen.StructuralTag(toolcall.Request{Tools: formatstest.GrammarTools(), ToolChoice: "none"}); err == nil {
		t.Error(`tool_choice "none": no error`)
	}
}
