package kimik2_test

import (
	"testing"

	"github.com/toolparse/toolparse/kimik2"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

var expect = streamtest.Expecter(kimik2.Format, toolcall.Request{})

// TestExamples has every example of the kimi_k2 section of
// FORMATS-MORE.md.
func TestExamples(t *testing.T) {
	k1 := `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`
	expect(t, k1, "", "", call("get_weather", `{"city":"Paris"}`)) // K1
	if got := streamtest.IDs(kimik2.Format, k1); len(got) != 1 || got[0] != "functions.get_weather:0" {
		t.Errorf("K1 IDs = %v", got)
	}
	k2 := `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.get_tourist_attractions:1<|tool_call_argument_begin|>{"city": "London"}<|tool_call_end|><|tool_calls_section_end|>`
	expect(t, k2, "", "", call("get_weather", `{"city":"Paris"}`), call("get_tourist_attractions", `{"city":"London"}`)) // K2
	if got := streamtest.IDs(kimik2.Format, k2); len(got) != 2 || got[0] != "functions.get_weather:0" || got[1] != "functions.get_tourist_attractions:1" {
		t.Errorf("K2 IDs = %v", got)
	}
	expect(t, `<think>I'm thinking about this</think><|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_end|><|tool_calls_section_end|>`,
		"I'm thinking about this", "", call("special_function", `{"arg1":1}`)) // K3
	expect(t, "Hello, world!\nWhat's up?"+k1, "", "Hello, world!\nWhat's up?", call("get_weather", `{"city":"Paris"}`)) // K4
	k5 := `invalid_tool:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`
	expect(t, k5, "", k5) // K5
	expect(t, `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}`, "", "",
		call("get_weather", `{"city":"Paris"}`)) // K6, completed by the end of the response
}

func TestKimi(t *testing.T) {
	// Calls inside reasoning, no section, no end markers.
	expect(t, `<think>I need to call two functions<|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_begin|>functions.python:1<|tool_call_argument_begin|>{"code": "print('hey')"}`,
		"I need to call two functions", "", call("special_function", `{"arg1":1}`), call("python", `{"code":"print('hey')"}`))
	expect(t, `<|tool_call_begin|>functions.execute_command:0<|tool_call_argument_begin|>{"command": "ls -lah", "cwd": "/home/user/development/exllamav3", "timeout": 10}`, "", "",
		call("execute_command", `{"command":"ls -lah","cwd":"/home/user/development/exllamav3","timeout":10}`))
	expect(t, `<|tool_call_section_begin|><|tool_call_begin|>get_weather:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_call_section_end|>`, "", "", call("get_weather", `{}`))
	expect(t, `<|tool_calls_section_begin|><|tool_call_begin|>functions.math.factorial:3<|tool_call_argument_begin|>{"n": 5}<|tool_call_end|><|tool_calls_section_end|><|im_end|>`, "", "", call("math.factorial", `{"n":5}`))
	expect(t, `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{bad<|tool_call_end|><|tool_call_begin|>functions.g:1<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>`, "",
		`<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{bad<|tool_call_end|>`, call("g", `{}`))
	expect(t, "Answer.<|im_end|>", "", "Answer.")
	if got := streamtest.IDs(kimik2.Format, `<|tool_call_begin|>functions.f:7<|tool_call_argument_begin|>{}`, stream.WithIDs(func(c toolcall.Call) string { return "x" + c.ID })); len(got) != 1 || got[0] != "xfunctions.f:7" {
		t.Errorf("WithIDs: %v", got)
	}
}

var documents = []string{
	`<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`,
	`Hmm</think>Ok<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_begin|>g:1<|tool_call_argument_begin|>{}`,
	"<|tool_calls_section_begin|>", "<|tool_call_begin|>", "<|tool_call_argument_begin|>", "<|tool_call_end|>", "<|tool_calls_section_end|>", "<|im_end|>", "<think>", "</think>",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormat(t, kimik2.Format, documents)
}

// FuzzKimiK2 checks the stream's promises on any document in random
// deltas.
func FuzzKimiK2(f *testing.F) {
	streamtest.Fuzz(f, kimik2.Format, toolcall.Request{}, documents)
}
