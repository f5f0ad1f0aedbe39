package mistral_test

import (
	"testing"

	"github.com/toolparse/toolparse/mistral"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var expect = streamtest.Expecter(mistral.Format, toolcall.Request{})

// TestExamples has every example of the mistral section of
// FORMATS-MORE.md.
func TestExamples(t *testing.T) {
	expect(t, `[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"TOOL", "content":"Use weather API"}}]`, "", "",
		streamtest.Call("make_next_step_decision", `{"decision":"TOOL","content":"Use weather API"}`)) // M1
	expect(t, `Here is some text before the tool call: [TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"ANSWER", "content":"The answer is 42"}}]`, "",
		"Here is some text before the tool call:", streamtest.Call("make_next_step_decision", `{"decision":"ANSWER","content":"The answer is 42"}`)) // M2
	expect(t, `[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"","content":"`+"```\\nTOOL: [City Name] - [Weather Conditions] - [Temperature]\\n```"+`"}}]`, "", "",
		streamtest.Call("make_next_step_decision", `{"decision":"","content":"`+"```\\nTOOL: [City Name] - [Weather Conditions] - [Temperature]\\n```"+`"}`)) // M3
	m4 := `[TOOL_CALLS][{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]`
	expect(t, m4, "", "", streamtest.Call("special_function", `{"arg1":1}`)) // M4
	if got := streamtest.IDs(mistral.Format, m4); len(got) != 1 || got[0] != "123456789" {
		t.Errorf("M4 IDs = %v", got)
	}
	m5 := `[TOOL_CALLS]special_function[CALL_ID]000000001[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[CALL_ID]000000002[ARGS]{"arg1": 1, "arg2": 2}`
	expect(t, m5, "", "", streamtest.Call("special_function", `{"arg1":1}`), streamtest.Call("special_function_with_opt", `{"arg1":1,"arg2":2}`)) // M5
	if got := streamtest.IDs(mistral.Format, m5); len(got) != 2 || got[0] != "000000001" || got[1] != "000000002" {
		t.Errorf("M5 IDs = %v", got)
	}
	expect(t, "Hello, world!\nWhat's up?[TOOL_CALLS]special_function[ARGS]{\"arg1\": 1}", "", "Hello, world!\nWhat's up?", streamtest.Call("special_function", `{"arg1":1}`)) // M6
	expect(t, "[THINK]I'm\nthinking[/THINK][TOOL_CALLS]special_function[ARGS]{\"arg1\":1}", "I'm\nthinking", "", streamtest.Call("special_function", `{"arg1":1}`))           // M7
	expect(t, "hello [TOOL_CALLS]get_weather[ARGS]{}", "", "hello", streamtest.Call("get_weather", `{}`))                                                                     // M8
}

func TestMistral(t *testing.T) {
	expect(t, `[TOOL_CALLS]f[ARGS]{"a": 1} And some text after.`, "", "And some text after.", streamtest.Call("f", `{"a":1}`))
	expect(t, `[TOOL_CALLS]f[ARGS]{"a": 1}</s>`, "", "", streamtest.Call("f", `{"a":1}`))
	expect(t, `[TOOL_CALLS]f[ARGS]{"a": 1`, "", `[TOOL_CALLS]f[ARGS]{"a": 1`)
	expect(t, `[TOOL_CALLS]f{"a": 1}`, "", "", streamtest.Call("f", `{"a":1}`))
	expect(t, `[TOOL_CALLS] just words`, "", `[TOOL_CALLS] just words`)
	expect(t, "[THINK]maybe [TOOL_CALLS]f[ARGS]{}[/THINK]Answer.", "maybe [TOOL_CALLS]f[ARGS]{}", "Answer.")
	expect(t, `[TOOL_CALLS]f[ARGS]{"s": "}] and [TOOL_CALLS] inside"}`, "", "", streamtest.Call("f", `{"s":"}] and [TOOL_CALLS] inside"}`))
	expect(t, `A [link](x) stays [prose].`, "", `A [link](x) stays [prose].`)
	for _, id := range streamtest.IDs(mistral.Format, `[TOOL_CALLS]f[ARGS]{}[TOOL_CALLS]g[ARGS]{}`) {
		if len(id) != 9 {
			t.Errorf("generated ID %q is not 9 letters and digits", id)
		}
		for _, r := range id {
			if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
				t.Errorf("generated ID %q is not 9 letters and digits", id)
			}
		}
	}
}

var documents = []string{
	`[TOOL_CALLS] [{"name":"f", "arguments":{"a":"[x]"}, "id": "abcdefghi"}]`,
	`Hi[TOOL_CALLS]f[CALL_ID]000000001[ARGS]{"a": 1}[TOOL_CALLS]g[ARGS]{} bye`,
	"[TOOL_CALLS]", "[ARGS]", "[CALL_ID]", "</s>", "[THINK]", "[/THINK]",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormat(t, mistral.Format, documents)
}

// FuzzMistral checks the stream's promises on any document in random
// deltas.
func FuzzMistral(f *testing.F) {
	streamtest.Fuzz(f, mistral.Format, toolcall.Request{}, documents)
}
