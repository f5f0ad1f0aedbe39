package qwen3coder_test

import (
	"testing"

	"github.com/toolparse/toolparse/qwen3coder"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

// tc is a row of a behaviour table (a local type, so rows need no keys).
type tc streamtest.Case

// expect parses doc with tools, whole and split every way, and checks
// content and calls.
func expect(t *testing.T, tools []toolcall.Tool, doc, content string, calls ...toolcall.Call) {
	t.Helper()
	streamtest.Expect(t, qwen3coder.Format, toolcall.Request{Tools: tools}, doc, content, calls)
}

// TestExamples has every example of the qwen3_coder section of
// FORMATS-MORE.md (the stream trims the whitespace that borders content).
func TestExamples(t *testing.T) {
	weather := streamtest.Tool("get_current_weather", `{"type":"object","properties":{"city":{"type":"string"},"state":{"type":"string"},"unit":{"type":"string","enum":["celsius","fahrenheit"]}}}`)
	expect(t, []toolcall.Tool{weather}, "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>", "",
		call("get_current_weather", `{"city":"Dallas","state":"TX","unit":"fahrenheit"}`)) // Q1
	area := streamtest.Tool("calculate_area", `{"type":"object","properties":{"shape":{"type":"string"},"dimensions":{"type":"object"},"precision":{"type":"integer"}}}`)
	expect(t, []toolcall.Tool{area}, "<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{\"width\": 10, \n \"height\": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>", "",
		call("calculate_area", `{"shape":"rectangle","dimensions":{"width":10,"height":20},"precision":2}`)) // Q2
	types := streamtest.Tool("test_types", `{"type":"object","properties":{"int_param":{"type":"integer"},"float_param":{"type":"number"},"bool_param":{"type":"boolean"},"str_param":{"type":"string"},"obj_param":{"type":"object"}}}`)
	expect(t, []toolcall.Tool{types}, "<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n<parameter=obj_param>\n{\"key\": \"value\"}\n</parameter>\n</function>\n</tool_call>", "",
		call("test_types", `{"int_param":42,"float_param":3.14,"bool_param":true,"str_param":"hello world","obj_param":{"key":"value"}}`)) // Q3
	expect(t, nil, "<tool_call>\n<function=python>\n<parameter=code>\ndef hello():\n    print(\"Hello, world!\")\n\nhello()\n</parameter>\n</function>\n</tool_call>", "",
		call("python", `{"code":"def hello():\n    print(\"Hello, world!\")\n\nhello()"}`)) // Q4
	expect(t, nil, "<tool_call>\n<function=edit>\n<parameter=filename>\nfoo.c\n</parameter>\n<parameter=oldString>\n#iclunde\n</parameter>\n<parameter=newString>\n#include\n\n</parameter>\n</function>\n</tool_call>", "",
		call("edit", `{"filename":"foo.c","oldString":"#iclunde","newString":"#include\n"}`)) // Q5
	special := streamtest.Tool("special_function", `{"type":"object","properties":{"arg1":{"type":"integer"}}}`)
	expect(t, []toolcall.Tool{special}, "Let me call it.\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>", "Let me call it.",
		call("special_function", `{"arg1":1}`)) // Q6
	expect(t, nil, "<tool_call>\n<function=get_current_weather>\n</function>\n</tool_call>", "", call("get_current_weather", `{}`)) // Q7
	expect(t, nil, "<function=exec>\n<parameter=command>\nls && echo \"a > b and a < b\"\n</parameter>\n</function>", "",
		call("exec", `{"command":"ls && echo \"a > b and a < b\""}`)) // Q8
	// Q9: the prompt opened the reasoning.
	streamtest.ExpectReasoning(t, qwen3coder.Format, toolcall.Request{}, "I should inspect the directory.\n</think>\n\nLet me inspect it now.\n<tool_call>\n<function=run_in_terminal>\n<parameter=command>\npwd\n</parameter>\n</function>\n</tool_call>",
		"I should inspect the directory.", "Let me inspect it now.", []toolcall.Call{call("run_in_terminal", `{"command":"pwd"}`)}, stream.StartInReasoning())
}

func TestQwen3Coder(t *testing.T) {
	streamtest.Run(t, qwen3coder.Format, []tc{
		{"two calls separated by a newline", "<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=g>\n</function>\n</tool_call>", nil, "",
			[]toolcall.Call{call("f", `{"a":"x"}`), call("g", `{}`)}},
		{"prose between and after calls", "A\n<tool_call>\n<function=f>\n</function>\n</tool_call>\nB", nil, "A\n\nB", []toolcall.Call{call("f", `{}`)}},
		{"a missing </tool_call> at the end", "<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n</function>\n", nil, "", []toolcall.Call{call("f", `{"a":"x"}`)}},
		{"a missing </function> and </tool_call> at the end", "<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n", nil, "", []toolcall.Call{call("f", `{"a":"x"}`)}},
		{"a missing </parameter> closed by the next parameter", "<tool_call>\n<function=f>\n<parameter=a>\nx\n<parameter=b>\ny\n</parameter>\n</function>\n</tool_call>", nil, "",
			[]toolcall.Call{call("f", `{"a":"x","b":"y"}`)}},
		{"a missing </parameter> closed by </function>", "<tool_call>\n<function=f>\n<parameter=a>\nx\n</function>\n</tool_call>", nil, "", []toolcall.Call{call("f", `{"a":"x"}`)}},
		{"</parameter> inside a value that does not close it", "<tool_call>\n<function=write>\n<parameter=text>\nuse </parameter> to close\n</parameter>\n</function>\n</tool_call>", nil, "",
			[]toolcall.Call{call("write", `{"text":"use </parameter> to close"}`)}},
		{"</parameter without > in a value", "<tool_call>\n<function=f>\n<parameter=a>\n</parameter_x and <b>\n</parameter>\n</function>\n</tool_call>", nil, "",
			[]toolcall.Call{call("f", `{"a":"</parameter_x and <b>"}`)}},
		{"only one newline stripped each side", "<tool_call>\n<function=f>\n<parameter=a>\n\n  indented\n\n</parameter>\n</function>\n</tool_call>", nil, "",
			[]toolcall.Call{call("f", `{"a":"\n  indented\n"}`)}},
		{"a value with no newlines", "<tool_call><function=f><parameter=a>x</parameter></function></tool_call>", nil, "", []toolcall.Call{call("f", `{"a":"x"}`)}},
		// A tag for a key already set is no structure: text in the value
		// (a file that holds the format's tags never redirects a write).
		{"the value's own key written again: the last value wins", "<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n<parameter=a>\n2\n</parameter>\n</function>\n</tool_call>", nil, "", []toolcall.Call{call("f", `{"a":"2"}`)}},
		{"a key set before is text in the value", "<tool_call>\n<function=f>\n<parameter=b>\n1\n</parameter>\n<parameter=a>\nx\n</parameter>\n<parameter=b>\n2\n</parameter>\n</function>\n</tool_call>", []string{"f"}, "", []toolcall.Call{call("f", `{"b":"1","a":"x\n</parameter>\n<parameter=b>\n2"}`)}},
		{"an unrendered template is no call", "<tool_call>\n<function={{ tc.name }}>\n</function>\n</tool_call>", nil, "<tool_call>\n<function={{ tc.name }}>\n</function>\n</tool_call>", nil},
		{"a block that is not calls is content", "<tool_call>\nhello\n</tool_call>", nil, "<tool_call>\nhello\n</tool_call>", nil},
		{"JSON arguments in a function tag", "<function=f>{\"a\": 1}</function>", nil, "", []toolcall.Call{call("f", `{"a":1}`)}},
		{"hyphenated and dotted names", "<tool_call>\n<function=sub-task.end>\n</function>\n</tool_call>", nil, "", []toolcall.Call{call("sub-task.end", `{}`)}},
		{"a new <tool_call> ends an unclosed one", "<tool_call>\n<function=f>\n</function>\n<tool_call>\n<function=g>\n</function>\n</tool_call>", nil, "",
			[]toolcall.Call{call("f", `{}`), call("g", `{}`)}},
		{"end of turn consumed", "<tool_call>\n<function=f>\n</function>\n</tool_call><|im_end|>", nil, "", []toolcall.Call{call("f", `{}`)}},
		{"end of turn ends an open block", "<tool_call>\n<function=f>\n</function>\n<|im_end|>", nil, "", []toolcall.Call{call("f", `{}`)}},
		{"a partial marker at the end is prose", "see <function", nil, "see <function", nil},
		{"an orphan </tool_call> is dropped", "Done.</tool_call>", nil, "Done.", nil},
		{"a value holding the format's own tags", "<tool_call>\n<function=write>\n<parameter=doc>\nUse <tool_call> and <function=f> then </tool_call>.\n</parameter>\n</function>\n</tool_call>", nil, "",
			[]toolcall.Call{call("write", `{"doc":"Use <tool_call> and <function=f> then </tool_call>."}`)}},
		{"non-ASCII values", "<tool_call>\n<function=f>\n<parameter=city>\nZürich 東京\n</parameter>\n</function>\n</tool_call>", nil, "", []toolcall.Call{call("f", `{"city":"Zürich 東京"}`)}},
	})
}

// TestTyping: values are typed by the tool's schema.
func TestTyping(t *testing.T) {
	tl := streamtest.Tool("f", `{"type":"object","properties":{
		"n":{"type":"integer"}, "x":{"type":"number"}, "b":{"type":"boolean"}, "s":{"type":"string"},
		"o":{"type":"object"}, "l":{"type":"array"}, "ns":{"type":["string","null"]}, "any":{"anyOf":[{"type":"integer"},{"type":"null"}]},
		"zip":{"type":"string"}}}`)
	doc := func(key, val string) string {
		return "<tool_call>\n<function=f>\n<parameter=" + key + ">\n" + val + "\n</parameter>\n</function>\n</tool_call>"
	}
	for _, tt := range []struct{ key, val, want string }{
		{"n", "42", `{"n":42}`},
		{"x", "3.5", `{"x":3.5}`},
		{"b", "True", `{"b":true}`},
		{"s", "42", `{"s":"42"}`},
		{"zip", "03106", `{"zip":"03106"}`},
		{"s", "null", `{"s":"null"}`},
		{"ns", "null", `{"ns":null}`},
		{"any", "None", `{"any":null}`},
		{"o", "{'k': 'v'}", `{"o":{"k":"v"}}`},
		{"l", "[1, 2]", `{"l":[1,2]}`},
		{"s", `"foo"`, `{"s":"\"foo\""}`},
		{"n", "2026-01-15", `{"n":"2026-01-15"}`}, // does not fit: kept, with a diagnostic
		{"unknown", "7", `{"unknown":"7"}`},
	} {
		expect(t, []toolcall.Tool{tl}, doc(tt.key, tt.val), "", call("f", tt.want))
	}
	res := stream.Parse(qwen3coder.Format, doc("n", "2026-01-15"), toolcall.Request{Tools: []toolcall.Tool{tl}})
	if len(res.Diagnostics) == 0 || res.Diagnostics[0].Kind != toolcall.KindSchema {
		t.Errorf("an integer that does not parse: diagnostics %v, want a schema diagnostic", res.Diagnostics)
	}
}

var documents = []string{
	"<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n</function>\n</tool_call>",
	"Sure.\n<function=g>\n<parameter=code>\nif a < b:\n    pass\n</parameter>\n</function>\n</tool_call> Done.",
	"<tool_call>\n<function=f>\n<parameter=a>\n</parameter> x\n</parameter>\n</function>",
	"<tool_call>", "</tool_call>", "<function=", "</function>", "<parameter=", "</parameter>", "<|im_end|>", "<think>", "</think>",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormat(t, qwen3coder.Format, documents)
}

// FuzzQwen3Coder checks the stream's promises on any document in random
// deltas.
func FuzzQwen3Coder(f *testing.F) {
	streamtest.Fuzz(f, qwen3coder.Format, toolcall.Request{}, documents)
}
