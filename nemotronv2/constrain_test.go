package nemotronv2_test

import (
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/nemotronv2"
	"github.com/toolparse/toolparse/toolcall"
)

func TestGrammar(t *testing.T) {
	render := formatstest.Renders(t, nemotronv2.RenderCalls)
	formatstest.CheckJSONGrammar(t, nemotronv2.Grammar, render, []formatstest.GrammarCase{
		{Name: "no end marker", Text: strings.TrimSuffix(render(formatstest.Paris), "</TOOLCALL>"), Want: false},
	})
}

func TestStructuralTag(t *testing.T) {
	formatstest.CheckTag(t, nemotronv2.StructuralTag, toolcall.Request{Tools: formatstest.GrammarTools()},
		formatstest.TagWant{Trigger: "<TOOLCALL>", Begin: "<TOOLCALL>[", End: "]</TOOLCALL>"})
}
