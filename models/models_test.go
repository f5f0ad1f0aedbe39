package models_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	_ "github.com/toolparse/toolparse/formats"
	"github.com/toolparse/toolparse/models"
	"github.com/toolparse/toolparse/toolcall"
)

// names are real model names as users write them: Hugging Face IDs,
// Ollama tags, served names and GGUF files.
var names = []struct {
	name            string
	format, profile string
}{
	{"Qwen/Qwen3-Coder-30B-A3B-Instruct", "qwen3_coder", "qwen3-coder"},
	{"Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8", "qwen3_coder", "qwen3-coder"},
	{"qwen3-coder:30b", "qwen3_coder", "qwen3-coder"},
	{"Qwen/Qwen3.5-397B-A17B", "qwen3_coder", "qwen3.5"},
	{"Qwen/Qwen3.5-35B-A3B", "qwen3_coder", "qwen3.5"},
	{"qwen3.5:27b", "qwen3_coder", "qwen3.5"},
	{"Qwen/Qwen3.6-35B-A3B", "qwen3_coder", "qwen3.6"},
	{"Qwen/Qwen3-8B", "hermes", "qwen3"},
	{"Qwen/Qwen3-30B-A3B", "hermes", "qwen3"},
	{"Qwen/Qwen3-235B-A22B-Instruct-2507", "hermes", "qwen3"},
	{"Qwen/Qwen3-235B-A22B-Thinking-2507", "hermes", "qwen3-thinking"},
	{"Qwen/Qwen3-Next-80B-A3B-Instruct", "hermes", "qwen3"},
	{"Qwen/Qwen3-Next-80B-A3B-Thinking", "hermes", "qwen3-thinking"},
	{"qwen3:8b", "hermes", "qwen3"},
	{"qwen3:30b-a3b-thinking-2507-q4_K_M", "hermes", "qwen3-thinking"},
	{"Qwen/QwQ-32B", "hermes", "qwen3-thinking"},
	{"Qwen/Qwen2.5-7B-Instruct", "hermes", "qwen2.5"},
	{"Qwen/Qwen2.5-Coder-32B-Instruct", "hermes", "qwen2.5"},
	{"qwen2.5:14b", "hermes", "qwen2.5"},
	{"Qwen2.5-72B-Instruct-Q4_K_M.gguf", "hermes", "qwen2.5"},
	{"NousResearch/Hermes-3-Llama-3.1-8B", "hermes", "hermes"},
	{"NousResearch/Hermes-2-Pro-Llama-3-8B", "hermes", "hermes"},
	{"NousResearch/Hermes-2-Pro-Mistral-7B", "hermes", "hermes"},
	{"hermes3:8b", "hermes", "hermes"},
	{"openai/gpt-oss-20b", "harmony", "gpt-oss"},
	{"openai/gpt-oss-120b", "harmony", "gpt-oss"},
	{"gpt-oss:20b", "harmony", "gpt-oss"},
	{"ggml-org/gpt-oss-20b-GGUF", "harmony", "gpt-oss"},
	{"zai-org/GLM-4.6", "glm45", "glm-4.6"},
	{"zai-org/GLM-4.5", "glm45", "glm-4.6"},
	{"zai-org/GLM-4.5-Air", "glm45", "glm-4.6"},
	{"zai-org/GLM-4.7", "glm45", "glm-4.7"},
	{"zai-org/GLM-4.7-Flash", "glm45", "glm-4.7"},
	{"THUDM/glm-4-9b-chat", "glm45", "glm-4.6"},
	{"glm-4.6:cloud", "glm45", "glm-4.6"},
	{"zai-org/GLM-5", "glm45", "glm-5.2"},
	{"zai-org/GLM-5.1", "glm45", "glm-5.2"},
	{"zai-org/GLM-5.2", "glm45", "glm-5.2"},
	{"glm-5.1:cloud", "glm45", "glm-5.2"},
	{"poolside/Laguna-XS.2", "glm45", "laguna"},
	{"deepseek-ai/DeepSeek-V3.1", "deepseek", "v3.1"},
	{"deepseek-ai/DeepSeek-V3.1-Terminus", "deepseek", "v3.1"},
	// V3.2-Exp's template still writes V3.1's syntax (the DSML came with
	// V3.2 itself; vLLM's and SGLang's V3.2-Exp templates write
	// <｜tool▁calls▁begin｜>): V3.1's, where V3.1 and R1 stay.
	{"deepseek-ai/DeepSeek-V3.2-Exp", "deepseek", "v3.1"},
	{"deepseek-ai/DeepSeek-V3.2-Exp-Base", "deepseek", "v3.1"},
	{"deepseek-v3.2-exp:671b", "deepseek", "v3.1"},
	{"deepseek-v3.1:671b", "deepseek", "v3.1"},
	// V3.2, V3.2-Speciale, V4 and V4.1 write DSML, each in its spelling.
	{"deepseek-ai/DeepSeek-V3.2", "dsml", "v3.2"},
	{"deepseek-ai/DeepSeek-V3.2-Speciale", "dsml", "v3.2-speciale"},
	{"deepseek-v3.2:671b", "dsml", "v3.2"},
	{"deepseek-v3.2:cloud", "dsml", "v3.2"},
	{"unsloth/DeepSeek-V3.2-GGUF/DeepSeek-V3.2-UD-Q2_K_XL.gguf", "dsml", "v3.2"},
	{"deepseek-ai/DeepSeek-V4-Flash", "dsml", "v4"},
	{"deepseek-ai/DeepSeek-V4-Pro", "dsml", "v4"},
	{"deepseek-v4-flash:284b", "dsml", "v4"},
	{"deepseek-v4-pro:cloud", "dsml", "v4"},
	{"DeepSeek-V4-Flash-Q4_K_M.gguf", "dsml", "v4"},
	{"deepseek-ai/DeepSeek-V4.1-Flash", "dsml", "v4.1"},
	{"deepseek-ai/DeepSeek-V4.1-Pro", "dsml", "v4.1"},
	{"deepseek-v4.1:cloud", "dsml", "v4.1"},
	{"deepseek-v4.1-flash", "dsml", "v4.1"},
	{"deepseek-ai/DeepSeek-R1", "deepseek", "r1"},
	{"deepseek-ai/DeepSeek-R1-0528", "deepseek", "r1"},
	{"deepseek-ai/DeepSeek-R1-Distill-Qwen-32B", "deepseek", "r1"},
	{"deepseek-ai/DeepSeek-R1-Distill-Llama-8B", "deepseek", "r1"},
	{"deepseek-r1:8b", "deepseek", "r1"},
	{"deepseek-ai/DeepSeek-V3-0324", "deepseek", "r1"},
	{"deepseek-chat", "deepseek", "v3.1"},
	{"moonshotai/Kimi-K2-Instruct", "kimi_k2", "k2-thinking"},
	{"moonshotai/Kimi-K2-Instruct-0905", "kimi_k2", "k2-thinking"},
	{"moonshotai/Kimi-K2-Thinking", "kimi_k2", "k2-thinking"},
	{"kimi-k2:1t-cloud", "kimi_k2", "k2-thinking"},
	{"moonshotai/Kimi-K3", "kimi_k3", "kimi-k3"},
	{"kimi-k3", "kimi_k3", "kimi-k3"},
	{"kimi-k3:cloud", "kimi_k3", "kimi-k3"},
	{"mistralai/Mistral-Small-3.2-24B-Instruct-2506", "mistral", "mistral-small-3.2"},
	{"mistralai/Mistral-Small-3.1-24B-Instruct-2503", "mistral", "mistral-small-3.2"},
	{"mistral-small3.2:24b", "mistral", "mistral-small-3.2"},
	{"mistralai/Devstral-Small-2507", "mistral", "v13"},
	{"mistralai/Devstral-Small-2505", "mistral", "mistral-small-3.2"},
	{"devstral:24b", "mistral", "v13"},
	{"mistralai/Devstral-2-123B-Instruct-2512", "mistral", "v13"},
	{"mistralai/Devstral-Small-2-24B-Instruct-2512", "mistral", "v13"},
	{"mistralai/Magistral-Small-2509", "mistral", "magistral"},
	{"magistral:24b", "mistral", "magistral"},
	{"mistralai/Ministral-3-14B-Instruct-2512", "mistral", "ministral-3"},
	{"mistralai/Ministral-3-8B-Instruct-2512", "mistral", "ministral-3"},
	{"mistralai/Ministral-3-14B-Reasoning-2512", "mistral", "ministral-3-reasoning"},
	{"ministral-3:14b", "mistral", "ministral-3"},
	{"mistralai/Mistral-Medium-3.5-128B", "mistral", "mistral-medium-3.5"},
	{"mistralai/Ministral-8B-Instruct-2410", "mistral", "v13"},
	{"mistralai/Mistral-Large-3-675B-Instruct-2512", "mistral", "v13"},
	{"mistralai/Mistral-Nemo-Instruct-2407", "mistral", "mistral-small-3.2"},
	{"mistralai/Mistral-7B-Instruct-v0.3", "mistral", "mistral-small-3.2"},
	{"mistralai/Mixtral-8x22B-Instruct-v0.1", "mistral", "mistral-small-3.2"},
	{"meta-llama/Llama-3.3-70B-Instruct", "llama3_json", "llama-3.1"},
	{"meta-llama/Llama-3.1-8B-Instruct", "llama3_json", "llama-3.1"},
	{"meta-llama/Meta-Llama-3.1-405B-Instruct", "llama3_json", "llama-3.1"},
	{"meta-llama/Llama-3.2-3B-Instruct", "llama3_json", "llama-3.2"},
	{"llama3.1:8b", "llama3_json", "llama-3.1"},
	{"llama3.2", "llama3_json", "llama-3.2"},
	{"Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf", "llama3_json", "llama-3.1"},
	{"meta-llama/Llama-4-Scout-17B-16E-Instruct", "llama4", "meta"},
	{"meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8", "llama4", "meta"},
	{"llama4:scout", "llama4", "meta"},
	{"LiquidAI/LFM2-1.2B", "lfm2", "lfm2"},
	{"LiquidAI/LFM2-350M", "lfm2", "lfm2"},
	{"LiquidAI/LFM2-8B-A1B", "lfm2", "lfm2"},
	{"LiquidAI/LFM2.5-1.2B-Instruct", "lfm2", "lfm2.5-instruct"},
	{"LiquidAI/LFM2.5-1.2B-Instruct-GGUF", "lfm2", "lfm2.5-instruct"},
	{"LiquidAI/LFM2.5-1.2B-Thinking", "lfm2", "lfm2.5"},
	{"LiquidAI/LFM2.5-8B-A1B", "lfm2", "lfm2.5-8b"},
	{"allenai/Olmo-3-7B-Instruct", "olmo3", "olmo-3.1"},
	{"allenai/Olmo-3.1-32B-Instruct", "olmo3", "olmo-3.1"},
	{"olmo-3:7b", "olmo3", "olmo-3.1"},
	{"allenai/Olmo-3-7B-Think", "olmo3", "olmo-3-think"},
	{"allenai/Olmo-3.1-32B-Think", "olmo3", "olmo-3-think"},
	{"google/gemma-3-27b-it", "pythonic", ""},
	{"google/gemma-4-31B-it", "gemma4", "gemma4"},
	{"google/gemma-4-26B-A4B-it", "gemma4", "gemma4"},
	{"google/gemma-4-E4B-it", "gemma4", "gemma4"},
	{"gemma4:31b", "gemma4", "gemma4"},
	{"Gemma 4 31B", "gemma4", "gemma4"},
	{"unsloth/gemma-4-26B-A4B-it-GGUF/gemma-4-26B-A4B-it-Q4_K_M.gguf", "gemma4", "gemma4"},
	{"gemma4:e2b", "gemma4", "gemma4"},
	{"google/functiongemma-270m-it", "gemma4", "functiongemma"},
	{"functiongemma:270m", "gemma4", "functiongemma"},
	{"/models/Qwen3-Coder-30B-A3B-Instruct/", "qwen3_coder", "qwen3-coder"},
	{"nvidia/NVIDIA-Nemotron-Nano-9B-v2", "nemotron_v2", "nemotron-nano-v2"},
	{"nvidia/NVIDIA-Nemotron-Nano-12B-v2", "nemotron_v2", "nemotron-nano-v2"},
	{"nvidia/NVIDIA-Nemotron-Nano-9B-v2-FP8", "nemotron_v2", "nemotron-nano-v2"},
	{"nemotron-nano:9b-v2", "nemotron_v2", "nemotron-nano-v2"},
	{"NVIDIA-Nemotron-Nano-9B-v2-Q4_K_M.gguf", "nemotron_v2", "nemotron-nano-v2"},
	{"nvidia/Llama-3.1-Nemotron-Nano-8B-v1", "llama3_json", "llama-3.1"},
	{"swiss-ai/Apertus-8B-Instruct-2509", "apertus", "apertus"},
	{"swiss-ai/Apertus-70B-Instruct-2509", "apertus", "apertus"},
	{"swiss-ai/Apertus-8B-2509", "apertus", "apertus"},
	{"apertus:8b", "apertus", "apertus"},
	{"Apertus-8B-Instruct-2509-Q4_K_M.gguf", "apertus", "apertus"},
	{"ibm-granite/granite-3.3-8b-instruct", "granite", "granite-3.3"},
	{"ibm-granite/granite-3.3-2b-instruct", "granite", "granite-3.3"},
	{"ibm-granite/granite-3.2-8b-instruct", "granite", "granite-3.3"},
	{"ibm-granite/granite-3.1-8b-instruct", "granite", "granite-3.3"},
	{"ibm-granite/granite-3.1-3b-a800m-instruct", "granite", "granite-3.3"},
	{"ibm-granite/granite-3.0-8b-instruct", "granite", "granite-3.3"},
	{"ibm-granite/granite-3.0-1b-a400m-instruct", "granite", "granite-3.3"},
	{"granite3.3:8b", "granite", "granite-3.3"},
	{"granite3.2:2b", "granite", "granite-3.3"},
	{"granite3.1-dense:8b", "granite", "granite-3.3"},
	{"granite3.1-moe:3b", "granite", "granite-3.3"},
	{"granite3-dense:2b", "granite", "granite-3.3"},
	{"granite3-moe:1b", "granite", "granite-3.3"},
	{"granite-3.3-8b-instruct-Q4_K_M.gguf", "granite", "granite-3.3"},
	// Granite models that write no calls of this format: Granite 4
	// (hermes, below), the guardian, code, vision and embedding models.
	{"ibm-granite/granite-guardian-3.1-8b", "", ""},
	{"granite3-guardian:8b", "", ""},
	{"ibm-granite/granite-3b-code-instruct-128k", "", ""},
	{"ibm-granite/granite-34b-code-instruct-8k", "", ""},
	{"granite-code:3b", "", ""},
	{"granite3.2-vision:2b", "", ""},
	{"ibm-granite/granite-vision-3.2-2b", "", ""},
	{"granite-embedding:30m", "", ""},
	{"ibm-granite/granite-4.0-micro", "hermes", "granite-4.0"},
	{"ibm-granite/granite-4.0-h-tiny", "hermes", "granite-4.0"},
	{"ibm-granite/granite-4.0-350m", "hermes", "granite-4.0"},
	{"granite4:3b", "hermes", "granite-4.0"},
	{"ibm-granite/granite-4.1-8b", "hermes", "granite-4.0"},
	{"ServiceNow-AI/Apriel-1.6-15b-Thinker", "apriel", "apriel-1.6"},
	{"ServiceNow-AI/Apriel-1.5-15b-Thinker", "apriel", "apriel-1.5"},
	{"hf.co/unsloth/Apriel-1.6-15b-Thinker-GGUF:Q4_K_M", "apriel", "apriel-1.6"},
	{"hf.co/unsloth/Apriel-1.5-15b-Thinker-GGUF:Q8_0", "apriel", "apriel-1.5"},
	{"Apriel-1.6-15b-Thinker-Q4_K_M.gguf", "apriel", "apriel-1.6"},
	{"ServiceNow-AI/Apriel-Nemotron-15b-Thinker", "", ""}, // a template of its own
	{"ServiceNow-AI/Apriel-5B-Instruct", "", ""},          // no Thinker: no tool syntax of this kind
	{"microsoft/Phi-4-mini-instruct", "functools", "phi-4-mini"},
	{"phi4-mini", "functools", "phi-4-mini"},
	{"phi4-mini:3.8b", "functools", "phi-4-mini"},
	{"phi4-mini:3.8b-q8_0", "functools", "phi-4-mini"},
	{"unsloth/Phi-4-mini-instruct-GGUF/Phi-4-mini-instruct-Q4_K_M.gguf", "functools", "phi-4-mini"},
	{"fireworks-ai/llama-3-firefunction-v2", "functools", "firefunction-v2"},
	{"firefunction-v2:70b", "functools", "firefunction-v2"},
	// Phi models that write no functools calls get no guess.
	{"microsoft/phi-4", "", ""},
	{"phi4:14b", "", ""},
	{"phi4", "", ""},
	{"microsoft/Phi-4-mini-reasoning", "", ""},
	{"phi4-mini-reasoning:3.8b", "", ""},
	{"microsoft/Phi-4-mini-flash-reasoning", "", ""},
	{"microsoft/Phi-4-reasoning-plus", "", ""},
	{"microsoft/Phi-3.5-mini-instruct", "", ""},
	{"fireworks-ai/firefunction-v1", "", ""},
	// Hunyuan, Jamba and MiniMax-M1 write <tool_calls> too, but neither
	// their reasoning nor their turns are Apriel's (see package apriel).
	{"tencent/Hunyuan-A13B-Instruct", "", ""},
	{"ai21labs/AI21-Jamba-Mini-1.7", "", ""},
	{"MiniMaxAI/MiniMax-M1-80k", "", ""},
	{"ai-sage/GigaChat3-10B-A1.8B", "gigachat", "3"},
	{"ai-sage/GigaChat3-10B-A1.8B-bf16", "gigachat", "3"},
	{"ai-sage/GigaChat3-702B-A36B-preview", "gigachat", "3"},
	{"bartowski/ai-sage_GigaChat3-10B-A1.8B-GGUF", "gigachat", "3"},
	{"GigaChat3-10B-A1.8B-Q4_K_M.gguf", "gigachat", "3"},
	{"forzer/GigaChat3-10B-A1.8B:latest", "gigachat", "3"},
	{"ai-sage/GigaChat3.1-10B-A1.8B", "gigachat", "3.1"},
	{"ai-sage/GigaChat3.1-10B-A1.8B-bf16", "gigachat", "3.1"},
	{"ai-sage/GigaChat3.1-702B-A36B", "gigachat", "3.1"},
	{"ai-sage/GigaChat3.1-702B-A36B-GGUF", "gigachat", "3.1"},
	{"upstage/Solar-Open-100B", "solar_open", "solar-open"},
	{"Solar-Open-100B-Q4_K_M.gguf", "solar_open", "solar-open"},
	{"mlx-community/Solar-Open-100B-4bit", "solar_open", "solar-open"},
	{"MiniMaxAI/MiniMax-M2", "minimax", "m2"},
	{"MiniMaxAI/MiniMax-M2.1", "minimax", "m2"},
	{"MiniMaxAI/MiniMax-M2.5", "minimax", "m2"},
	{"MiniMaxAI/MiniMax-M2.7", "minimax", "m2"},
	{"minimax-m2", "minimax", "m2"},
	{"minimax-m2:cloud", "minimax", "m2"},
	{"minimax-m2.5:cloud", "minimax", "m2"},
	{"unsloth/MiniMax-M2.1-GGUF/MiniMax-M2.1-UD-Q4_K_XL.gguf", "minimax", "m2"},
	{"ByteDance-Seed/Seed-OSS-36B-Instruct", "seed_oss", "seed-oss"},
	{"ByteDance-Seed/Seed-OSS-36B-Base", "seed_oss", "seed-oss"},
	{"unsloth/Seed-OSS-36B-Instruct-GGUF/Seed-OSS-36B-Instruct-Q4_K_M.gguf", "seed_oss", "seed-oss"},
	{"seed-oss:36b", "seed_oss", "seed-oss"},
	// MiniMax's earlier models write another syntax.
	{"MiniMaxAI/MiniMax-M1-80k", "", ""},
	{"MiniMaxAI/MiniMax-Text-01", "", ""},
	// MiniMax-M3 writes a namespaced syntax of its own, read by minimax_m3.
	{"MiniMaxAI/MiniMax-M3", "minimax_m3", "m3"},
	{"minimax-m3", "minimax_m3", "m3"},
	{"minimax-m3:cloud", "minimax_m3", "m3"},
	{"MiniMaxAI/MiniMax-M3-MXFP8", "minimax_m3", "m3"},
	{"nvidia/MiniMax-M3-NVFP4", "minimax_m3", "m3"},
	// Families read by formats still to come are not sent to a format
	// that reads none of their calls.
	{"ai-sage/GigaChat-20B-A3B-instruct", "", ""}, // GigaChat 2's template, no calls of GigaChat 3's
	{"GigaChat3.5-10B", "", ""},                   // GigaChat 3.5 writes <｜GCML｜tool_calls>
	{"upstage/Solar-Open2-250B", "", ""},          // Solar Open 2 writes <|tool_call:start|>
	{"upstage/solar-pro-3", "", ""},
	{"upstage/SOLAR-10.7B-Instruct-v1.0", "", ""},
	// Newer models of families already read (their own profiles come with
	// their prompts; until then the family's closest).
	{"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", "qwen3_coder", "nemotron-3-nano"},
	{"nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-v2", "qwen3_coder", "nemotron-3-nano"}, // not Nemotron Nano v2
	{"nvidia/Nemotron-3-Super-120B-A12B", "qwen3_coder", "nemotron-3-super"},
	{"nvidia/NVIDIA-Nemotron-3-Super-120B-A12B", "qwen3_coder", "nemotron-3-super"},
	{"stepfun-ai/Step-3.5-Flash", "qwen3_coder", "step-3.5"},
	{"XiaomiMiMo/MiMo-V2-Flash", "qwen3_coder", "step-3.5"},
	{"inclusionAI/Ling-3-flash", "glm45", "glm-4.7"},
	{"ibm-granite/granite-4.0-h-small", "hermes", "granite-4.0"},
	{"HuggingFaceTB/SmolLM3-3B", "hermes", "smollm3"},
	{"speakleash/Bielik-11B-v2.6-Instruct", "hermes", "qwen3"},
	{"RekaAI/reka-flash-3.1", "hermes", "qwen3"},
	{"XiaomiMiMo/MiMo-VL-7B-RL", "hermes", "qwen3"},
	{"deepcogito/cogito-v2.1-671b", "deepseek", "v3.1"},
	{"meetkai/functionary-v3.1-small", "llama4", "meta"},
	{"Salesforce/Llama-xLAM-2-8b-fc-r", "llama4", "meta"},
}

// TestLookup: every real name gives its format and profile, and every
// answer names a registered format and one of its prompt profiles.
func TestLookup(t *testing.T) {
	if len(names) < 60 {
		t.Fatalf("%d names, want 60 at least", len(names))
	}
	for _, n := range names {
		got, ok := models.Lookup(n.name)
		if !answers(t, "Lookup("+n.name+")", got, ok, n.format, n.profile) || !ok {
			continue
		}
		f, ok := toolcall.Lookup(got.Format)
		if !ok {
			t.Errorf("Lookup(%q): format %q is not registered", n.name, got.Format)
			continue
		}
		if p, ok := f.(toolcall.Prompter); ok && got.Profile != "" && !slices.Contains(p.PromptProfiles(), got.Profile) {
			t.Errorf("Lookup(%q): %s has no profile %q", n.name, got.Format, got.Profile)
		}
		if upper, _ := models.Lookup(strings.ToUpper(n.name)); upper != got {
			t.Errorf("Lookup(%q) in upper case = %+v, want %+v", n.name, upper, got)
		}
	}
}

// TestLookupUnknown: names of no family, and hostile ones, are not
// known.
func TestLookupUnknown(t *testing.T) {
	for _, name := range []string{"", "/", "demo", "gpt-4o", "claude-sonnet-4", "my-finetune", strings.Repeat("x", 1<<20), strings.Repeat("/", 1000)} {
		if got, ok := models.Lookup(name); ok {
			t.Errorf("Lookup(%.40q) = %+v, want none", name, got)
		}
	}
}

func ExampleLookup() {
	m, _ := models.Lookup("Qwen/Qwen3-Coder-30B-A3B-Instruct")
	fmt.Println(m.Format, m.Profile)
	m, _ = models.Lookup("deepseek-r1:8b")
	fmt.Println(m.Format, m.Profile)
	// Output:
	// qwen3_coder qwen3-coder
	// deepseek r1
}

// answers reports whether what said, got and ok, is the model format and
// profile, or no answer when format is "", and says why not.
func answers(t *testing.T, what string, got models.Model, ok bool, format, profile string) bool {
	t.Helper()
	switch {
	case format == "" && ok:
		t.Errorf("%s = %+v, want no answer", what, got)
	case format != "" && (!ok || got.Format != format || got.Profile != profile):
		t.Errorf("%s = %+v, %v; want %s/%s", what, got, ok, format, profile)
	default:
		return true
	}
	return false
}
