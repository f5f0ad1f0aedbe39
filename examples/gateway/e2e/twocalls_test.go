package e2e_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
	"github.com/toolparse/toolparse/examples/gateway/server"
	"github.com/toolparse/toolparse/toolcall"
)

// templateReplies name, for each served model, the reply its own chat
// template has it write for two calls: testdata/twocalls/GOLDEN.txt is the
// assistant turn of the template's golden for the shared "tools"
// conversation (write_note, then lookup_order; "tools_answered" where the
// template demands alternation), cut from the turn's first byte after the
// prompt to its end-of-turn token, after the reasoning "Two calls to
// make." where the prompt that template writes opens reasoning (or the
// model opens its own). GigaChat's templates write one call per turn.
var templateReplies = []struct {
	golden, model string
	calls         int  // 2, or 1 where the template writes one call per turn
	reasoning     bool // the reply reasons first
}{
	{"gemma4", "google/gemma-4-31B-it", 2, false},
	{"gemma4@think", "google/gemma-4-31B-it", 2, true},
	{"gemma4_26b", "google/gemma-4-26B-A4B-it", 2, false},
	{"gemma4", "gemma4:31b", 2, false},
	{"deepseek_v32", "deepseek-ai/DeepSeek-V3.2", 2, false},
	{"deepseek_v4", "deepseek-ai/DeepSeek-V4-Flash", 2, false},
	{"deepseek_v41", "deepseek-ai/DeepSeek-V4.1-Flash", 2, true},
	{"minimax_m2", "MiniMaxAI/MiniMax-M2", 2, true},
	{"minimax_m2", "minimax-m2:cloud", 2, true},
	{"kimi_k3", "moonshotai/Kimi-K3", 2, true},
	{"command_r7b", "CohereForAI/c4ai-command-r7b-12-2024", 2, false},
	{"seed_oss", "ByteDance-Seed/Seed-OSS-36B-Instruct", 2, true},
	{"nemotron_nano_v2", "nvidia/NVIDIA-Nemotron-Nano-9B-v2", 2, true},
	{"apertus", "swiss-ai/Apertus-8B-Instruct-2509", 2, true},
	{"apriel16", "ServiceNow-AI/Apriel-1.6-15b-Thinker", 2, true},
	{"gigachat3", "ai-sage/GigaChat3-10B-A1.8B", 1, false},
	{"gigachat31", "ai-sage/GigaChat3.1-10B-A1.8B", 1, false},
	{"solar_open", "upstage/Solar-Open-100B", 2, true},
	// Newer models of families read before.
	{"qwen35", "Qwen/Qwen3.5-35B-A3B", 2, true},
	{"qwen36", "Qwen/Qwen3.6-35B-A3B", 2, true},
	{"nemotron3_nano", "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", 2, true},
	{"nemotron3_super", "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B", 2, true},
	{"step35", "stepfun-ai/Step-3.5-Flash", 2, true},
	{"step35", "XiaomiMiMo/MiMo-V2-Flash", 2, true},
	{"glm47_flash", "zai-org/GLM-4.7-Flash", 2, true},
	{"glm52", "zai-org/GLM-5.2", 2, true},
	{"laguna", "poolside/Laguna-XS.2", 2, true},
	{"mistral_medium35", "mistralai/Mistral-Medium-3.5-128B", 2, false},
	{"ministral3_reasoning", "mistralai/Ministral-3-14B-Reasoning-2512", 2, true},
	{"granite40", "ibm-granite/granite-4.0-h-small", 2, false},
	{"glm52", "zai-org/GLM-5.1", 2, true},
	// Models whose templates are another family's, read by its golden:
	// hermes blocks (after the reasoning these models open themselves),
	// GLM-4.7's tags, DeepSeek-V3.1's.
	{"qwen3", "HuggingFaceTB/SmolLM3-3B", 2, true},
	{"qwen3", "speakleash/Bielik-11B-v2.6-Instruct", 2, true},
	{"qwen3", "RekaAI/reka-flash-3.1", 2, true},
	{"qwen3", "XiaomiMiMo/MiMo-VL-7B-RL", 2, true},
	{"qwen3", "ibm-granite/granite-4.1-8b", 2, true},
	{"glm47_flash", "inclusionAI/Ling-3.0", 2, true},
	{"glm47_flash", "Spark-2.5", 2, true},
	{"deepseek_v31", "deepcogito/cogito-v2.1-671b", 2, false},
}

// goldenCalls are the calls of the "tools" conversation, arguments as
// JSON values.
var goldenCalls = []toolcall.Call{
	{Name: "write_note", Arguments: `{"path": "notes/todo.txt", "text": "She said \"hi\"\nthen <b>left</b>"}`},
	{Name: "lookup_order", Arguments: `{"order_id": 42, "status": "shipped", "options": {"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}}`},
}

// goldenParams asks what the "tools" conversation asks, with its two
// tools (an integer, an enum and a nested object among their parameters).
func goldenParams(model string) openai.ChatCompletionNewParams {
	str := map[string]any{"type": "string"}
	return openai.ChatCompletionNewParams{
		Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{
			openai.SystemMessage("You are a careful assistant."),
			openai.UserMessage("Save a note and check order 42."),
		},
		Tools: []openai.ChatCompletionToolUnionParam{
			openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
				Name:        "write_note",
				Description: openai.String("Write a note to a file."),
				Parameters:  shared.FunctionParameters{"type": "object", "properties": map[string]any{"path": str, "text": str}, "required": []string{"path", "text"}},
			}),
			openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
				Name:        "lookup_order",
				Description: openai.String("Look up an order."),
				Parameters: shared.FunctionParameters{"type": "object", "properties": map[string]any{
					"order_id": map[string]any{"type": "integer"},
					"status":   map[string]any{"type": "string", "enum": []string{"open", "shipped", "cancelled"}},
					"options": map[string]any{"type": "object", "properties": map[string]any{
						"include_items": map[string]any{"type": "boolean"},
						"fields":        map[string]any{"type": "array", "items": str},
						"max_price":     map[string]any{"type": "number"},
					}},
				}, "required": []string{"order_id"}},
			}),
		},
	}
}

// TestAutoFormatReadsEveryTemplatesReply: with -format auto, told only the
// model's name, the gateway turns the reply that model's own template
// writes into exactly its calls, arguments typed as written, whole and
// streamed, with no content and the reasoning as reasoning_content.
func TestAutoFormatReadsEveryTemplatesReply(t *testing.T) {
	for _, r := range templateReplies {
		t.Run(r.golden+"/"+r.model, func(t *testing.T) {
			reply, err := os.ReadFile(filepath.Join("testdata", "twocalls", r.golden+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			gw, _ := gatewayFor(t, server.Auto, &upstream{text: string(reply)}, completionsMode)
			want := wantReply{calls: goldenCalls[:r.calls], sameArgs: sameJSON}
			if r.reasoning {
				want.reasoning = "Two calls to make."
			}
			readsReply(t, gw.URL, goldenParams(r.model), want)
		})
	}
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(a, b string) bool {
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}
