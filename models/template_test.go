package models_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/models"
)

// templateSnippets are the parts of chat templates that tell their format,
// written here as the templates write them (the templates themselves are
// not the project's to ship): each gives its model, or nothing.
var templateSnippets = []struct{ name, template, format, profile string }{
	{"Qwen3", `{%- if tools %}<|im_start|>system\n# Tools\n<tools>{% for tool in tools %}{{ tool | tojson }}{% endfor %}</tools>\n<tool_call>\n{%- if enable_thinking is defined and enable_thinking is false %}<think>\n\n</think>`, "hermes", "qwen3"},
	{"QwQ", `<|im_start|>system\n<tools>\n</tools><tool_call>{%- if add_generation_prompt %}{{- '<|im_start|>assistant\n<think>\n' }}`, "hermes", "qwen3-thinking"},
	{"Qwen2.5", `{{- '<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.' }}<tools></tools><tool_call>`, "hermes", "qwen2.5"},
	{"Hermes 3", `You are a function calling AI model. <tools> {{ tools }} </tools> <tool_call>`, "hermes", "hermes"},
	{"Qwen3-Coder", `<|im_start|>system<tools><function=name><parameter=x></parameter></function></tools><tool_call>`, "qwen3_coder", "qwen3-coder"},
	{"Qwen3.5 (a profile still to come)", `<tools><tool_call><function=f><parameter=x>{%- if enable_thinking %}<think>`, "", ""},
	{"MiniMax-M2", `{%- set toolcall_begin_token = '<minimax:tool_call>' -%}{{- ']~!b[' ~ ']~b]system' ~ '\n' }}<invoke name="tool-name-1">{{- ']~b]ai' ~ '\n' ~ '<think>' ~ '\n' }}`, "minimax", "m2"},
	{"MiniMax-M2's call block alone (no role tokens)", `<minimax:tool_call><invoke name="f">`, "", ""},
	{"MiniMax-M3", `{%- set ns_token = ']<]minimax[>[' -%}{%- set bos_token = ']~b]' -%}{%- set toolcall_begin_token = ns_token ~ '<tool_call>' -%}{%- set think_begin_token = '<mm:think>' -%}{{- ']~!b[' ~ ']~b]' ~ 'system' ~ '\n' }}`, "minimax_m3", "m3"},
	{"MiniMax-M3's namespace token alone (no think tag)", `{%- set ns_token = ']<]minimax[>[' -%}<invoke name="`, "", ""},
	{"Seed-OSS", `{%- set bos_token = '<seed:bos>' -%}{%- set toolcall_begin_token = '<seed:tool_call>' -%}{{ "<function=" + tool_call.name + ">\n" }}{{ "<parameter=" + arg_name + ">" }}`, "seed_oss", "seed-oss"},
	{"Seed-OSS's call tags alone (no turn tokens)", `<seed:tool_call><function=f><parameter=x>`, "", ""},
	{"GLM-4.7", `<tool_call>{{ name }}<arg_key>k</arg_key><arg_value>v</arg_value><|assistant|>{{- '</think>' if (enable_thinking is defined and not enable_thinking) else '<think>' -}}`, "glm45", "glm-4.7"},
	{"GLM-4.6", `<arg_key>k</arg_key><arg_value>v</arg_value><|assistant|>{{- '\n<think></think>' if (enable_thinking is defined and not enable_thinking) else '' -}}`, "glm45", "glm-4.6"},
	{"DeepSeek-V3.1", `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>{{ name }}<｜tool▁sep｜>{{ args }}`, "deepseek", "v3.1"},
	{"DeepSeek-R1", "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>{{ name }}\n```json\n{{ args }}\n```", "deepseek", "r1"},
	{"DeepSeek-V3.2", `{%- set dsml_token = '｜DSML｜' -%}{{- '\n\n<' + dsml_token + 'function_calls>\n' -}}{{- '<' + dsml_token + 'invoke name="' + func['name'] + '">\n' -}}`, "dsml", "v3.2"},
	{"DeepSeek-V3.2 beside V3.1's markers", `<｜DSML｜function_calls><｜tool▁calls▁begin｜><｜tool▁sep｜>`, "dsml", "v3.2"},
	// V4's and V4.1's templates are read from their goldens: what they
	// write, as literal text or built of parts.
	{"DeepSeek-V4", `You can invoke tools by writing a "<｜DSML｜tool_calls>" block like the following:\n\n### Available Tool Schemas\n\n`, "dsml", "v4"},
	{"DeepSeek-V4, the tag built", `{%- set dsml_token = '｜DSML｜' -%}{{ '<' + dsml_token + 'tool_calls>' }}### Available Tool Schemas`, "dsml", "v4"},
	{"DeepSeek-V4.1", `<｜System｜>Reasoning Effort: {{ effort }} (range 1-100, the higher the value, the more thorough the reasoning) "<｜DSML｜ calls>" ### Available Tool Schemas`, "dsml", "v4.1"},
	{"V4's tags and V4.1's effort: neither, for sure", `Reasoning Effort: "<｜DSML｜tool_calls>" ### Available Tool Schemas`, "", ""},
	{"Kimi-K2-Thinking", `<|tool_calls_section_begin|><|tool_call_begin|><think>`, "kimi_k2", "k2-thinking"},
	{"Kimi-K2-Instruct (no profile of its own)", `<|tool_calls_section_begin|><|tool_call_begin|>`, "", ""},
	{"gpt-oss", `<|start|>assistant<|channel|>commentary to=functions.{{ name }}<|message|>{{ args }}<|call|>`, "harmony", "gpt-oss"},
	{"Mistral-Small-3.2", `[AVAILABLE_TOOLS][TOOL_CALLS]{{ name }}[CALL_ID]{{ id }}[ARGS]{{ args }}`, "mistral", "mistral-small-3.2"},
	{"Devstral", `[SYSTEM_PROMPT][TOOL_CALLS]{{ name }}[ARGS]{{ args }}`, "mistral", "v13"},
	{"Ministral 3 Reasoning (a profile still to come)", `[TOOL_CALLS]{{ name }}[ARGS]{{ args }}[THINK]`, "", ""},
	{"Llama 3.1", `<|start_header_id|>system<|end_header_id|>Environment: ipython\nGiven the following functions, please respond with a JSON <|python_tag|>`, "llama3_json", "llama-3.1"},
	{"Llama 3.2", `{%- set date_string = strftime_now("%d %b %Y") %}<|start_header_id|>system<|end_header_id|>Environment: ipython\nGiven the following functions, please respond with a JSON`, "llama3_json", "llama-3.2"},
	{"vLLM's Llama 3.2 JSON (a system prompt of its own)", `strftime_now <|start_header_id|> You are a helpful assistant with tool calling capabilities. Environment: ipython Given the following functions`, "", ""},
	{"Functionary v3.1", `Environment: ipython <|python_tag|> Given the following functions <function=name>`, "", ""},
	{"Nemotron Nano v2", `{{- '<SPECIAL_10>System\n' -}}<AVAILABLE_TOOLS>[{{ tools }}]</AVAILABLE_TOOLS><TOOLCALL>[{{ calls }}]</TOOLCALL>{{- '\n<SPECIAL_12>\n' -}}{{- '<SPECIAL_11>Assistant\n' -}}<think>`, "nemotron_v2", "nemotron-nano-v2"},
	{"Apertus", `{%- set tool_calls_token = '<|tools_prefix|>' -%}{%- set end_tool_calls_token = '<|tools_suffix|>' -%}{%- set inner_token = '<|inner_prefix|>' -%}{{ '<|developer_start|>' + 'Deliberation: ' }}{{ '<|assistant_start|>' }}`, "apertus", "apertus"},
	{"Granite 3.3", `{%- set system_message = system_message + " respond only with <|tool_call|> followed by a JSON list of tools used." %}{{- '<|start_of_role|>system<|end_of_role|>' + system_message + '<|end_of_text|>\n' }}`, "granite", "granite-3.3"},
	{"Granite 3.0 (its calls as assistant_tool_call turns)", `{{- '<|start_of_role|>available_tools<|end_of_role|>\n' }}{{- '<|start_of_role|>assistant<|end_of_role|><|tool_call|>' + message['content'] + '<|end_of_text|>\n' }}`, "granite", "granite-3.3"},
	{"Granite 4 (hermes blocks)", `{{- '<|start_of_role|>system<|end_of_role|>' }}<tools></tools><tool_call>{"name": <function-name>}</tool_call><|end_of_text|>`, "hermes", "granite-4.0"},
	{"SmolLM3", `{{- "<|im_start|>system\n" -}}{{- "Knowledge Cutoff Date: June 2025\n" -}}{{- "Reasoning Mode: " + reasoning_mode + "\n\n" -}}{{- "## Custom Instructions\n\n" -}}You are a helpful AI assistant named SmolLM<tools></tools><tool_call>{%- if enable_thinking -%}`, "hermes", "smollm3"},
	{"Qwen3.5", `<|vision_start|><|image_pad|><|vision_end|>{{- raise_exception('No user query found in messages.') }}<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>{%- if enable_thinking is defined and enable_thinking is false %}`, "qwen3_coder", "qwen3.5"},
	{"Nemotron 3", `{% macro render_extra_keys(json_dict, handled_keys) %}{%- set truncate_history_thinking = truncate_history_thinking if truncate_history_thinking is defined else True %}<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>{%- if enable_thinking %}`, "qwen3_coder", "nemotron-3-nano"},
	{"Step 3.5", `You have access to the following functions in JSONSchema format:<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>{{- '<|im_start|>tool_response\n' }}{{- '<|im_start|>assistant\n<think>\n' }}`, "qwen3_coder", "step-3.5"},
	{"Apriel 1.6", `{%- set reasoning_asst_turn_start = 'Here are my reasoning steps:\n' -%}{{ '<|begin_system|>\n' }}response after the marker [BEGIN FINAL RESPONSE].<tool_calls>[{{ calls }}]</tool_calls>{{ '\n<|begin_assistant|>\n' + reasoning_asst_turn_start }}`, "apriel", "apriel-1.6"},
	{"Apriel 1.5", `{{- '<|system|>\n' + reasoning_prompt }}[BEGIN FINAL RESPONSE] ... [END FINAL RESPONSE].<tool_calls>[{{ calls }}]</tool_calls>{{- '<|tool_result|>\n' + tool_message }}{{- '<|assistant|>\n' -}}`, "apriel", "apriel-1.5"},
	{"Phi-4-mini", `{% for message in messages %}{% if message['role'] == 'system' and 'tools' in message and message['tools'] is not none %}{{ '<|' + message['role'] + '|>' + message['content'] + '<|tool|>' + message['tools'] + '<|/tool|>' + '<|end|>' }}{% else %}...{% if add_generation_prompt %}{{ '<|assistant|>' }}`, "functools", "phi-4-mini"},
	{"Phi-3.5-mini (no tools)", `{{ '<|' + message['role'] + '|>' + message['content'] + '<|end|>' }}{{ '<|assistant|>' }}`, "", ""},
	{"FireFunction v2", `* prefix function calls with functools marker (no closing marker required) ... formatted as functools[{"name": [function name], ...}]
Available functions as JSON spec:
{{ '<|start_header_id|>' + ns.role + '<|end_header_id|>\n\n' }}{%- set ns.content = ns.content + ' functools[' + tool.calls | join(', ') + ']' -%}{{ '<|eot_id|>' }}`, "functools", "firefunction-v2"},
	{"Hunyuan-A13B (<tool_calls>, but its own turns)", `<|startoftext|>如果你决定调用任何函数，你必须将其格式化为<tool_calls>[{"name": "func_name1"}]</tool_calls><|extra_0|><|eos|>`, "", ""},
	{"GigaChat 3", `{%- set add_tokens = namespace(role_sep="<|role_sep|>\n", message_sep="<|message_sep|>\n\n") -%}{{- render_role_message({'role': 'function call', 'content': call}) -}}`, "gigachat", "3"},
	{"GigaChat 3.1", `{%- set add_tokens = namespace(role_sep="<|role_sep|>\n", message_sep="<|message_sep|>\n\n", function_call="<|function_call|>") -%}`, "gigachat", "3.1"},
	{"Solar Open", `{{- "<|tool_call:begin|>" + tool_call.id +"<|tool_call:name|>" + tool_call.function.name + "<|tool_call:args|>" }}{{- "<|tool_call:end|>" }}{{- "<|calls|>" }}{{- "<|begin|>assistant" }}`, "solar_open", "solar-open"},
	{"Solar Open 2 (a format still to come)", `<|im:start|>assistant<|think:start|><|tool_call:start|>{{ name }}<|tool_arg:start|>`, "", ""},
	{"ChatML without tools", `<|im_start|>{{ message.role }}\n{{ message.content }}<|im_end|>`, "", ""},
	{"empty", ``, "", ""},
}

func TestFromTemplate(t *testing.T) {
	for _, tt := range templateSnippets {
		m, ok := models.FromTemplate(tt.template)
		answers(t, "FromTemplate("+tt.name+")", m, ok, tt.format, tt.profile)
	}
}

// realTemplates are what FromTemplate must answer for real chat templates
// (llama.cpp's models/templates and vLLM's examples: 57 and 35 read when
// this was written), by file name: the
// model, or "" for no answer; never a wrong one. The templates are not
// shipped: TOOLPARSE_TEMPLATES names a folder holding them (every .jinja
// file below it is read, and one not listed here must get no answer).
var realTemplates = map[string]string{
	"Apriel-1.6-15b-Thinker-fixed.jinja":                  "apriel/apriel-1.6",
	"unsloth-Apriel-1.5.jinja":                            "apriel/apriel-1.5",
	"CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja": "cohere/r7b",
	"GLM-4.6.jinja":                                       "glm45/glm-4.6",
	"Apertus-8B-Instruct.jinja":                           "apertus/apertus",
	"ibm-granite-granite-3.3-2B-Instruct.jinja":           "granite/granite-3.3",
	"fireworks-ai-llama-3-firefunction-v2.jinja":          "functools/firefunction-v2",
	"MiniMax-M2.jinja":                                    "minimax/m2",
	"ByteDance-Seed-OSS.jinja":                            "seed_oss/seed-oss",
	"GLM-4.7-Flash.jinja":                                 "glm45/glm-4.7",
	"GigaChat3-10B-A1.8B.jinja":                           "gigachat/3",
	"GigaChat3.1-10B-A1.8B.jinja":                         "gigachat/3.1",
	"NVIDIA-Nemotron-Nano-v2.jinja":                       "nemotron_v2/nemotron-nano-v2",
	"Kimi-K2-Thinking.jinja":                              "kimi_k2/k2-thinking",
	"Mistral-Small-3.2-24B-Instruct-2506.jinja":           "mistral/mistral-small-3.2",
	"NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja": "hermes/hermes",
	"NousResearch-Hermes-3-Llama-3.1-8B-tool_use.jinja":   "hermes/hermes",
	"Qwen-QwQ-32B.jinja":                                  "hermes/qwen3-thinking",
	"Qwen-Qwen2.5-7B-Instruct.jinja":                      "hermes/qwen2.5",
	"Qwen-Qwen3-0.6B.jinja":                               "hermes/qwen3",
	"Qwen3-Coder.jinja":                                   "qwen3_coder/qwen3-coder",
	"Qwen3.5-4B.jinja":                                    "qwen3_coder/qwen3.5",
	"NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja":           "qwen3_coder/nemotron-3-nano",
	"stepfun-ai-Step-3.5-Flash.jinja":                     "qwen3_coder/step-3.5",
	"ibm-granite-granite-4.0.jinja":                       "hermes/granite-4.0",
	"HuggingFaceTB-SmolLM3-3B.jinja":                      "hermes/smollm3",
	"deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja":      "deepseek/r1",
	"deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja":      "deepseek/r1",
	"deepseek-ai-DeepSeek-V3.1.jinja":                     "deepseek/v3.1",
	"deepseek-ai-DeepSeek-V3.2.jinja":                     "dsml/v3.2",
	"llama-cpp-deepseek-r1.jinja":                         "deepseek/r1",
	"meta-llama-Llama-3.1-8B-Instruct.jinja":              "llama3_json/llama-3.1",
	"meta-llama-Llama-3.2-3B-Instruct.jinja":              "llama3_json/llama-3.2",
	"meta-llama-Llama-3.3-70B-Instruct.jinja":             "llama3_json/llama-3.1",
	"openai-gpt-oss-120b.jinja":                           "harmony/gpt-oss",
	"unsloth-mistral-Devstral-Small-2507.jinja":           "mistral/v13",
	"upstage-Solar-Open-100B.jinja":                       "solar_open/solar-open",
	// vLLM's examples/ templates
	"tool_chat_template_deepseekr1.jinja":   "deepseek/r1",
	"tool_chat_template_deepseekv3.jinja":   "deepseek/r1",
	"tool_chat_template_deepseekv31.jinja":  "deepseek/v3.1",
	"tool_chat_template_deepseekv32.jinja":  "deepseek/v3.1",
	"tool_chat_template_hermes.jinja":       "hermes/hermes",
	"tool_chat_template_hermes_2_pro.jinja": "hermes/hermes",
	"tool_chat_template_qwen3coder.jinja":   "qwen3_coder/qwen3-coder",
	"tool_template_hermes_2_pro.jinja":      "hermes/hermes",

	// vLLM's examples/, Nemotron Nano v2's
	"tool_chat_template_nemotron_nano_v2.jinja": "nemotron_v2/nemotron-nano-v2-vllm",

	// vLLM's examples/, Apertus's (the model's, a description optional)
	"tool_chat_template_apertus.jinja": "apertus/apertus",
}

func TestFromRealTemplates(t *testing.T) {
	dir := os.Getenv("TOOLPARSE_TEMPLATES")
	if dir == "" {
		t.Skip("TOOLPARSE_TEMPLATES names no folder of chat templates")
	}
	var files []string
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(path, ".jinja") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no templates in %s: %v", dir, err)
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if m, ok := models.FromTemplate(string(text)); ok {
			got = m.Format + "/" + m.Profile
		}
		if want := realTemplates[filepath.Base(f)]; got != want {
			t.Errorf("%s: FromTemplate says %q, want %q", filepath.Base(f), got, want)
		}
	}
}
