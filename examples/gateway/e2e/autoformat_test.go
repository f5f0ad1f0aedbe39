package e2e_test

import "testing"

// namedModelReplies are served models' names, with the reply each one's chat
// template has it write for the weather question (its calls as the
// template writes them, after the reasoning it writes first), the calls'
// cities, and the end of the prompt the gateway must render for it.
var namedModelReplies = []modelReply{
	// GigaChat's templates write one call per turn.
	{"ai-sage/GigaChat3-10B-A1.8B",
		"<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</s>", "", []string{"Paris"},
		"<|message_sep|>\n\nassistant<|role_sep|>\n"},
	{"ai-sage/GigaChat3.1-10B-A1.8B",
		"<|function_call|>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</s>", "", []string{"Paris"},
		"<|message_sep|>\n\nassistant<|role_sep|>\n"},
	{"upstage/Solar-Open-100B",
		"<|think|>Two cities to check.<|end|><|begin|>assistant<|tool_calls|>" +
			"<|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>get_weather<|tool_call:args|>{\"city\": \"Paris\"}<|tool_call:end|>" +
			"<|tool_call:begin|>f6g7h8i9j0<|tool_call:name|>get_weather<|tool_call:args|>{\"city\": \"Tokyo\"}<|tool_call:end|><|calls|>",
		"Two cities to check.", parisTokyo, "<|end|><|begin|>assistant"},
}

// TestAutoFormatByModelName: the gateway with -format auto, told only
// the model's name, renders its template's prompt and turns the reply
// that template has the model write into exactly its calls, whole and
// streamed, with empty content and the reasoning as reasoning_content.
func TestAutoFormatByModelName(t *testing.T) {
	readsModelReplies(t, namedModelReplies)
}
