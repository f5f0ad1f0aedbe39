package glm45_test

import (
	"testing"

	"github.com/toolparse/toolparse/glm45"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

var call = streamtest.Call

var tool = streamtest.Tool

func expect(t *testing.T, tools []toolcall.Tool, doc, reasoning, content string, calls ...toolcall.Call) {
	t.Helper()
	streamtest.ExpectReasoning(t, glm45.Format, toolcall.Request{Tools: tools}, doc, reasoning, content, calls)
}

// TestExamples has every example of the glm45 section of FORMATS-MORE.md.
func TestExamples(t *testing.T) {
	z1 := "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2024-06-27</arg_value>\n</tool_call>"
	expect(t, nil, z1, "", "", call("get_weather", `{"city":"Beijing","date":"2024-06-27"}`)) // Z1
	z2 := z1 + "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Shanghai</arg_value>\n<arg_key>date</arg_key>\n<arg_value>2024-06-28</arg_value>\n</tool_call>"
	expect(t, nil, z2, "", "", call("get_weather", `{"city":"Beijing","date":"2024-06-27"}`), call("get_weather", `{"city":"Shanghai","date":"2024-06-28"}`)) // Z2
	special := []toolcall.Tool{tool("special_function", `{"type":"object","properties":{"arg1":{"type":"integer"}}}`)}
	expect(t, special, "<tool_call>special_function\n<arg_key>arg1</arg_key>\n<arg_value>1</arg_value>\n</tool_call>", "", "", call("special_function", `{"arg1":1}`))                             // Z3
	expect(t, special, "I'm\nthinking</think><tool_call>special_function<arg_key>arg1</arg_key><arg_value>1</arg_value></tool_call>", "I'm\nthinking", "", call("special_function", `{"arg1":1}`)) // Z4
	expect(t, nil, "Let me read the diff content.</think><tool_call>read_file_diff_md</tool_call>", "Let me read the diff content.", "", call("read_file_diff_md", `{}`))                          // Z5
	z6tools := []toolcall.Tool{
		tool("magic_int", `{"type":"object","properties":{"ref":{"type":"integer"},"name":{"type":"string"}}}`),
		tool("amount", `{"type":"object","properties":{"orig":{"type":"number"}}}`),
		tool("toggle", `{"type":"object","properties":{"enabled":{"type":"boolean"}}}`),
		tool("empty_args", `{"type":"object","properties":{}}`),
	}
	expect(t, z6tools, "Preparing updates.<tool_call>magic_int<arg_key>ref</arg_key><arg_value>42</arg_value><arg_key>name</arg_key><arg_value>上海</arg_value></tool_call><tool_call>amount<arg_key>orig</arg_key><arg_value>2.5</arg_value></tool_call><tool_call>toggle<arg_key>enabled</arg_key><arg_value>true</arg_value></tool_call><tool_call>empty_args</tool_call>",
		"", "Preparing updates.", call("magic_int", `{"ref":42,"name":"上海"}`), call("amount", `{"orig":2.5}`), call("toggle", `{"enabled":true}`), call("empty_args", `{}`)) // Z6
	todo := []toolcall.Tool{tool("todo_write", `{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object"}}}}`)}
	expect(t, todo, "<tool_call>todo_write\n<arg_key>todos</arg_key>\n<arg_value>[{\"id\": \"1\", \"task\": \"Check\", \"status\": \"in_progress\"}, {\"id\": \"2\", \"task\": \"Fix\", \"status\": \"pending\"}]</arg_value>\n</tool_call>", "", "",
		call("todo_write", `{"todos":[{"id":"1","task":"Check","status":"in_progress"},{"id":"2","task":"Fix","status":"pending"}]}`)) // Z7
}

func TestGLM(t *testing.T) {
	weather := []toolcall.Tool{tool("get_weather", `{"type":"object","properties":{"location":{"type":"string"},"unit":{"type":"string"}}}`)}
	expect(t, nil, "Checking.\n<tool_call>f\n<arg_key>code</arg_key>\n<arg_value>if a < b:\n  print(\"<tool_call> and </think>\")</arg_value>\n</tool_call>\nDone.", "", "Checking.\n\nDone.",
		call("f", `{"code":"if a < b:\n  print(\"<tool_call> and </think>\")"}`))
	expect(t, nil, "<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n", "", "", call("f", `{"a":"1"}`))
	expect(t, nil, "<tool_call>f<arg_key>doc</arg_key><arg_value>ends with </tool_call> and <tool_call>g</tool_call></arg_value></tool_call>", "", "",
		call("f", `{"doc":"ends with </tool_call> and <tool_call>g</tool_call>"}`))
	// In a call to an offered tool, a tag for a key set before the value
	// is no structure: text in the value; the value's own key written
	// again is: the last value wins.
	f := []toolcall.Tool{{Name: "f"}}
	expect(t, f, "<tool_call>f<arg_key> a </arg_key><arg_value>x</arg_value><arg_key>a</arg_key><arg_value>y</arg_value></tool_call>", "", "", call("f", `{"a":"y"}`))
	expect(t, f, "<tool_call>f<arg_key>b</arg_key><arg_value>1</arg_value><arg_key>a</arg_key><arg_value>x</arg_value><arg_key>b</arg_key><arg_value>y</arg_value></tool_call>", "", "",
		call("f", `{"b":"1","a":"x</arg_value><arg_key>b</arg_key><arg_value>y"}`))
	// A call to a tool the request does not offer reads keys as the peers
	// do: a key given again is a new value, the last one winning (Ollama's
	// glm46 parser test "order preservation with identical key names").
	expect(t, nil, "<tool_call>test-function\n<arg_key>param</arg_key>\n<arg_value>first occurrence</arg_value>\n<arg_key>other</arg_key>\n<arg_value>middle</arg_value>\n<arg_key>param</arg_key>\n<arg_value>second occurrence</arg_value></tool_call>", "", "",
		call("test-function", `{"param":"second occurrence","other":"middle"}`))
	expect(t, nil, "<tool_call>not a call here</tool_call>", "", "<tool_call>not a call here</tool_call>")
	expect(t, nil, "<tool_call>f</tool_call><|user|>", "", "", call("f", `{}`))
	expect(t, nil, "Hi</tool_call>", "", "Hi")
	// Older GLM-4: the name on its own line, then JSON; only a requested tool, only alone.
	expect(t, weather, "get_weather\n{\"location\": \"Paris\", \"unit\": \"celsius\"}", "", "", call("get_weather", `{"location":"Paris","unit":"celsius"}`))
	expect(t, nil, "get_weather\n{\"location\": \"Paris\"}", "", "get_weather\n{\"location\": \"Paris\"}")
	expect(t, weather, "query_train_info\n{\"departure\": \"上海\"}", "", "query_train_info\n{\"departure\": \"上海\"}")
	expect(t, weather, "get_weather\n{\"location\": \"Paris\"}\nThen I will answer.", "", "get_weather\n{\"location\": \"Paris\"}\nThen I will answer.")
	expect(t, weather, "Sure\nI can help.", "", "Sure\nI can help.")
	// The prompt may have opened reasoning: undecided text with no </think> is content.
	expect(t, nil, "Just an answer.", "", "Just an answer.")
	expect(t, nil, "<think>Hmm.</think>Answer.", "Hmm.", "Answer.")
	streamtest.ExpectReasoning(t, glm45.Format, toolcall.Request{}, "Plain </think> stays", "", "Plain </think> stays", nil, stream.StartOutsideReasoning())
}

var documents = []string{
	"<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>",
	"Hmm</think>Ok.<tool_call>f<arg_key>a</arg_key><arg_value>x</arg_value></tool_call><tool_call>g</tool_call>",
	"f\n{\"a\": 1}",
	"<tool_call>", "</tool_call>", "<arg_key>", "<arg_value>", "</arg_value>", "<|user|>", "<think>", "</think>",
}

func TestProperties(t *testing.T) {
	streamtest.CheckFormatRequest(t, glm45.Format, toolcall.Request{Tools: streamtest.Tools("f", "g")}, documents)
}

// FuzzGLM45 checks the stream's promises on any document in random deltas.
func FuzzGLM45(f *testing.F) {
	streamtest.Fuzz(f, glm45.Format, toolcall.Request{Tools: streamtest.Tools("f")}, documents)
}

// Ling 3.0, which glm45 reads, ends its turn with <|role_end|>: consumed,
// never content, and what follows it is dropped with one end_of_turn
// diagnostic, as after GLM's own end-of-turn tokens.
func TestLingRoleEnd(t *testing.T) {
	expect(t, nil, "Hello.<|role_end|>", "", "Hello.")
	expect(t, nil, "<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value><|role_end|>", "", "", call("f", `{"a":"1"}`))
	doc := "Checking.<tool_call>f</tool_call><|role_end|><role>HUMAN</role>and now?<tool_call>f</tool_call>"
	expect(t, nil, doc, "", "Checking.", call("f", `{}`))
	res := stream.Parse(glm45.Format, doc, toolcall.Request{}, stream.StartOutsideReasoning())
	if ends := streamtest.CountDiagnostics(res.Diagnostics, toolcall.KindEndOfTurn); ends != 1 {
		t.Errorf("%d end_of_turn diagnostics, want 1: %+v", ends, res.Diagnostics)
	}
}
