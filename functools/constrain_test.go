package functools_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/functools"
	"github.com/toolparse/toolparse/toolcall"
)

func TestGrammar(t *testing.T) {
	render := formatstest.Renders(t, functools.RenderCalls)
	formatstest.CheckJSONGrammar(t, functools.Grammar, render, []formatstest.GrammarCase{
		{Name: "the array not closed", Text: strings.TrimSuffix(render(formatstest.Paris), "]"), Want: false},
		{Name: "the space before the word, as FireFunction writes it, is free text's", Text: " " + render(formatstest.Paris), Want: false},
	})
}

func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, functools.StructuralTag, toolcall.Request{Tools: formatstest.GrammarTools()},
		formatstest.TagWant{Trigger: "functools[", Begin: "functools[", End: "]"})
}
