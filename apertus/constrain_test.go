package apertus_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/apertus"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

func TestGrammar(t *testing.T) {
	render := formatstest.Renders(t, apertus.RenderCalls)
	formatstest.CheckJSONGrammar(t, apertus.Grammar, render, []formatstest.GrammarCase{
		{Name: "no end marker", Text: strings.TrimSuffix(render(formatstest.Paris), "<|tools_suffix|>"), Want: false},
	})
}

func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, apertus.StructuralTag, toolcall.Request{Tools: formatstest.GrammarTools()},
		formatstest.TagWant{Trigger: "<|tools_prefix|>", Begin: "<|tools_prefix|>[", End: "]<|tools_suffix|>"})
}
