package e2e_test

import "testing"

// jsonArrayReplies are replies for two calls as the models of two of the
// JSON-array families write them after the prompt their template writes
// (apriel/testdata and functools/testdata hold those prompts' goldens),
// and as models of other families write them, each served under the
// model's own name.
var jsonArrayReplies = []modelReply{
	// The prompt opened the reasoning ("Here are my reasoning steps:\n").
	{"ServiceNow-AI/Apriel-1.6-15b-Thinker", "Two cities to check.\n[BEGIN FINAL RESPONSE]\n\n<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}, \"id\": \"a1B2c3D4e\"}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}, \"id\": \"f5G6h7J8k\"}]</tool_calls>\n<|end|>\n", "Two cities to check.", parisTokyo, ""},
	// Apriel 1.5's prompt opens nothing: the model writes the header.
	{"ServiceNow-AI/Apriel-1.5-15b-Thinker", "Here are my reasoning steps:\nTwo cities to check.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]</tool_calls>\n<|end|>\n", "Two cities to check.", parisTokyo, ""},
	{"microsoft/Phi-4-mini-instruct", "functools[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]<|end|>", "", parisTokyo, ""},
	// Llama 3.1 models read by llama4, as their model cards show them
	// (llama4's default policy keeps only independent calls: these are).
	{"meetkai/functionary-v3.1", "<function=get_weather>{\"city\": \"Paris\"}</function><function=get_weather>{\"city\": \"Tokyo\"}</function><|eom_id|>", "", parisTokyo, ""},
	{"Salesforce/Llama-xLAM-2-8b-fc-r", "[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]<|eot_id|>", "", parisTokyo, ""},
	{"fireworks-ai/llama-3-firefunction-v2", " functools[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}, {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Tokyo\"}}]<|eot_id|>", "", parisTokyo, ""},
	// MiniMax-M3's template leaves reasoning closed (thinking adaptive):
	// the model opens it, then writes one block of namespaced invokes.
	{"MiniMaxAI/MiniMax-M3", "<mm:think>Two cities to check.</mm:think>]<]minimax[>[<tool_call>\n" +
		"]<]minimax[>[<invoke name=\"get_weather\">]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[</invoke>\n" +
		"]<]minimax[>[<invoke name=\"get_weather\">]<]minimax[>[<city>Tokyo]<]minimax[>[</city>]<]minimax[>[</invoke>\n" +
		"]<]minimax[>[</tool_call>[e~[", "Two cities to check.", parisTokyo, ""},
}

// TestFormatAutoReadsJSONArrayReplies: with -format auto, each model's
// reply reaches the OpenAI client as exactly its two calls, whole and
// streamed, with no content and the reasoning as reasoning_content.
func TestFormatAutoReadsJSONArrayReplies(t *testing.T) {
	readsModelReplies(t, jsonArrayReplies)
}
