package harmony_test

import (
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "gpt_oss", Opts: toolcall.PromptOptions{Date: formatstest.GoldenDate}},
}
