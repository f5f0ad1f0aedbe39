package glm45_test

import (
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
var templateGoldens = []formatstest.Golden{
	{Dir: "glm47"},
	{Dir: "glm47_flash"},
	{Dir: "glm47@nothink", Opts: toolcall.PromptOptions{Thinking: new(false)}},
	{Dir: "glm52", Opts: toolcall.PromptOptions{Profile: glm45.ProfileGLM52}},
	{Dir: "laguna", Opts: toolcall.PromptOptions{Profile: glm45.ProfileLaguna}},
	{Dir: "glm46", Opts: toolcall.PromptOptions{Profile: glm45.ProfileGLM46}},
	{Dir: "glm46@nothink", Opts: toolcall.PromptOptions{Profile: glm45.ProfileGLM46, Thinking: new(false)}},
}
