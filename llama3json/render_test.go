package llama3json_test

import (
	"encoding/json"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/toolcall"
)

// TestWriters: the renderer checks on the format's syntax (testdata/writes
// holds rows of what it writes), RenderPrompt's special-token guard and
// every golden testdata/templates/goldens.txt lists, byte for byte.
func TestWriters(t *testing.T) {
	formatstest.Writers{Format: llama3json.Format, Prompt: llama3json.RenderPrompt, Renderers: []formatstest.Renderer{{
		// a call object one brace short at the end is closed (Llama 3.2
		// under vLLM ends its calls so): its arguments are complete
		Tolerated: "}",
	}}}.Check(t)
}

func TestRenderPrompt(t *testing.T) {
	formatstest.CheckPromptCases(t, llama3json.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{{
		Name:  "a call and its result, the result as a JSON string",
		Tools: []toolcall.Tool{{Name: "get_weather", Description: "Weather.", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}}}`)}},
		Msgs: []toolcall.Message{
			{Role: "user", Content: "Weather in Paris?"},
			{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "a", Name: "get_weather", Arguments: `{"city":"Paris"}`}}},
			{Role: "tool", ToolCallID: "a", Content: `{"temp": 21}`},
		},
		Want: "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\nCutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n<|eot_id|>" +
			"<|start_header_id|>user<|end_header_id|>\n\nGiven the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\n\n" +
			"Respond in the format {\"name\": function name, \"parameters\": dictionary of argument name and its value}.Do not use variables.\n\n" +
			"{\n    \"type\": \"function\",\n    \"function\": {\n        \"name\": \"get_weather\",\n        \"description\": \"Weather.\",\n        \"parameters\": {\n            \"type\": \"object\",\n            \"properties\": {\n                \"city\": {\n                    \"type\": \"string\"\n                }\n            }\n        }\n    }\n}\n\n" +
			"Weather in Paris?<|eot_id|>" +
			"<|start_header_id|>assistant<|end_header_id|>\n\n{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}<|eot_id|>" +
			"<|start_header_id|>ipython<|end_header_id|>\n\n\"{\\\"temp\\\": 21}\"<|eot_id|>" + // the template writes results as JSON strings
			"<|start_header_id|>assistant<|end_header_id|>\n\n",
	}})
}
