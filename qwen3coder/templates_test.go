package qwen3coder_test

import (
	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/toolcall"
)

// templateGoldens are the golden directories of testdata/templates/golden
// (the prompts the models' own chat templates render;
// formats/formatstest/testdata/README.md says where each template came
// from) and the options with which the format must write the same bytes.
// qwen3_coder's files of conversations-more.json and
// conversations-unseen.json were rendered here from the same template,
// vLLM's examples/tool_chat_template_qwen3coder.jinja;
// nemotron3_nano@nothink (enable_thinking=false) and nemotron3_nano@keep
// (truncate_history_thinking=false) were rendered here from nemotron3_nano's
// template, the llama.cpp fork's NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja.
var templateGoldens = []formatstest.Golden{
	{Dir: "qwen3_coder"},
	{Dir: "qwen35", Opts: toolcall.PromptOptions{Profile: qwen3coder.ProfileQwen35}},
	{Dir: "qwen35@nothink", Opts: toolcall.PromptOptions{Profile: qwen3coder.ProfileQwen35, Thinking: new(false)}},
	{Dir: "qwen36", Opts: toolcall.PromptOptions{Profile: qwen3coder.ProfileQwen36}},
	{Dir: "nemotron3_nano", Opts: toolcall.PromptOptions{Profile: qwen3coder.ProfileNemotron3Nano}},
	{Dir: "nemotron3_nano@nothink", Opts: toolcall.PromptOptions{Profile: qwen3coder.ProfileNemotron3Nano, Thinking: new(false)}},
	{Dir: "nemotron3_nano@keep", Opts: toolcall.PromptOptions{Profile: qwen3coder.ProfileNemotron3Nano, KeepReasoning: true}},
	{Dir: "nemotron3_super", Opts: toolcall.PromptOptions{Profile: qwen3coder.ProfileNemotron3Super}},
	{Dir: "step35", Opts: toolcall.PromptOptions{Profile: qwen3coder.ProfileStep35}},
}

// goldenModels name, for each golden directory (before its '@'), the
// model whose template wrote it.
var goldenModels = map[string]string{
	"qwen3_coder":     "Qwen/Qwen3-Coder-30B-A3B-Instruct",
	"qwen35":          "Qwen/Qwen3.5-35B-A3B",
	"qwen36":          "Qwen/Qwen3.6-35B-A3B",
	"nemotron3_nano":  "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16",
	"nemotron3_super": "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B",
	"step35":          "stepfun-ai/Step-3.5-Flash",
}
