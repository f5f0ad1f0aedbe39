package kimik2_test

import "github.com/toolparse/toolparse/formats/formatstest"

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "kimi_k2_thinking"},
}
