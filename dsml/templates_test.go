package dsml_test

import (
	"github.com/toolparse/toolparse/dsml"
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

var on, off = true, false

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' chat templates render;
// formats/formatstest/testdata/README.md says where each came from) and
// the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "deepseek_v32", Opts: toolcall.PromptOptions{Profile: dsml.ProfileV32}},
	{Dir: "deepseek_v32@think", Opts: toolcall.PromptOptions{Profile: dsml.ProfileV32, Thinking: &on}},
	{Dir: "deepseek_v4", Opts: toolcall.PromptOptions{Profile: dsml.ProfileV4}},
	{Dir: "deepseek_v41", Opts: toolcall.PromptOptions{Profile: dsml.ProfileV41}},
}
