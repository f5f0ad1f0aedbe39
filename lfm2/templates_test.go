package lfm2_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/lfm2"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "lfm2", Only: []string{"reasoning"}},
	// The LFM2.5 templates leave quotes and newlines in string values
	// unescaped (write_note's text).
	{Dir: "lfm25", Opts: toolcall.PromptOptions{Profile: lfm2.ProfileLFM25, Date: formatstest.GoldenDate}, Only: lfm25Only},
	{Dir: "lfm25_8b", Opts: toolcall.PromptOptions{Profile: lfm2.ProfileLFM25MoE, Date: formatstest.GoldenDate}, Only: lfm25Only},
}

// lfm25Only are the conversations without a string value that needs an
// escape.
var lfm25Only = []string{"reasoning", "reasoning_call", "tools_one_call", "tools_one_call_no_system", "two_rounds", "reasoning_every_round", "alternation", "other_tools", "think_in_content"}

// TestPromptsMatchTheModelsTemplates: every golden, byte for byte.
func TestPromptsMatchTheModelsTemplates(t *testing.T) {
	formatstest.CheckTemplateGoldens(t, lfm2.Format, templateGoldens)
}
