package granite_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/granite"
	"github.com/toolparse/toolparse/toolcall"
)

func TestGrammar(t *testing.T) {
	render := formatstest.Renders(t, granite.RenderCalls)
	formatstest.CheckJSONGrammar(t, granite.Grammar, render, []formatstest.GrammarCase{
		{Name: "the array not closed", Text: strings.TrimSuffix(render(formatstest.Paris), "]"), Want: false},
	})
}

func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, granite.StructuralTag, toolcall.Request{Tools: formatstest.GrammarTools()},
		formatstest.TagWant{Trigger: "<|tool_call|>", Begin: "<|tool_call|>[", End: "]"})
}
