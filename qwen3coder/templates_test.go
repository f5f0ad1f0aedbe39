package qwen3coder_test

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
