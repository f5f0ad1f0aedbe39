package apriel_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/apriel"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestGrammar(t *testing.T) {
	render := formatstest.Renders(t, apriel.RenderCalls)
	formatstest.CheckJSONGrammar(t, apriel.Grammar, render, []formatstest.GrammarCase{
		{Name: "no end marker", Text: strings.TrimSuffix(render(formatstest.Paris), "</tool_calls>"), Want: false},
		{Name: "a call with the model's ID: the grammar writes none", Text: render(toolcall.Call{Name: "get_time", Arguments: `{}`, ID: "a1"}), Want: false},
	})
}

func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, apriel.StructuralTag, toolcall.Request{Tools: formatstest.GrammarTools()},
		formatstest.TagWant{Trigger: "<tool_calls>", Begin: "<tool_calls>[", End: "]</tool_calls>"})
}
