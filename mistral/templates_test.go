package mistral_test

import (
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "magistral_v13", Opts: toolcall.PromptOptions{Profile: mistral.ProfileMagistral}},
	// The MLX conversion's template writes no tools (see mistral's doc).
	{Dir: "ministral3_mlx", Opts: toolcall.PromptOptions{Profile: mistral.ProfileMinistral3}, NoTools: true},
	{Dir: "ministral3_reasoning", Opts: toolcall.PromptOptions{Profile: mistral.ProfileMinistral3Reasoning}},
	{Dir: "mistral_medium35", Opts: toolcall.PromptOptions{Profile: mistral.ProfileMedium35}},
	{Dir: "mistral_small32", Opts: toolcall.PromptOptions{Profile: mistral.ProfileSmall32, Date: formatstest.GoldenDate}},
}
