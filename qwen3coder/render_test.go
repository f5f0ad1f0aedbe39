package qwen3coder_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/toolcall"
)

// writers are what the shared checks need to know of what this package
// writes: the syntaxes it writes calls in (testdata/writes holds rows
// of what they write); RenderPrompt; and the template goldens
// testdata/templates/goldens.txt lists.
var writers = formatstest.Writers{
	Format: qwen3coder.Format, Prompt: qwen3coder.RenderPrompt,
	Models:    goldenModels,
	Renderers: []formatstest.Renderer{{Tolerated: "\n</function>\n</tool_call>", ValueClose: "</parameter>"}},
}

// TestWriters: the renderer checks, RenderPrompt's special-token
// guard, every golden, byte for byte and models.Lookup giving each
// golden's model this format and the profile its goldens are checked
// with.
func TestWriters(t *testing.T) { writers.Check(t) }

// RenderCalls refuses arguments that are a JSON scalar.
func TestRenderCallsRefusesScalarArguments(t *testing.T) {
	if _, err := qwen3coder.RenderCalls([]toolcall.Call{{Name: "f", Arguments: "1"}}); err == nil {
		t.Error("arguments that are not an object: no error")
	}
}

func TestRenderPrompt(t *testing.T) {
	tools := []toolcall.Tool{{Name: "get_weather", Description: "Weather. ", Parameters: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","description":"The city"},"days":{"type":"integer","minimum":1}},"required":["city"]}`)}}
	msgs := []toolcall.Message{
		{Role: "user", Content: "Weather in Paris?"},
		{Role: "assistant", Content: " Checking. ", ToolCalls: []toolcall.Call{{ID: "c1", Name: "get_weather", Arguments: `{"city":"Paris","days":2}`}}},
		{Role: "tool", ToolCallID: "c1", Content: `{"temp": 21}`},
		{Role: "assistant", Content: "21 degrees."},
	}
	formatstest.CheckPromptCases(t, qwen3coder.RenderPrompt, formatstest.AnyReasoning, []formatstest.PromptCase[toolcall.PromptOptions]{{
		Name: "a call and its result", Msgs: msgs, Tools: tools,
		Want: "<|im_start|>system\n" + qwen3coder.DefaultSystem + "\n\n# Tools\n\nYou have access to the following functions:\n\n<tools>\n" +
			"<function>\n<name>get_weather</name>\n<description>Weather.</description>\n<parameters>\n" +
			"<parameter>\n<name>city</name>\n<type>string</type>\n<description>The city</description>\n</parameter>\n" +
			"<parameter>\n<name>days</name>\n<type>integer</type>\n<minimum>1</minimum>\n</parameter>\n" +
			"<required>[\"city\"]</required>\n</parameters>\n</function>\n</tools>" +
			"\n\nIf you choose to call a function ONLY reply in the following format with NO suffix:\n\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>\n\n<IMPORTANT>\nReminder:\n- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags\n- Required parameters MUST be specified\n- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after\n- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls\n</IMPORTANT><|im_end|>\n" +
			"<|im_start|>user\nWeather in Paris?<|im_end|>\n" +
			"<|im_start|>assistant\nChecking.\n\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call><|im_end|>\n" +
			"<|im_start|>user\n<tool_response>\n{\"temp\": 21}\n</tool_response>\n<|im_end|>\n" +
			"<|im_start|>assistant\n21 degrees.<|im_end|>\n" +
			"<|im_start|>assistant\n",
	}})
	if _, err := qwen3coder.RenderPrompt([]toolcall.Message{{Role: "robot"}}, nil, toolcall.PromptOptions{}); err == nil {
		t.Error("an unknown role: no error")
	}
}

// A parameter's type list is written as the template's string filter
// writes it, Python's list: ['string', 'null'], not JSON.
func TestPromptWritesTypeListsAsPython(t *testing.T) {
	tools := []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{"note":{"type":["string","null"]},"n":{"type":"integer"}}}`)}}
	p, err := qwen3coder.Format.(toolcall.Prompter).Prompt([]toolcall.Message{{Role: "user", Content: "hi"}}, tools, toolcall.PromptOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<type>['string', 'null']</type>", "<type>integer</type>"} {
		if !strings.Contains(p.Text, want) {
			t.Errorf("the prompt lacks %q:\n%s", want, p.Text)
		}
	}
}

// Qwen3-Coder's template (vLLM's tool_chat_template_qwen3coder.jinja)
// prints a schema's type and its other scalar keys, and a call's scalar
// arguments, with Jinja's string filter: a nullable type as Python's list,
// false and null as False and None; objects and lists as tojson. The
// bytes below are what the template renders (jinja2, as
// apply_chat_template runs it).
func TestPromptWritesSchemaScalarsAsPython(t *testing.T) {
	tools := []toolcall.Tool{{Name: "f", Parameters: json.RawMessage(`{"type":"object","properties":{"note":{"type":["string","null"],"description":" A note ","default":null},"force":{"type":"boolean","deprecated":false}},"additionalProperties":false,"required":["note"]}`)}}
	msgs := []toolcall.Message{
		{Role: "user", Content: "hi"},
		{Role: "assistant", ToolCalls: []toolcall.Call{{ID: "c1", Name: "f", Arguments: `{"note": null, "force": true}`}}},
		{Role: "tool", ToolCallID: "c1", Content: "ok"},
	}
	want := "<|im_start|>system\n" + qwen3coder.DefaultSystem + "\n\n# Tools\n\nYou have access to the following functions:\n\n<tools>\n<function>\n<name>f</name>\n<parameters>\n" +
		"<parameter>\n<name>note</name>\n<type>['string', 'null']</type>\n<description>A note</description>\n<default>None</default>\n</parameter>\n" +
		"<parameter>\n<name>force</name>\n<type>boolean</type>\n<deprecated>False</deprecated>\n</parameter>\n" +
		"<additionalProperties>False</additionalProperties>\n<required>[\"note\"]</required>\n</parameters>\n</function>\n</tools>" +
		"\n\nIf you choose to call a function ONLY reply in the following format with NO suffix:\n\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>\n\n<IMPORTANT>\nReminder:\n- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags\n- Required parameters MUST be specified\n- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after\n- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls\n</IMPORTANT><|im_end|>\n" +
		"<|im_start|>user\nhi<|im_end|>\n" +
		"<|im_start|>assistant\n<tool_call>\n<function=f>\n<parameter=note>\nNone\n</parameter>\n<parameter=force>\nTrue\n</parameter>\n</function>\n</tool_call><|im_end|>\n" +
		"<|im_start|>user\n<tool_response>\nok\n</tool_response>\n<|im_end|>\n<|im_start|>assistant\n"
	got, err := qwen3coder.RenderPrompt(msgs, tools, toolcall.PromptOptions{})
	if err != nil || got.Text != want {
		t.Errorf("RenderPrompt =\n%q\n%v; want\n%q", got.Text, err, want)
	}
}
